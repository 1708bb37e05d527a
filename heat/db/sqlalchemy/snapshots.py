"""The ``snapshot`` table: stack snapshots, visible to their project (``tenant``) and admins.

A snapshot the context may not see is reported exactly like a missing one, as
OpenStack Heat does: NotFound "Snapshot with id ... not found".
"""

from collections.abc import Mapping
from typing import Any

import sqlalchemy as sa
from sqlalchemy import orm

from heat.common import exception
from heat.common.context import RequestContext
from heat.common.i18n import _
from heat.db.sqlalchemy import models
from heat.db.sqlalchemy.facade import reader, retry_on_deadlock, writer


def _visible(context: RequestContext) -> sa.ColumnElement[bool]:
    if context.is_admin:
        return sa.true()
    return models.Snapshot.tenant == context.project_id


def _get(session: orm.Session, context: RequestContext, snapshot_id: str) -> models.Snapshot:
    snapshot = session.get(models.Snapshot, snapshot_id)
    if snapshot is None or not (context.is_admin or snapshot.tenant == context.project_id):
        raise exception.NotFound(_("Snapshot with id %s not found") % snapshot_id)
    return snapshot


@retry_on_deadlock
def snapshot_create(context: RequestContext, values: Mapping[str, Any]) -> models.Snapshot:
    """Insert a snapshot from column ``values`` (``stack_id`` and ``tenant`` required)."""
    with writer(context) as session:
        snapshot = models.Snapshot()
        snapshot.update(values)
        session.add(snapshot)
        session.flush()
        return snapshot


def snapshot_get(context: RequestContext, snapshot_id: str) -> models.Snapshot:
    """The snapshot; NotFound when it is missing or belongs to another project."""
    with reader(context) as session:
        return _get(session, context, snapshot_id)


def snapshot_get_by_stack(
    context: RequestContext, snapshot_id: str, stack_id: str
) -> models.Snapshot:
    """The snapshot if it is one of the stack's; SnapshotNotFound when of another stack."""
    with reader(context) as session:
        snapshot = _get(session, context, snapshot_id)
        if snapshot.stack_id != stack_id:
            stack_name = session.scalar(
                sa.select(models.Stack.name).where(models.Stack.id == stack_id)
            )
            raise exception.SnapshotNotFound(snapshot=snapshot_id, stack=stack_name or stack_id)
    return snapshot


@retry_on_deadlock
def snapshot_update(
    context: RequestContext, snapshot_id: str, values: Mapping[str, Any]
) -> models.Snapshot:
    """Set ``values`` on the snapshot and return it; NotFound as :func:`snapshot_get`."""
    with writer(context) as session:
        snapshot = _get(session, context, snapshot_id)
        snapshot.update(values)
        session.flush()
        return snapshot


@retry_on_deadlock
def snapshot_delete(context: RequestContext, snapshot_id: str) -> None:
    """Delete the snapshot and its per-resource parts; NotFound as :func:`snapshot_get`."""
    with writer(context) as session:
        snapshot = _get(session, context, snapshot_id)
        session.execute(
            sa.delete(models.ResourceSnapshot).where(
                models.ResourceSnapshot.snapshot_id == snapshot_id
            )
        )
        session.delete(snapshot)


def snapshot_get_all_by_stack(context: RequestContext, stack_id: str) -> list[models.Snapshot]:
    """The stack's snapshots that ``context`` may see, oldest first."""
    query = (
        sa.select(models.Snapshot)
        .where(models.Snapshot.stack_id == stack_id, _visible(context))
        .order_by(models.Snapshot.created_at, models.Snapshot.id)
    )
    with reader(context) as session:
        return list(session.scalars(query))


def snapshot_count_all_by_stack(context: RequestContext, stack_id: str) -> int:
    """How many of the stack's snapshots ``context`` may see."""
    query = sa.select(sa.func.count(models.Snapshot.id)).where(
        models.Snapshot.stack_id == stack_id, _visible(context)
    )
    with reader(context) as session:
        return session.scalar(query) or 0
