"""Hard deletion of what was soft-deleted long enough ago (``heat-manage purge_deleted``).

Stacks go in batches, one transaction each, together with their nested stacks and every
row hanging off them. Rows that several stacks may share (templates, template files,
credentials, properties data) go only once nothing references them any more.
"""

import datetime
from collections.abc import Iterable
from typing import Any

import sqlalchemy as sa
from sqlalchemy import orm

from heat.common import context as heat_context
from heat.common import exception
from heat.common.context import RequestContext
from heat.common.i18n import _
from heat.db.sqlalchemy import models
from heat.db.sqlalchemy.facade import retry_on_deadlock, writer

GRANULARITIES = ("days", "hours", "minutes", "seconds")


def _ids(session: orm.Session, *columns: Any, where: sa.ColumnElement[bool]) -> set:
    """The non-null values of ``columns`` in the rows matching ``where``."""
    found: set = set()
    for column in columns:
        found.update(session.scalars(sa.select(column).where(where)))
    return found - {None}


def _delete_unreferenced(
    session: orm.Session, model: Any, candidates: set, references: Iterable[Any]
) -> None:
    """Delete the ``model`` rows among ``candidates`` that no column of ``references`` names."""
    for column in references:
        if candidates:
            candidates = candidates - _ids(session, column, where=column.in_(candidates))
    if candidates:
        session.execute(sa.delete(model).where(model.id.in_(candidates)))


def _with_descendants(session: orm.Session, stack_ids: Iterable[str]) -> set[str]:
    found = set(stack_ids)
    generation = set(found)
    while generation:
        generation = _ids(session, models.Stack.id, where=models.Stack.owner_id.in_(generation))
        generation -= found
        found |= generation
    return found


def _delete_children(session: orm.Session, stack_ids: set[str]) -> None:
    """Delete the rows that belong to these stacks alone."""
    resource_ids = _ids(session, models.Resource.id, where=models.Resource.stack_id.in_(stack_ids))
    snapshot_ids = _ids(session, models.Snapshot.id, where=models.Snapshot.stack_id.in_(stack_ids))
    rule_ids = _ids(session, models.WatchRule.id, where=models.WatchRule.stack_id.in_(stack_ids))
    deletions = [
        (models.ResourceData, models.ResourceData.resource_id.in_(resource_ids)),
        (models.Event, models.Event.stack_id.in_(stack_ids)),
        (models.Resource, models.Resource.stack_id.in_(stack_ids)),
        (models.ResourceSnapshot, models.ResourceSnapshot.snapshot_id.in_(snapshot_ids)),
        (models.Snapshot, models.Snapshot.stack_id.in_(stack_ids)),
        (models.WatchData, models.WatchData.watch_rule_id.in_(rule_ids)),
        (models.WatchHistory, models.WatchHistory.watch_rule_id.in_(rule_ids)),
        (models.WatchRule, models.WatchRule.stack_id.in_(stack_ids)),
        (models.StackTag, models.StackTag.stack_id.in_(stack_ids)),
        (models.StackLock, models.StackLock.stack_id.in_(stack_ids)),
        (models.SyncPoint, models.SyncPoint.stack_id.in_(stack_ids)),
    ]
    for model, condition in deletions:
        session.execute(sa.delete(model).where(condition))


def _purge_stacks(session: orm.Session, stack_ids: set[str]) -> None:
    stack, resource, event = models.Stack, models.Resource, models.Event
    in_stacks = stack.id.in_(stack_ids)
    property_ids = _ids(
        session,
        resource.rsrc_prop_data_id,
        resource.attr_data_id,
        where=resource.stack_id.in_(stack_ids),
    ) | _ids(session, event.rsrc_prop_data_id, where=event.stack_id.in_(stack_ids))
    template_ids = _ids(
        session, stack.raw_template_id, stack.prev_raw_template_id, where=in_stacks
    ) | _ids(session, resource.current_template_id, where=resource.stack_id.in_(stack_ids))
    creds_ids = _ids(session, stack.user_creds_id, where=in_stacks)
    _delete_children(session, stack_ids)
    session.execute(sa.delete(stack).where(in_stacks))
    _delete_unreferenced(
        session,
        models.ResourcePropertiesData,
        property_ids,
        [resource.rsrc_prop_data_id, resource.attr_data_id, event.rsrc_prop_data_id],
    )
    files_ids = _ids(
        session, models.RawTemplate.files_id, where=models.RawTemplate.id.in_(template_ids)
    )
    _delete_unreferenced(
        session,
        models.RawTemplate,
        template_ids,
        [stack.raw_template_id, stack.prev_raw_template_id, resource.current_template_id],
    )
    _delete_unreferenced(session, models.RawTemplateFiles, files_ids, [models.RawTemplate.files_id])
    _delete_unreferenced(session, models.UserCreds, creds_ids, [stack.user_creds_id])


@retry_on_deadlock
def _purge_batch(
    context: RequestContext, cutoff: datetime.datetime, project_id: str | None, batch_size: int
) -> bool:
    """Purge up to ``batch_size`` expired stacks (plus nested ones); False when none was left."""
    query = sa.select(models.Stack.id).where(models.Stack.deleted_at < cutoff)
    if project_id is not None:
        query = query.where(models.Stack.tenant == project_id)
    with writer(context) as session:
        batch = list(session.scalars(query.order_by(models.Stack.deleted_at).limit(batch_size)))
        if batch:
            _purge_stacks(session, _with_descendants(session, batch))
    return bool(batch)


@retry_on_deadlock
def _purge_other(context: RequestContext, cutoff: datetime.datetime) -> None:
    with writer(context) as session:
        session.execute(sa.delete(models.Service).where(models.Service.deleted_at < cutoff))
        for model in (models.WatchData, models.WatchHistory):
            session.execute(sa.delete(model).where(model.created_at < cutoff))


def purge_deleted(
    age: int, granularity: str = "days", project_id: str | None = None, batch_size: int = 20
) -> None:
    """Hard-delete stacks soft-deleted more than ``age`` ``granularity`` ago, in batches.

    Deleted service rows, and metric samples and alarm history older than that, go too
    (the alarms of purged stacks with theirs). Invalid for a negative
    age, a batch size below one or an unknown granularity.
    """
    if age < 0:
        raise exception.Invalid(reason=_("age should be a positive integer"))
    if batch_size < 1:
        raise exception.Invalid(reason=_("batch_size should be a positive integer"))
    if granularity not in GRANULARITIES:
        raise exception.Invalid(
            reason=_("granularity should be one of %s") % ", ".join(GRANULARITIES)
        )
    cutoff = models.utcnow() - datetime.timedelta(**{granularity: age})
    context = heat_context.get_admin_context()
    _purge_other(context, cutoff)
    while _purge_batch(context, cutoff, project_id, batch_size):
        pass
