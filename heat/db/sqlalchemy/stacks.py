"""The ``stack`` table and its tags: create, read, update and soft-delete single stacks.

A stack is visible to admins, to its project (``tenant``) and to the stack-user project
that Heat created for it; soft-deleted stacks (``deleted_at`` set) only when asked.
"""

import datetime
from collections.abc import Iterable, Mapping
from typing import Any

import sqlalchemy as sa
from sqlalchemy import orm

from heat.common import exception
from heat.common.context import RequestContext
from heat.common.i18n import _
from heat.db.sqlalchemy import models, stack_list
from heat.db.sqlalchemy.facade import reader, retry_on_deadlock, rowcount, writer


def visible_to(context: RequestContext, stack: models.Stack) -> bool:
    """Whether ``context`` may see ``stack`` (admin, its project or its stack-user project)."""
    return context.is_admin or context.project_id in (stack.tenant, stack.stack_user_project_id)


def _project_filter(context: RequestContext) -> sa.ColumnElement[bool]:
    return sa.or_(
        models.Stack.tenant == context.project_id,
        models.Stack.stack_user_project_id == context.project_id,
    )


@retry_on_deadlock
def stack_create(context: RequestContext, values: Mapping[str, Any]) -> models.Stack:
    """Insert a stack from column ``values``; return it with its template loaded."""
    with writer(context) as session:
        stack = models.Stack()
        stack.update(values)
        session.add(stack)
        session.flush()
        session.refresh(stack, ["raw_template", "tags"])
        return stack


def stack_get(
    context: RequestContext,
    stack_id: str,
    show_deleted: bool = False,
    eager_load: bool = True,
    with_graph: bool = False,
) -> models.Stack | None:
    """The stack if ``context`` may see it, with tags (and its raw template if ``eager_load``);
    its convergence traversal's graph (``current_deps``, a node per resource, decoded at
    every read) only ``with_graph``."""
    options: list[Any] = [orm.joinedload(models.Stack.raw_template)] if eager_load else []
    if not with_graph:
        options.append(stack_list.WITHOUT_GRAPH)
    with reader(context) as session:
        stack = session.get(models.Stack, stack_id, options=options)
    if stack is None or not visible_to(context, stack):
        return None
    if stack.deleted_at is not None and not (show_deleted or context.show_deleted):
        return None
    return stack


def stack_get_by_name(context: RequestContext, stack_name: str) -> models.Stack | None:
    """The oldest live stack of that name in ``context``'s project, or None."""
    query = (
        sa.select(models.Stack)
        .where(models.Stack.name == stack_name, models.Stack.deleted_at.is_(None))
        .where(_project_filter(context))
        .order_by(models.Stack.created_at, models.Stack.id)
        .limit(1)
    )
    with reader(context) as session:
        return session.scalars(query).first()


@retry_on_deadlock
def stack_update(
    context: RequestContext,
    stack_id: str,
    values: Mapping[str, Any],
    exp_trvsl: str | None = None,
) -> bool:
    """Set ``values`` on a live stack, only if its traversal is ``exp_trvsl`` when given.
    ``updated_at`` (the stack's ``updated_time``) changes only when ``values`` set it: a
    stack's bookkeeping (its traversal, its template) is not an update of the stack.

    Returns whether a row changed; NotFound when the stack does not exist for ``context``.
    """
    values = {"updated_at": models.Stack.updated_at, **values}
    statement = sa.update(models.Stack).where(
        models.Stack.id == stack_id, models.Stack.deleted_at.is_(None)
    )
    if not context.is_admin:
        statement = statement.where(_project_filter(context))
    if exp_trvsl is not None:
        statement = statement.where(models.Stack.current_traversal == exp_trvsl)
    with writer(context) as session:
        updated = rowcount(session, statement.values(**values))
        if not updated and stack_get(context, stack_id, eager_load=False) is None:
            raise exception.NotFound(
                _("Attempt to update a stack with id: %s that does not exist") % stack_id
            )
    return updated > 0


@retry_on_deadlock
def stack_delete(context: RequestContext, stack_id: str) -> None:
    """Soft-delete the stack (``deleted_at``); its resources and their data, its change
    sets and drift detections, are removed."""
    with writer(context) as session:
        stack = stack_get(context, stack_id, eager_load=False)
        if stack is None:
            raise exception.NotFound(
                _("Attempt to delete a stack with id: %s that does not exist") % stack_id
            )
        resource_ids = sa.select(models.Resource.id).where(models.Resource.stack_id == stack_id)
        session.execute(
            sa.delete(models.ResourceData).where(models.ResourceData.resource_id.in_(resource_ids))
        )
        session.execute(sa.delete(models.Resource).where(models.Resource.stack_id == stack_id))
        session.execute(sa.delete(models.ChangeSet).where(models.ChangeSet.stack_id == stack_id))
        session.execute(sa.delete(models.StackDrift).where(models.StackDrift.stack_id == stack_id))
        session.execute(
            sa.update(models.Stack)
            .where(models.Stack.id == stack_id)
            .values(deleted_at=models.utcnow())
        )


@retry_on_deadlock
def stack_tags_set(context: RequestContext, stack_id: str, tags: Iterable[str] | None) -> list[str]:
    """Replace the stack's tags by ``tags`` (in that order); return them."""
    tags = list(tags or ())
    with writer(context) as session:
        session.execute(sa.delete(models.StackTag).where(models.StackTag.stack_id == stack_id))
        session.add_all(models.StackTag(stack_id=stack_id, tag=tag) for tag in tags)
    return tags


def stack_tags_get(context: RequestContext, stack_id: str) -> list[str]:
    """The stack's tags in the order they were set (empty when it has none)."""
    query = (
        sa.select(models.StackTag.tag)
        .where(models.StackTag.stack_id == stack_id)
        .order_by(models.StackTag.id)
    )
    with reader(context) as session:
        return list(session.scalars(query))


def stack_root_id(context: RequestContext, stack_id: str) -> str:
    """The id of the root of the stack's tree, found through the owners (the stack's own
    id when it has none)."""
    owner_of = sa.select(models.Stack.owner_id).where(models.Stack.id == sa.bindparam("id"))
    seen = [stack_id]
    with reader(context) as session:
        while (owner := session.scalar(owner_of, {"id": seen[-1]})) and owner not in seen:
            seen.append(owner)
    return seen[-1]


def stack_names_by_owner_id(context: RequestContext, owner_id: str) -> list[Any]:
    """``(id, name, tenant)`` rows of the nested stacks :func:`stack_get_all_by_owner_id`
    finds, without loading them: a listing names thousands."""
    stack = models.Stack
    query = sa.select(stack.id, stack.name, stack.tenant).where(
        stack.owner_id == owner_id, sa.or_(stack.backup.is_(None), stack.backup.is_(False))
    )
    if not context.show_deleted:
        query = query.where(stack.deleted_at.is_(None))
    with reader(context) as session:
        return list(session.execute(query))


def stack_get_all_by_owner_id(context: RequestContext, owner_id: str) -> list[models.Stack]:
    """The live nested stacks whose parent is ``owner_id`` (backup stacks left out), oldest first.

    Soft-deleted ones are included only for a context that shows deleted stacks.
    """
    stack = models.Stack
    query = (
        sa.select(stack)
        .where(stack.owner_id == owner_id, sa.or_(stack.backup.is_(None), stack.backup.is_(False)))
        .order_by(stack.created_at, stack.id)
        .options(orm.selectinload(stack.raw_template))
    )
    if not context.show_deleted:
        query = query.where(stack.deleted_at.is_(None))
    with reader(context) as session:
        return list(session.scalars(query))


def stack_get_status(
    context: RequestContext, stack_id: str
) -> tuple[str | None, str | None, str | None, datetime.datetime | None]:
    """The stack's ``(action, status, status_reason, updated_at)``; NotFound when there is none."""
    stack = models.Stack
    query = sa.select(stack.action, stack.status, stack.status_reason, stack.updated_at).where(
        stack.id == stack_id
    )
    with reader(context) as session:
        found = session.execute(query).first()
    if found is None:
        raise exception.NotFound(_("Stack with id %s not found") % stack_id)
    return found.action, found.status, found.status_reason, found.updated_at


def stack_get_traversal(context: RequestContext, stack_id: str) -> str | None:
    """The live stack's traversal in progress (``current_traversal``), read alone: what
    each step of a convergence traversal asks first. None when the stack is gone."""
    stack = models.Stack
    query = sa.select(stack.current_traversal).where(
        stack.id == stack_id, stack.deleted_at.is_(None)
    )
    with reader(context) as session:
        return session.scalar(query)


def stack_traversals_in_progress(context: RequestContext) -> list[tuple[str, str]]:
    """``(stack id, traversal id)`` of every live convergence stack with a traversal in
    progress, of every project: what recovery looks at each heartbeat, read without the
    stacks' templates and graphs."""
    stack = models.Stack
    query = sa.select(stack.id, stack.current_traversal).where(
        stack.status == "IN_PROGRESS",
        stack.convergence.is_(True),
        stack.current_traversal.is_not(None),
        stack.deleted_at.is_(None),
    )
    with reader(context) as session:
        return [(row.id, row.current_traversal) for row in session.execute(query)]


def stack_get_all_in_progress(context: RequestContext) -> list[models.Stack]:
    """Live stacks (nested included) whose status is IN_PROGRESS, of every project for an admin.

    The engine resets those whose engine died when it starts.
    """
    return stack_list.stack_get_all(context, filters={"status": "IN_PROGRESS"}, show_nested=True)
