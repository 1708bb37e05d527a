"""RPC payloads are plain JSON data, whatever Python values the engine returns."""

import datetime
import uuid

from heat.common import messaging


def serialize(entity):
    return messaging.JsonPayloadSerializer().serialize_entity(None, entity)


def test_json_data_passes_unchanged():
    template = {"resources": {"r": {"type": "T", "properties": {"n": [1, 2.5, None, True]}}}}
    assert serialize(template) == template


def test_datetimes_become_iso_text():
    moment = datetime.datetime(2026, 1, 2, 3, 4, 5)
    assert serialize({"at": moment}) == {"at": "2026-01-02T03:04:05.000000"}


def test_uuids_sets_and_tuples_become_text_and_lists():
    ident = uuid.UUID("12345678-1234-5678-1234-567812345678")
    result = serialize({"id": ident, "tags": {"a"}, "pair": (1, 2)})
    assert result == {"id": str(ident), "tags": ["a"], "pair": [1, 2]}
