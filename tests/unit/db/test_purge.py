"""purge_deleted: hard deletion of old soft-deleted stacks and everything hanging off them."""

import pytest

from heat.common import exception
from heat.db import api as db_api
from heat.db.sqlalchemy import models
from tests.unit.db import rows


def _deleted_stack(context, days_ago=10, **values):
    stack = rows.make_stack(context, **values)
    db_api.stack_update(context, stack.id, {"deleted_at": rows.ago(days=days_ago)})
    return stack


def _populate(stack):
    """Give the stack one row in every table that hangs off a stack."""
    properties = rows.add(models.ResourcePropertiesData(data={"size": 1}))
    resource = rows.add(
        models.Resource(stack_id=stack.id, name="r", rsrc_prop_data_id=properties.id)
    )
    rows.add(models.ResourceData(resource_id=resource.id, key="password", value="x"))
    rows.add(models.Event(stack_id=stack.id, rsrc_prop_data_id=properties.id))
    snapshot = rows.add(models.Snapshot(stack_id=stack.id, tenant="project-a"))
    rows.add(models.ResourceSnapshot(snapshot_id=snapshot.id, resource_name="r"))
    rows.add(models.StackTag(stack_id=stack.id, tag="t"))
    rows.add(models.StackLock(stack_id=stack.id, engine_id="e"))
    rows.add(models.SyncPoint(entity_id="x", traversal_id="t", is_update=True, stack_id=stack.id))
    rule = rows.add(models.WatchRule(name="rule-%s" % stack.id, stack_id=stack.id))
    rows.add(models.WatchData(watch_rule_id=rule.id, data={}))
    rows.add(models.WatchHistory(watch_rule_id=rule.id, item_type="StateUpdate"))


HANGING_OFF = (
    models.Resource,
    models.ResourceData,
    models.ResourcePropertiesData,
    models.Event,
    models.Snapshot,
    models.ResourceSnapshot,
    models.StackTag,
    models.StackLock,
    models.SyncPoint,
    models.WatchRule,
    models.WatchData,
    models.WatchHistory,
    models.RawTemplate,
    models.UserCreds,
)


def test_old_deleted_stack_goes_with_every_row_hanging_off_it(user_context):
    stack = _deleted_stack(user_context, user_creds_id=db_api.user_creds_create(user_context)["id"])
    _populate(stack)
    db_api.purge_deleted(age=1)
    assert rows.count(models.Stack) == 0
    assert {model.__tablename__: rows.count(model) for model in HANGING_OFF} == {
        model.__tablename__: 0 for model in HANGING_OFF
    }


def test_recently_deleted_stack_stays(user_context):
    _deleted_stack(user_context, days_ago=1)
    db_api.purge_deleted(age=2)
    assert rows.count(models.Stack) == 1


def test_live_stack_stays(user_context):
    rows.make_stack(user_context)
    db_api.purge_deleted(age=0)
    assert rows.count(models.Stack) == 1


def test_granularity_sets_the_unit_of_age(user_context):
    _deleted_stack(user_context, days_ago=1)
    db_api.purge_deleted(age=23, granularity="hours")
    assert rows.count(models.Stack) == 0


def test_nested_stacks_go_with_their_parent(user_context):
    parent = _deleted_stack(user_context)
    child = rows.make_stack(user_context, owner_id=parent.id)
    rows.make_stack(user_context, owner_id=child.id)
    db_api.purge_deleted(age=1)
    assert rows.count(models.Stack) == 0


def test_shared_credentials_stay_while_a_stack_uses_them(user_context):
    creds_id = db_api.user_creds_create(user_context)["id"]
    _deleted_stack(user_context, user_creds_id=creds_id)
    rows.make_stack(user_context, user_creds_id=creds_id)
    db_api.purge_deleted(age=1)
    assert rows.count(models.UserCreds) == 1


def test_template_files_go_with_their_last_template(user_context):
    files = rows.add(models.RawTemplateFiles(files={"a.yaml": "x"}))
    template = db_api.raw_template_create(user_context, {"template": {}, "files_id": files.id})
    _deleted_stack(user_context, raw_template_id=template.id)
    db_api.purge_deleted(age=1)
    assert rows.count(models.RawTemplateFiles) == 0


def test_project_id_limits_the_purge(user_context, other_context):
    _deleted_stack(user_context)
    _deleted_stack(other_context)
    db_api.purge_deleted(age=1, project_id="project-b")
    assert rows.count(models.Stack, tenant="project-b") == 0
    assert rows.count(models.Stack, tenant="project-a") == 1


def test_batches_purge_every_stack(user_context):
    for _ in range(5):
        _deleted_stack(user_context)
    db_api.purge_deleted(age=1, batch_size=2)
    assert rows.count(models.Stack) == 0


def test_old_deleted_services_go(admin_context):
    service = db_api.service_create(
        admin_context,
        {
            "engine_id": "e",
            "host": "h",
            "hostname": "n",
            "binary": "heat-engine",
            "topic": "engine",
            "report_interval": 60,
        },
    )
    db_api.service_delete(admin_context, service["id"])
    db_api.purge_deleted(age=0, granularity="seconds")
    assert rows.count(models.Service) == 0


def test_old_watch_data_goes(user_context):
    stack = rows.make_stack(user_context)
    rule = rows.add(models.WatchRule(name="rule", stack_id=stack.id))
    rows.add(models.WatchData(watch_rule_id=rule.id, created_at=rows.ago(days=3)))
    rows.add(models.WatchData(watch_rule_id=rule.id))
    db_api.purge_deleted(age=1)
    assert rows.count(models.WatchData) == 1


def test_old_alarm_history_goes_and_alarms_without_stack_stay(user_context):
    rule = rows.add(models.WatchRule(name="api-alarm", tenant="project-a"))
    old = rows.ago(days=3)
    rows.add(models.WatchHistory(watch_rule_id=rule.id, item_type="Action", created_at=old))
    rows.add(models.WatchHistory(watch_rule_id=rule.id, item_type="Action"))
    db_api.purge_deleted(age=1)
    assert rows.count(models.WatchHistory) == 1
    assert rows.count(models.WatchRule) == 1


@pytest.mark.parametrize(
    "arguments",
    [{"age": -1}, {"age": 1, "batch_size": 0}, {"age": 1, "granularity": "weeks"}],
)
def test_bad_arguments_are_invalid(database, arguments):
    with pytest.raises(exception.Invalid):
        db_api.purge_deleted(**arguments)
