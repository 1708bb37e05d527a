"""Batched writes of resource states, events, properties and data (journal_write)."""

import pytest

from heat.db import api as db_api
from heat.db.sqlalchemy import models
from tests.unit.db import rows


@pytest.fixture
def conf(conf, database_url):
    conf.set_override("connection", database_url, group="database")
    return conf


@pytest.fixture
def resource(user_context):
    stack = rows.make_stack(user_context)
    return db_api.resource_create(user_context, {"name": "r", "stack_id": stack.id})


def event(resource, status, **values):
    return {
        "stack_id": resource.stack_id,
        "resource_name": resource.name,
        "resource_action": "CREATE",
        "resource_status": status,
        **values,
    }


def test_states_events_properties_and_data_in_one_write(user_context, resource):
    entries = [
        db_api.JournalEntry(
            resource.id, {"status": "IN_PROGRESS"}, event(resource, "IN_PROGRESS"), {"a": 1}
        ),
        db_api.JournalEntry(resource.id, None, None, data=[("secret", "s3cr3t!", True)]),
        db_api.JournalEntry(resource.id, {"status": "COMPLETE"}, event(resource, "COMPLETE")),
    ]
    db_api.journal_write(user_context, entries)
    stored = db_api.resource_get(user_context, resource.id)
    assert stored.status == "COMPLETE"
    assert db_api.resource_prop_data_get(user_context, stored.rsrc_prop_data_id) == {"a": 1}
    events = db_api.event_get_all_by_stack(user_context, resource.stack_id, sort_keys=["id"])
    assert {e.rsrc_prop_data_id for e in events} == {stored.rsrc_prop_data_id}
    assert db_api.resource_data_get_all(user_context, resource.id) == {"secret": "s3cr3t!"}
    assert rows.count(models.ResourceData, value="s3cr3t!") == 0


def test_events_beyond_the_limit_are_purged(user_context, resource):
    entries = [
        db_api.JournalEntry(None, None, event(resource, "COMPLETE", resource_status_reason=str(i)))
        for i in range(7)
    ]
    db_api.journal_write(user_context, entries, max_events_per_stack=5, event_purge_batch_size=2)
    kept = db_api.event_get_all_by_stack(user_context, resource.stack_id)
    assert sorted(e.resource_status_reason for e in kept) == ["2", "3", "4", "5", "6"]


@pytest.mark.parametrize(
    "uuid_start, kept",
    [
        # Not among the ~2 in a batch that count: the stack is trimmed by a later write.
        ("ffffffff", 3),
        # Among them: the write counts its stack's events and deletes a batch of the
        # oldest (up to 200 here), as upstream's purge does.
        ("00000000", 0),
    ],
)
def test_a_small_write_counts_events_now_and_then(user_context, resource, uuid_start, kept):
    entries = [
        db_api.JournalEntry(
            None,
            None,
            event(resource, "COMPLETE", uuid="%s-0000-0000-0000-%012d" % (uuid_start, i)),
        )
        for i in range(3)
    ]
    db_api.journal_write(user_context, entries, max_events_per_stack=2, event_purge_batch_size=200)
    assert len(db_api.event_get_all_by_stack(user_context, resource.stack_id)) == kept
