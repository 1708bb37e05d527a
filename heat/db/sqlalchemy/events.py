"""The ``event`` table: resource state changes, kept up to a number per stack, and listed.

A stack keeps at most ``max_events_per_stack`` events (0 keeps all): once it has more,
its oldest go in batches of ``purge_batch_size``, with the properties data nothing else
refers to. Counting a stack's events on every insert would scan the table, so
:func:`event_create` counts on about one insert in ``purge_batch_size / 2`` and
:func:`event_create_many` once per call. ``uuid`` is the id users see.
"""

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any

import sqlalchemy as sa
from oslo_db import exception as db_exception
from oslo_db.sqlalchemy import utils as oslo_db_utils
from oslo_log import log as logging
from sqlalchemy import orm

from heat.common import exception
from heat.common.context import RequestContext
from heat.common.i18n import _
from heat.db.sqlalchemy import models
from heat.db.sqlalchemy.facade import reader, retry_on_deadlock, writer
from heat.db.sqlalchemy.resources import (
    delete_unreferenced_properties_data,
    insert_all,
    resource_prop_data_get,
)

LOG = logging.getLogger(__name__)

# Sort keys of the REST API (and the column names themselves), by the column they sort on.
SORT_KEYS = {
    "event_time": "created_at",
    "created_at": "created_at",
    "resource_type": "resource_type",
}
SORT_DIRECTIONS = ("asc", "desc")
FILTER_KEYS = (
    "resource_action",
    "resource_status",
    "resource_name",
    "resource_type",
    "physical_resource_id",
    "uuid",
)
# Knuth's multiplicative hash: it spreads any sequence of ids evenly, even one stepping by
# the node count of a Galera cluster, so a fixed share of the inserts counts events.
_HASH_MULTIPLIER = 2654435761
_HASH_RANGE = 2**32


def _due(hashed: int, purge_batch_size: int) -> bool:
    """Whether an insert whose hash (evenly spread below ``_HASH_RANGE``) is ``hashed``
    counts its stack's events: about 2 in a batch of ``purge_batch_size`` do."""
    return hashed < _HASH_RANGE * 2 // max(purge_batch_size, 1)


def _count_due(event_id: int, purge_batch_size: int) -> bool:
    """Whether inserting ``event_id`` should count its stack's events."""
    return _due((event_id * _HASH_MULTIPLIER) % _HASH_RANGE, purge_batch_size)


def count_due_for_any(event_uuids: Iterable[str | None], purge_batch_size: int) -> bool:
    """Whether writing the events of these (random) uuids should count their stack's
    events, as :func:`_count_due`; an event without a uuid always does."""
    return any(
        not uuid or _due(int(uuid.replace("-", "")[:8], 16), purge_batch_size)
        for uuid in event_uuids
    )


def _count(session: orm.Session, stack_id: str) -> int:
    query = sa.select(sa.func.count(models.Event.id)).where(models.Event.stack_id == stack_id)
    return session.scalar(query) or 0


def _delete_oldest(session: orm.Session, stack_id: str, batch_size: int) -> int:
    """Delete the stack's ``batch_size`` oldest events; return how many went."""
    event = models.Event
    oldest = session.execute(
        sa.select(event.id, event.rsrc_prop_data_id)
        .where(event.stack_id == stack_id)
        .order_by(event.id)
        .limit(batch_size)
    ).all()
    # MySQL refuses LIMIT inside an IN subquery, hence the ids fetched first.
    session.execute(sa.delete(event).where(event.id.in_([row.id for row in oldest])))
    delete_unreferenced_properties_data(session, {row.rsrc_prop_data_id for row in oldest})
    return len(oldest)


def purge_events(
    session: orm.Session, stack_id: str, max_events_per_stack: int, purge_batch_size: int
) -> None:
    """Delete the stack's oldest events, a batch at a time, until at most the limit remain."""
    excess = _count(session, stack_id) - max_events_per_stack
    while excess > 0:
        deleted = _delete_oldest(session, stack_id, max(purge_batch_size, 1))
        if not deleted:
            break
        excess -= deleted


@retry_on_deadlock
def _purge(context: RequestContext, stack_id: str, max_events: int, batch_size: int) -> None:
    with writer(context) as session:
        purge_events(session, stack_id, max_events, batch_size)


def _purge_quietly(context: RequestContext, stack_id: str, max_events: int, batch: int) -> None:
    """Purge, logging rather than raising a database error: the event itself is stored."""
    try:
        _purge(context, stack_id, max_events, batch)
    except db_exception.DBError as error:
        LOG.error("Failed to purge events of stack %s: %s", stack_id, error)


@retry_on_deadlock
def _insert(context: RequestContext, values_list: Sequence[Mapping[str, Any]]) -> list:
    with writer(context) as session:
        return insert_all(session, models.Event, values_list)


def event_create(
    context: RequestContext,
    values: Mapping[str, Any],
    max_events_per_stack: int = 1000,
    purge_batch_size: int = 200,
) -> models.Event:
    """Store an event; now and then purge its stack's oldest events beyond the limit."""
    event = _insert(context, [values])[0]
    if max_events_per_stack > 0 and _count_due(event.id, purge_batch_size):
        _purge_quietly(context, event.stack_id, max_events_per_stack, purge_batch_size)
    return event


def event_create_many(
    context: RequestContext,
    values_list: Sequence[Mapping[str, Any]],
    max_events_per_stack: int = 1000,
    purge_batch_size: int = 200,
) -> list[models.Event]:
    """Store events in one transaction, then purge each stack concerned beyond the limit."""
    events = _insert(context, values_list) if values_list else []
    if max_events_per_stack > 0:
        for stack_id in sorted({event.stack_id for event in events}):
            _purge_quietly(context, stack_id, max_events_per_stack, purge_batch_size)
    return events


def _filter_conditions(filters: Mapping[str, Any] | None) -> list[sa.ColumnElement[bool]]:
    """A condition per filter: column equals the value, or is one of a list of values."""
    conditions: list[sa.ColumnElement[bool]] = []
    for name, value in (filters or {}).items():
        if name not in FILTER_KEYS:
            raise exception.Invalid(reason=_("Unknown event filter: %s") % name)
        column = getattr(models.Event, name)
        if isinstance(value, (list, tuple, set, frozenset)):
            conditions.append(column.in_(list(value)))
        else:
            conditions.append(column == value)
    return conditions


def _ordering(sort_keys: str | Sequence[str] | None, sort_dir: str | None) -> tuple[list, str]:
    """Columns and direction: newest first by default, ascending when keys are given.

    Unknown sort keys are ignored, as OpenStack Heat does; the id always sorts last so
    that pages stay stable when the other values repeat.
    """
    if sort_dir is not None and sort_dir not in SORT_DIRECTIONS:
        raise exception.Invalid(
            reason=_("Invalid sort direction %(dir)s; use one of %(valid)s.")
            % {"dir": sort_dir, "valid": ", ".join(SORT_DIRECTIONS)}
        )
    if isinstance(sort_keys, str):
        sort_keys = [sort_keys]
    columns = list(dict.fromkeys(SORT_KEYS[key] for key in sort_keys or () if key in SORT_KEYS))
    if not columns:
        return ["created_at", "id"], sort_dir or "desc"
    return columns + ["id"], sort_dir or "asc"


def event_get_all_by_stacks(
    context: RequestContext,
    stack_ids: Collection[str],
    limit: int | None = None,
    marker: str | None = None,
    sort_keys: str | Sequence[str] | None = None,
    sort_dir: str | None = None,
    filters: Mapping[str, Any] | None = None,
) -> list[models.Event]:
    """One page of the events of these stacks, as :func:`event_get_all_by_stack` lists them."""
    if not stack_ids:
        return []
    in_stacks = models.Event.stack_id.in_(list(stack_ids))
    query = sa.select(models.Event).where(in_stacks, *_filter_conditions(filters))
    columns, direction = _ordering(sort_keys, sort_dir)
    with reader(context) as session:
        marker_event = None
        if marker is not None:
            marker_query = sa.select(models.Event).where(models.Event.uuid == marker, in_stacks)
            marker_event = session.scalars(marker_query).first()
        query = oslo_db_utils.paginate_query(
            query, models.Event, limit, columns, marker=marker_event, sort_dir=direction
        )
        return list(session.scalars(query))


def event_get_all_by_stack(
    context: RequestContext,
    stack_id: str,
    limit: int | None = None,
    marker: str | None = None,
    sort_keys: str | Sequence[str] | None = None,
    sort_dir: str | None = None,
    filters: Mapping[str, Any] | None = None,
) -> list[models.Event]:
    """One page of the stack's events, newest first unless ``sort_keys`` are given.

    ``sort_keys`` may name ``event_time`` (or ``created_at``) and ``resource_type``;
    ``filters`` map the names in :data:`FILTER_KEYS` to a value or a list of values
    (Invalid for any other). ``marker`` is the uuid of the last event of the previous
    page; a marker that names no event of the stack is ignored (the first page comes
    back), as OpenStack Heat does.
    """
    return event_get_all_by_stacks(context, [stack_id], limit, marker, sort_keys, sort_dir, filters)


def event_get_by_uuid(
    context: RequestContext, stack_id: str, event_uuid: str
) -> models.Event | None:
    """The stack's event with that uuid, or None."""
    query = sa.select(models.Event).where(
        models.Event.stack_id == stack_id, models.Event.uuid == event_uuid
    )
    with reader(context) as session:
        return session.scalars(query).first()


def event_count_all_by_stack(context: RequestContext, stack_id: str) -> int:
    """How many events the stack has."""
    with reader(context) as session:
        return _count(session, stack_id)


def event_properties(context: RequestContext, event: models.Event) -> dict[str, Any]:
    """The resource properties recorded with ``event``, decrypted ({} when none were)."""
    if event.rsrc_prop_data_id is None:
        return {}
    return resource_prop_data_get(context, event.rsrc_prop_data_id) or {}
