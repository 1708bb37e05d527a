"""Resources and their properties data through heat.db.api, on every database backend."""

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


def _resource(context, stack, name="server", **values):
    values = {"name": name, "stack_id": stack.id, "root_stack_id": stack.id, **values}
    return db_api.resource_create(context, values)


def test_create_generates_id_and_uuid(user_context, stack):
    resource = _resource(user_context, stack, status="COMPLETE")
    assert resource.id > 0 and len(resource.uuid) == 36
    assert resource.data == []


def test_create_many_stores_every_row_in_order(user_context, stack):
    values = [{"name": "r%d" % index, "stack_id": stack.id} for index in range(1000)]
    created = db_api.resource_create_many(user_context, values)
    assert [resource.name for resource in created] == ["r%d" % index for index in range(1000)]
    assert rows.count(models.Resource, stack_id=stack.id) == 1000


def test_create_many_without_ordered_bulk_returning(user_context, stack, monkeypatch):
    # As on MySQL, whose INSERT has no RETURNING: the rows go in one by one.
    dialect = db_api.get_engine().dialect
    monkeypatch.setattr(dialect, "insert_executemany_returning_sort_by_parameter_order", False)
    values = [{"name": "r%d" % index, "stack_id": stack.id} for index in range(3)]
    created = db_api.resource_create_many(user_context, values)
    assert [(resource.name, resource.data) for resource in created] == [
        ("r0", []),
        ("r1", []),
        ("r2", []),
    ]
    assert len({resource.id for resource in created}) == 3


def test_get_returns_the_row_with_its_data(user_context, stack):
    resource = _resource(user_context, stack, nova_instance="vm-1")
    db_api.resource_data_set(user_context, resource.id, "key", "value")
    found = db_api.resource_get(user_context, resource.id)
    assert found.nova_instance == "vm-1"
    assert [(row.key, row.value) for row in found.data] == [("key", "value")]


def test_get_unknown_raises_not_found(user_context):
    with pytest.raises(exception.NotFound, match="resource with id 42 not found"):
        db_api.resource_get(user_context, 42)


def test_get_by_name_and_stack(user_context, stack):
    resource = _resource(user_context, stack, name="web")
    assert db_api.resource_get_by_name_and_stack(user_context, "web", stack.id).id == resource.id
    assert db_api.resource_get_by_name_and_stack(user_context, "db", stack.id) is None


def test_get_all_by_stack_keeps_the_newest_of_a_name(user_context, stack):
    _resource(user_context, stack, name="web")
    replacement = _resource(user_context, stack, name="web")
    other = _resource(user_context, stack, name="db")
    found = db_api.resource_get_all_by_stack(user_context, stack.id)
    assert {name: resource.id for name, resource in found.items()} == {
        "web": replacement.id,
        "db": other.id,
    }


def test_all_and_count_by_root_stack_include_nested_stacks(user_context, stack):
    nested = rows.make_stack(user_context, name="nested", owner_id=stack.id)
    _resource(user_context, stack, name="a")
    _resource(user_context, nested, name="b", root_stack_id=stack.id)
    found = db_api.resource_get_all_by_root_stack(user_context, stack.id)
    assert [resource.name for resource in found] == ["a", "b"]
    assert db_api.resource_count_by_root_stack(user_context, stack.id) == 2


def test_physical_id_lookup_finds_the_resource_of_the_project(user_context, stack):
    resource = _resource(user_context, stack, nova_instance="vm-1")
    found = db_api.resource_get_by_physical_resource_id(user_context, "vm-1")
    assert found.id == resource.id


def test_physical_id_lookup_hides_other_projects(user_context, other_context, stack):
    _resource(user_context, stack, nova_instance="vm-1")
    assert db_api.resource_get_by_physical_resource_id(other_context, "vm-1") is None


def test_physical_id_lookup_shows_any_project_to_admins(user_context, admin_context, stack):
    _resource(user_context, stack, nova_instance="vm-1")
    assert db_api.resource_get_by_physical_resource_id(admin_context, "vm-1") is not None


def test_update_sets_values_and_bumps_the_atomic_key(user_context, stack):
    resource = _resource(user_context, stack)
    assert db_api.resource_update(user_context, resource.id, {"status": "FAILED"}) is True
    updated = db_api.resource_get(user_context, resource.id)
    assert (updated.status, updated.atomic_key) == ("FAILED", 1)
    assert updated.updated_at is not None


def test_update_with_the_current_atomic_key_writes(user_context, stack):
    resource = _resource(user_context, stack, atomic_key=3)
    assert db_api.resource_update(user_context, resource.id, {"status": "X"}, atomic_key=3)
    assert db_api.resource_get(user_context, resource.id).atomic_key == 4


def test_update_with_a_stale_atomic_key_changes_nothing(user_context, stack):
    resource = _resource(user_context, stack, atomic_key=3, status="COMPLETE")
    assert not db_api.resource_update(user_context, resource.id, {"status": "X"}, atomic_key=2)
    found = db_api.resource_get(user_context, resource.id)
    assert (found.status, found.atomic_key) == ("COMPLETE", 3)


def test_update_expecting_no_engine_fails_when_one_holds_it(user_context, stack):
    resource = _resource(user_context, stack, engine_id="engine-a")
    changed = db_api.resource_update(
        user_context, resource.id, {"engine_id": "engine-b"}, expected_engine_id=None
    )
    assert changed is False
    assert db_api.resource_get(user_context, resource.id).engine_id == "engine-a"


def test_only_the_first_of_two_racing_updates_wins(user_context, stack):
    resource = _resource(user_context, stack)
    first = db_api.resource_update(
        user_context, resource.id, {"engine_id": "a"}, atomic_key=None, expected_engine_id=None
    )
    second = db_api.resource_update(
        user_context, resource.id, {"engine_id": "b"}, atomic_key=None, expected_engine_id=None
    )
    assert (first, second) == (True, False)


def test_update_many_sets_each_resource(user_context, stack):
    web, db = _resource(user_context, stack, name="web"), _resource(user_context, stack, name="db")
    db_api.resource_update_many(
        user_context, {web.id: {"status": "FAILED"}, db.id: {"nova_instance": "vm"}}
    )
    assert db_api.resource_get(user_context, web.id).status == "FAILED"
    assert db_api.resource_get(user_context, db.id).nova_instance == "vm"


def test_delete_removes_the_resource_its_data_and_unshared_properties(user_context, stack):
    properties_id = db_api.resource_prop_data_create(user_context, {"size": 1})
    resource = _resource(user_context, stack, rsrc_prop_data_id=properties_id)
    db_api.resource_data_set(user_context, resource.id, "key", "value")
    db_api.resource_delete(user_context, resource.id)
    assert rows.count(models.Resource) == rows.count(models.ResourceData) == 0
    assert db_api.resource_prop_data_get(user_context, properties_id) is None


def test_delete_keeps_properties_an_event_refers_to(user_context, stack):
    properties_id = db_api.resource_prop_data_create(user_context, {"size": 1})
    resource = _resource(user_context, stack, rsrc_prop_data_id=properties_id)
    db_api.event_create(user_context, {"stack_id": stack.id, "rsrc_prop_data_id": properties_id})
    db_api.resource_delete(user_context, resource.id)
    assert db_api.resource_prop_data_get(user_context, properties_id) == {"size": 1}


def test_delete_all_by_stack_leaves_other_stacks(user_context, stack):
    other = rows.make_stack(user_context, name="other")
    _resource(user_context, stack, name="a")
    kept = _resource(user_context, other, name="b")
    db_api.resource_delete_all_by_stack(user_context, stack.id)
    assert db_api.resource_get_all_by_stack(user_context, stack.id) == {}
    assert db_api.resource_get(user_context, kept.id).name == "b"


def test_properties_data_reads_back(user_context):
    properties_id = db_api.resource_prop_data_create(user_context, {"size": 1, "tags": ["a"]})
    assert db_api.resource_prop_data_get(user_context, properties_id) == {"size": 1, "tags": ["a"]}


def test_encrypted_properties_data_is_stored_encrypted(user_context):
    secret = {"secret": "correct horse battery staple"}
    properties_id = db_api.resource_prop_data_create(user_context, secret, encrypted=True)
    stored = rows.get(models.ResourcePropertiesData, properties_id)
    assert stored.encrypted is True and secret["secret"] not in str(stored.data)
    assert db_api.resource_prop_data_get(user_context, properties_id) == secret


def test_create_many_takes_rows_with_different_columns(user_context, stack):
    values = [
        {"name": "a", "stack_id": stack.id},
        {"name": "b", "stack_id": stack.id, "status": "COMPLETE", "requires": [1]},
        {"name": "c", "stack_id": stack.id},
    ]
    created = db_api.resource_create_many(user_context, values)
    assert [(r.name, r.status, r.requires) for r in created] == [
        ("a", None, []),
        ("b", "COMPLETE", [1]),
        ("c", None, []),
    ]


def test_a_replacement_row_is_current_and_the_row_it_replaces_its_copy(user_context, stack):
    old = db_api.resource_create(user_context, {"name": "a", "stack_id": stack.id})
    new = db_api.resource_create_replacing(
        user_context, old.id, {"name": "a", "stack_id": stack.id}
    )
    assert (new.replaces, new.replaced_by, new.data) == (old.id, None, [])
    assert db_api.resource_get(user_context, old.id).replaced_by == new.id
    assert db_api.resource_get_all_by_stack(user_context, stack.id)["a"].id == new.id
    assert [row.id for row in db_api.resource_get_replaced_by_stack(user_context, stack.id)] == [
        old.id
    ]
