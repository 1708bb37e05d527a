"""TEMP_URL_SIGNAL and OS::Heat::SwiftSignal read the versions of an object as signals,
as OpenStack Heat does: what a body may hold, how signals are numbered and replaced."""

import pytest

from heat.common import exception
from heat.engine.clients.os.swift import IN_PROGRESS
from heat.engine.resources import temp_url_signal
from heat.engine.resources.openstack.heat import swift_signal


def test_the_handles_initial_content_is_no_signal():
    assert temp_url_signal.signals_from_bodies([IN_PROGRESS]) == []


def test_an_empty_body_is_a_success_numbered_by_its_place():
    signals = temp_url_signal.signals_from_bodies([IN_PROGRESS, "", ""])
    assert signals == [
        {"data": None, "id": 1, "reason": "Signal 1 received", "status": "SUCCESS"},
        {"data": None, "id": 2, "reason": "Signal 2 received", "status": "SUCCESS"},
    ]


def test_a_json_body_gives_its_own_fields():
    body = '{"status": "FAILURE", "reason": "disk full", "data": {"a": 1}, "id": "x"}'
    assert temp_url_signal.signals_from_bodies([body]) == [
        {"status": "FAILURE", "reason": "disk full", "data": {"a": 1}, "id": "x"}
    ]


def test_a_signal_repeating_an_id_replaces_the_earlier_one():
    bodies = ['{"id": "a", "data": 1}', '{"id": "b"}', '{"id": "a", "data": 2}']
    signals = temp_url_signal.signals_from_bodies(bodies)
    assert [(signal["id"], signal["data"]) for signal in signals] == [("b", None), ("a", 2)]


def test_numbers_count_every_signal_written():
    bodies = ['{"id": 1}', '{"id": 1}', ""]
    assert [signal["id"] for signal in temp_url_signal.signals_from_bodies(bodies)] == [1, 3]


@pytest.mark.parametrize("body", ["not json", "[1, 2]"])
def test_a_body_that_is_no_json_object_is_an_error(body):
    with pytest.raises(exception.Error, match="Failed to parse JSON data"):
        temp_url_signal.signals_from_bodies([body])


def test_the_types_are_mapped_to_their_classes():
    assert swift_signal.resource_mapping() == {
        "OS::Heat::SwiftSignalHandle": swift_signal.SwiftSignalHandle,
        "OS::Heat::SwiftSignal": swift_signal.SwiftSignal,
    }
