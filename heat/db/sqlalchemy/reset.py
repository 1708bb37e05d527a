"""Operator recovery: mark a stack stuck IN_PROGRESS (after an engine crash) as FAILED.

The stack, its resources and its nested stacks move from IN_PROGRESS to FAILED, resource
locks and the stack lock are dropped, and pending hooks are forgotten, so that the
stack can be updated or deleted again.
"""

import sqlalchemy as sa
from sqlalchemy import orm

from heat.common import exception
from heat.common.context import RequestContext
from heat.db.sqlalchemy import models
from heat.db.sqlalchemy.facade import retry_on_deadlock, writer

RESET_REASON = "Stack status manually reset"
# Resource data keys that record a breakpoint hook waiting to be cleared.
HOOK_KEYS = ("pre-create", "pre-update", "pre-delete", "post-create", "post-update", "post-delete")
_IN_PROGRESS = "IN_PROGRESS"
_FAILED = {"status": "FAILED", "status_reason": RESET_REASON}


def _reset_one(session: orm.Session, stack_id: str) -> None:
    resource = models.Resource
    session.execute(
        sa.update(resource)
        .where(resource.stack_id == stack_id, resource.status == _IN_PROGRESS)
        .values(engine_id=None, **_FAILED)
    )
    stack_resources = sa.select(resource.id).where(resource.stack_id == stack_id)
    session.execute(
        sa.delete(models.ResourceData).where(
            models.ResourceData.resource_id.in_(stack_resources),
            models.ResourceData.key.in_(HOOK_KEYS),
        )
    )
    session.execute(
        sa.update(models.Stack)
        .where(models.Stack.id == stack_id, models.Stack.status == _IN_PROGRESS)
        .values(**_FAILED)
    )
    session.execute(sa.delete(models.StackLock).where(models.StackLock.stack_id == stack_id))


@retry_on_deadlock
def reset_stack_status(context: RequestContext, stack_id: str) -> None:
    """Reset the stack and everything nested under it; EntityNotFound for an unknown stack."""
    with writer(context) as session:
        if session.get(models.Stack, stack_id) is None:
            raise exception.EntityNotFound(entity="Stack", name=stack_id)
        pending = [stack_id]
        while pending:
            current = pending.pop()
            _reset_one(session, current)
            children = sa.select(models.Stack.id).where(models.Stack.owner_id == current)
            pending.extend(session.scalars(children))
