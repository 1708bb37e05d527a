"""The ``change_set`` table: previewed stack updates, visible to their project and admins.

A change set the context may not see is reported exactly like a missing one.
"""

from collections.abc import Mapping
from typing import Any

import sqlalchemy as sa
from sqlalchemy import orm

from heat.common import exception
from heat.common.context import RequestContext
from heat.db.sqlalchemy import models
from heat.db.sqlalchemy.facade import reader, retry_on_deadlock, writer


def _visible(context: RequestContext) -> sa.ColumnElement[bool]:
    if context.is_admin:
        return sa.true()
    return models.ChangeSet.tenant == context.project_id


def _find(
    session: orm.Session, context: RequestContext, name_or_id: str, stack_id: str | None
) -> models.ChangeSet:
    by_id = sa.select(models.ChangeSet).where(models.ChangeSet.id == name_or_id)
    found = session.scalars(by_id.where(_visible(context))).first()
    if found is None and stack_id is not None:
        by_name = sa.select(models.ChangeSet).where(
            models.ChangeSet.stack_id == stack_id, models.ChangeSet.name == name_or_id
        )
        found = session.scalars(by_name.where(_visible(context))).first()
    if found is None or (stack_id is not None and found.stack_id != stack_id):
        raise exception.ChangeSetNotFound(change_set=name_or_id)
    return found


@retry_on_deadlock
def change_set_create(context: RequestContext, values: Mapping[str, Any]) -> models.ChangeSet:
    """Insert a change set; ChangeSetExists when the stack has one of that name."""
    with writer(context) as session:
        taken = sa.select(models.ChangeSet.id).where(
            models.ChangeSet.stack_id == values["stack_id"],
            models.ChangeSet.name == values["name"],
        )
        if session.scalar(taken) is not None:
            raise exception.ChangeSetExists(change_set=values["name"])
        change_set = models.ChangeSet()
        change_set.update(values)
        session.add(change_set)
        session.flush()
        return change_set


def change_set_get(
    context: RequestContext, name_or_id: str, stack_id: str | None = None
) -> models.ChangeSet:
    """The change set of that id, or of that name in the stack; ChangeSetNotFound."""
    with reader(context) as session:
        return _find(session, context, name_or_id, stack_id)


def change_set_get_all_by_stack(context: RequestContext, stack_id: str) -> list[models.ChangeSet]:
    """The stack's change sets, oldest first."""
    query = (
        sa.select(models.ChangeSet)
        .where(models.ChangeSet.stack_id == stack_id, _visible(context))
        .order_by(models.ChangeSet.created_at, models.ChangeSet.id)
    )
    with reader(context) as session:
        return list(session.scalars(query))


@retry_on_deadlock
def change_set_update(
    context: RequestContext, change_set_id: str, values: Mapping[str, Any]
) -> None:
    """Set ``values`` on the change set."""
    with writer(context) as session:
        session.execute(
            sa.update(models.ChangeSet)
            .where(models.ChangeSet.id == change_set_id, _visible(context))
            .values(**values)
        )


@retry_on_deadlock
def change_set_delete(context: RequestContext, change_set_id: str) -> None:
    """Delete the change set."""
    with writer(context) as session:
        session.execute(
            sa.delete(models.ChangeSet).where(
                models.ChangeSet.id == change_set_id, _visible(context)
            )
        )
