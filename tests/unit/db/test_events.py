"""Events: storing, purging beyond the per-stack limit, listing pages, on every backend."""

import pytest

from heat.common import exception
from heat.db import api as db_api
from heat.db.sqlalchemy import models
from tests.unit.db import rows


@pytest.fixture
def conf(conf, database_url):
    conf.set_override("connection", database_url, group="database")
    return conf


@pytest.fixture
def stack(user_context):
    return rows.make_stack(user_context)


def _events(context, stack, count, **values):
    """Store ``count`` events named e0, e1... (oldest first); return their uuids."""
    values_list = [
        {"stack_id": stack.id, "resource_name": "e%d" % index, **values} for index in range(count)
    ]
    return [event.uuid for event in db_api.event_create_many(context, values_list)]


def _names(events):
    return [event.resource_name for event in events]


def test_create_generates_a_uuid(user_context, stack):
    event = db_api.event_create(user_context, {"stack_id": stack.id, "resource_name": "server"})
    assert len(event.uuid) == 36 and event.created_at is not None


def test_get_by_uuid_finds_the_event_of_the_stack(user_context, stack):
    (uuid,) = _events(user_context, stack, 1)
    assert db_api.event_get_by_uuid(user_context, stack.id, uuid).resource_name == "e0"


def test_get_by_uuid_of_another_stack_is_none(user_context, stack):
    (uuid,) = _events(user_context, stack, 1)
    other = rows.make_stack(user_context, name="other")
    assert db_api.event_get_by_uuid(user_context, other.id, uuid) is None


def test_count_all_by_stack(user_context, stack):
    _events(user_context, stack, 3)
    assert db_api.event_count_all_by_stack(user_context, stack.id) == 3


def test_purge_keeps_the_newest_events_up_to_the_limit(user_context, stack):
    values_list = [{"stack_id": stack.id, "resource_name": "e%d" % i} for i in range(7)]
    db_api.event_create_many(user_context, values_list, max_events_per_stack=5, purge_batch_size=1)
    remaining = db_api.event_get_all_by_stack(user_context, stack.id, sort_dir="asc")
    assert _names(remaining) == ["e2", "e3", "e4", "e5", "e6"]


def test_purge_deletes_whole_batches(user_context, stack):
    values_list = [{"stack_id": stack.id, "resource_name": "e%d" % i} for i in range(7)]
    db_api.event_create_many(user_context, values_list, max_events_per_stack=5, purge_batch_size=3)
    assert db_api.event_count_all_by_stack(user_context, stack.id) == 4


def test_single_creates_purge_down_to_the_limit(user_context, stack):
    for index in range(4):
        db_api.event_create(
            user_context,
            {"stack_id": stack.id, "resource_name": "e%d" % index},
            max_events_per_stack=2,
            purge_batch_size=1,
        )
    remaining = db_api.event_get_all_by_stack(user_context, stack.id, sort_dir="asc")
    assert _names(remaining) == ["e2", "e3"]


def test_a_limit_of_zero_keeps_every_event(user_context, stack):
    values_list = [{"stack_id": stack.id} for _ in range(3)]
    db_api.event_create_many(user_context, values_list, max_events_per_stack=0, purge_batch_size=1)
    assert db_api.event_count_all_by_stack(user_context, stack.id) == 3


def test_purge_leaves_other_stacks_alone(user_context, stack):
    other = rows.make_stack(user_context, name="other")
    _events(user_context, other, 3)
    values_list = [{"stack_id": stack.id} for _ in range(3)]
    db_api.event_create_many(user_context, values_list, max_events_per_stack=1, purge_batch_size=1)
    assert db_api.event_count_all_by_stack(user_context, other.id) == 3


def test_purge_deletes_properties_data_nothing_else_refers_to(user_context, stack):
    only_event = db_api.resource_prop_data_create(user_context, {"a": 1})
    shared = db_api.resource_prop_data_create(user_context, {"b": 2})
    db_api.resource_create(user_context, {"stack_id": stack.id, "rsrc_prop_data_id": shared})
    values_list = [
        {"stack_id": stack.id, "rsrc_prop_data_id": only_event},
        {"stack_id": stack.id, "rsrc_prop_data_id": shared},
        {"stack_id": stack.id},
    ]
    db_api.event_create_many(user_context, values_list, max_events_per_stack=1, purge_batch_size=1)
    assert db_api.resource_prop_data_get(user_context, only_event) is None
    assert db_api.resource_prop_data_get(user_context, shared) == {"b": 2}


def test_list_is_newest_first_by_default(user_context, stack):
    _events(user_context, stack, 3)
    assert _names(db_api.event_get_all_by_stack(user_context, stack.id)) == ["e2", "e1", "e0"]


def test_list_sorted_by_event_time_is_oldest_first(user_context, stack):
    _events(user_context, stack, 3)
    events = db_api.event_get_all_by_stack(user_context, stack.id, sort_keys=["event_time"])
    assert _names(events) == ["e0", "e1", "e2"]


def test_list_sorted_by_resource_type_descending(user_context, stack):
    for resource_type in ("B", "A", "C"):
        db_api.event_create(user_context, {"stack_id": stack.id, "resource_type": resource_type})
    events = db_api.event_get_all_by_stack(
        user_context, stack.id, sort_keys="resource_type", sort_dir="desc"
    )
    assert [event.resource_type for event in events] == ["C", "B", "A"]


def test_list_ignores_unknown_sort_keys(user_context, stack):
    _events(user_context, stack, 2)
    events = db_api.event_get_all_by_stack(user_context, stack.id, sort_keys=["resource_name"])
    assert _names(events) == ["e1", "e0"]


def test_list_refuses_an_unknown_sort_direction(user_context, stack):
    with pytest.raises(exception.Invalid):
        db_api.event_get_all_by_stack(user_context, stack.id, sort_dir="sideways")


def test_list_pages_after_the_marker(user_context, stack):
    uuids = _events(user_context, stack, 5)
    page = db_api.event_get_all_by_stack(
        user_context, stack.id, limit=2, marker=uuids[1], sort_dir="asc"
    )
    assert _names(page) == ["e2", "e3"]


def test_list_with_an_unknown_marker_starts_at_the_first_page(user_context, stack):
    _events(user_context, stack, 3)
    page = db_api.event_get_all_by_stack(user_context, stack.id, limit=2, marker="missing")
    assert _names(page) == ["e2", "e1"]


def test_list_filters_on_a_value(user_context, stack):
    db_api.event_create(user_context, {"stack_id": stack.id, "resource_status": "FAILED"})
    db_api.event_create(user_context, {"stack_id": stack.id, "resource_status": "COMPLETE"})
    events = db_api.event_get_all_by_stack(
        user_context, stack.id, filters={"resource_status": "FAILED"}
    )
    assert [event.resource_status for event in events] == ["FAILED"]


def test_list_filters_on_any_of_a_list(user_context, stack):
    _events(user_context, stack, 3)
    events = db_api.event_get_all_by_stack(
        user_context, stack.id, filters={"resource_name": ["e0", "e2"]}, sort_dir="asc"
    )
    assert _names(events) == ["e0", "e2"]


def test_list_refuses_an_unknown_filter(user_context, stack):
    with pytest.raises(exception.Invalid):
        db_api.event_get_all_by_stack(user_context, stack.id, filters={"stack_id": "x"})


def test_list_by_stacks_merges_the_stacks(user_context, stack):
    nested = rows.make_stack(user_context, name="nested", owner_id=stack.id)
    _events(user_context, stack, 1)
    db_api.event_create(user_context, {"stack_id": nested.id, "resource_name": "n0"})
    events = db_api.event_get_all_by_stacks(user_context, [stack.id, nested.id], sort_dir="asc")
    assert _names(events) == ["e0", "n0"]


def test_event_properties_are_the_decrypted_properties_data(user_context, stack):
    properties_id = db_api.resource_prop_data_create(user_context, {"a": "x"}, encrypted=True)
    event = db_api.event_create(
        user_context, {"stack_id": stack.id, "rsrc_prop_data_id": properties_id}
    )
    assert db_api.event_properties(user_context, event) == {"a": "x"}


def test_event_without_properties_has_empty_properties(user_context, stack):
    event = db_api.event_create(user_context, {"stack_id": stack.id})
    assert db_api.event_properties(user_context, event) == {}


def test_create_many_stores_a_thousand_events(user_context, stack):
    _events(user_context, stack, 1000)
    assert rows.count(models.Event, stack_id=stack.id) == 1000
