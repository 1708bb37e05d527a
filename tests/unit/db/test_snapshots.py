"""Stack snapshots through heat.db.api, on every database backend."""

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
    return rows.make_stack(user_context, name="web")


def _snapshot(context, stack, name="snap", **values):
    values = {"stack_id": stack.id, "tenant": context.project_id, "name": name, **values}
    return db_api.snapshot_create(context, values)


def test_create_generates_an_id(user_context, stack):
    snapshot = _snapshot(user_context, stack, data={"resources": {}})
    assert len(snapshot.id) == 36
    assert db_api.snapshot_get(user_context, snapshot.id).data == {"resources": {}}


def test_get_unknown_raises_not_found(user_context):
    with pytest.raises(exception.NotFound, match="Snapshot with id missing not found"):
        db_api.snapshot_get(user_context, "missing")


def test_get_hides_snapshots_of_other_projects(user_context, other_context, stack):
    snapshot = _snapshot(user_context, stack)
    with pytest.raises(exception.NotFound):
        db_api.snapshot_get(other_context, snapshot.id)


def test_get_shows_any_snapshot_to_admins(user_context, admin_context, stack):
    snapshot = _snapshot(user_context, stack)
    assert db_api.snapshot_get(admin_context, snapshot.id).id == snapshot.id


def test_get_by_stack_returns_the_stack_snapshot(user_context, stack):
    snapshot = _snapshot(user_context, stack)
    assert db_api.snapshot_get_by_stack(user_context, snapshot.id, stack.id).id == snapshot.id


def test_get_by_stack_of_another_stack_raises_snapshot_not_found(user_context, stack):
    snapshot = _snapshot(user_context, stack)
    other = rows.make_stack(user_context, name="db")
    with pytest.raises(exception.SnapshotNotFound) as raised:
        db_api.snapshot_get_by_stack(user_context, snapshot.id, other.id)
    assert str(raised.value) == "The Snapshot (%s) for Stack (db) could not be found." % (
        snapshot.id
    )


def test_update_sets_values(user_context, stack):
    snapshot = _snapshot(user_context, stack, status="IN_PROGRESS")
    updated = db_api.snapshot_update(user_context, snapshot.id, {"status": "COMPLETE"})
    assert updated.status == "COMPLETE"
    assert db_api.snapshot_get(user_context, snapshot.id).status == "COMPLETE"


def test_update_of_another_project_raises_not_found(user_context, other_context, stack):
    snapshot = _snapshot(user_context, stack)
    with pytest.raises(exception.NotFound):
        db_api.snapshot_update(other_context, snapshot.id, {"status": "FAILED"})


def test_delete_removes_the_snapshot_and_its_resource_parts(user_context, stack):
    snapshot = _snapshot(user_context, stack)
    rows.add(models.ResourceSnapshot(snapshot_id=snapshot.id, resource_name="server"))
    db_api.snapshot_delete(user_context, snapshot.id)
    assert rows.count(models.Snapshot) == rows.count(models.ResourceSnapshot) == 0


def test_delete_unknown_raises_not_found(user_context):
    with pytest.raises(exception.NotFound):
        db_api.snapshot_delete(user_context, "missing")


def test_get_all_by_stack_is_oldest_first(user_context, stack):
    # Creation times a minute apart: MySQL keeps whole seconds and snapshot ids are random.
    for minutes_ago, name in ((1, "second"), (2, "first"), (0, "third")):
        _snapshot(user_context, stack, name=name, created_at=rows.ago(minutes=minutes_ago))
    found = db_api.snapshot_get_all_by_stack(user_context, stack.id)
    assert [snapshot.name for snapshot in found] == ["first", "second", "third"]


def test_get_all_and_count_leave_out_other_stacks(user_context, stack):
    _snapshot(user_context, stack)
    _snapshot(user_context, rows.make_stack(user_context, name="db"))
    assert len(db_api.snapshot_get_all_by_stack(user_context, stack.id)) == 1
    assert db_api.snapshot_count_all_by_stack(user_context, stack.id) == 1


def test_get_all_and_count_leave_out_other_projects(user_context, other_context, stack):
    _snapshot(user_context, stack)
    assert db_api.snapshot_get_all_by_stack(other_context, stack.id) == []
    assert db_api.snapshot_count_all_by_stack(other_context, stack.id) == 0
