"""reset_stack_status: recovering stacks stuck IN_PROGRESS."""

import pytest

from heat.common import exception
from heat.db import api as db_api
from heat.db.sqlalchemy import models
from tests.unit.db import rows

REASON = "Stack status manually reset"


def _stuck_stack(context, **values):
    return rows.make_stack(context, status="IN_PROGRESS", **values)


def test_stack_in_progress_becomes_failed(user_context, admin_context):
    stack = _stuck_stack(user_context)
    db_api.reset_stack_status(admin_context, stack.id)
    reset = rows.get(models.Stack, stack.id)
    assert (reset.status, reset.status_reason) == ("FAILED", REASON)


def test_resources_in_progress_become_failed_and_unlocked(user_context, admin_context):
    stack = _stuck_stack(user_context)
    resource = rows.add(models.Resource(stack_id=stack.id, status="IN_PROGRESS", engine_id="e"))
    db_api.reset_stack_status(admin_context, stack.id)
    reset = rows.get(models.Resource, resource.id)
    assert (reset.status, reset.status_reason, reset.engine_id) == ("FAILED", REASON, None)


def test_finished_resources_keep_their_status(user_context, admin_context):
    stack = _stuck_stack(user_context)
    resource = rows.add(models.Resource(stack_id=stack.id, status="COMPLETE"))
    db_api.reset_stack_status(admin_context, stack.id)
    assert rows.get(models.Resource, resource.id).status == "COMPLETE"


def test_finished_stack_keeps_its_status(user_context, admin_context):
    stack = rows.make_stack(user_context, status="COMPLETE")
    db_api.reset_stack_status(admin_context, stack.id)
    assert rows.get(models.Stack, stack.id).status == "COMPLETE"


def test_nested_stacks_are_reset(user_context, admin_context):
    parent = _stuck_stack(user_context)
    child = _stuck_stack(user_context, owner_id=parent.id)
    grandchild = _stuck_stack(user_context, owner_id=child.id)
    db_api.reset_stack_status(admin_context, parent.id)
    assert rows.get(models.Stack, grandchild.id).status == "FAILED"


def test_stack_lock_is_released(user_context, admin_context):
    stack = _stuck_stack(user_context)
    db_api.stack_lock_create(user_context, stack.id, "dead-engine")
    db_api.reset_stack_status(admin_context, stack.id)
    assert db_api.stack_lock_get_engine_id(user_context, stack.id) is None


def test_pending_hooks_are_forgotten(user_context, admin_context):
    stack = _stuck_stack(user_context)
    resource = rows.add(models.Resource(stack_id=stack.id, status="INIT"))
    rows.add(models.ResourceData(resource_id=resource.id, key="pre-create", value="True"))
    rows.add(models.ResourceData(resource_id=resource.id, key="password", value="x"))
    db_api.reset_stack_status(admin_context, stack.id)
    assert rows.count(models.ResourceData, key="pre-create") == 0
    assert rows.count(models.ResourceData, key="password") == 1


def test_unknown_stack_raises_entity_not_found(admin_context):
    with pytest.raises(exception.EntityNotFound):
        db_api.reset_stack_status(admin_context, "missing")
