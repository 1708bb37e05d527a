"""Batched writes of a stack action's progress: resource states, their properties, events.

The engine records state changes in memory and writes them here in one transaction per
batch, so a thousand no-op resources cost a few statements rather than thousands of commits.
"""

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any, cast

import sqlalchemy as sa

from heat.common.context import RequestContext
from heat.db.sqlalchemy import events, models, resource_data, sync_points
from heat.db.sqlalchemy.facade import retry_on_deadlock, writer
from heat.db.sqlalchemy.resources import properties_data_row


@dataclasses.dataclass
class JournalEntry:
    """One state change: new column values of a resource (or None for a stack-level event),
    the event to insert, and resolved properties to store and link to both (or None)."""

    resource_id: int | None
    resource_values: Mapping[str, Any] | None
    event_values: Mapping[str, Any] | None
    properties: Any = None
    # New column values of the event's stack (its state), written in the same transaction.
    stack_values: Mapping[str, Any] | None = None
    # Resource data items to set: ``(key, value, redact)``.
    data: list[tuple[str, str, bool]] = dataclasses.field(default_factory=list)
    # Set after the write: the id of the stored properties data.
    properties_data_id: int | None = None


def _store_properties(session, entries: Sequence[JournalEntry]) -> None:
    stored = [
        (entry, properties_data_row(entry.properties))
        for entry in entries
        if entry.properties is not None
    ]
    if not stored:
        return
    session.add_all([row for _, row in stored])
    session.flush()  # one flush gives every row its id
    for entry, row in stored:
        entry.properties_data_id = row.id


def _update_resources(session, entries: Sequence[JournalEntry]) -> None:
    merged: dict[int, dict[str, Any]] = {}
    for entry in entries:
        if entry.resource_id is None or entry.resource_values is None:
            continue
        values = merged.setdefault(entry.resource_id, {})
        values.update(entry.resource_values)
        if entry.properties_data_id is not None:
            values["rsrc_prop_data_id"] = entry.properties_data_id
    # One executemany per set of columns: far cheaper than a statement per resource.
    by_columns: dict[tuple[str, ...], list[dict[str, Any]]] = {}
    for resource_id, values in merged.items():
        columns = tuple(sorted(values))
        by_columns.setdefault(columns, []).append({"_id": resource_id, **values})
    table = cast(sa.Table, models.Resource.__table__)
    for columns, rows in by_columns.items():
        statement = (
            sa.update(table)
            .where(table.c.id == sa.bindparam("_id"))
            .values({column: sa.bindparam(column) for column in columns})
        )
        session.connection().execute(statement, rows)


def _insert_events(session, entries: Sequence[JournalEntry]) -> dict[str, list[str | None]]:
    """Insert the entries' events; the uuids of those inserted, by stack."""
    rows = []
    # Events after a properties write in the same batch refer to those properties.
    latest: dict[int | None, int] = {}
    for entry in entries:
        if entry.properties_data_id is not None:
            latest[entry.resource_id] = entry.properties_data_id
        if entry.event_values is None:
            continue
        values = dict(entry.event_values)
        if entry.resource_id in latest:
            values["rsrc_prop_data_id"] = latest[entry.resource_id]
        rows.append(values)
    if rows:
        session.execute(sa.insert(models.Event), rows)
    by_stack: dict[str, list[str | None]] = {}
    for row in rows:
        by_stack.setdefault(row["stack_id"], []).append(row.get("uuid"))
    return by_stack


@retry_on_deadlock
def journal_write(
    context: RequestContext,
    entries: Sequence[JournalEntry],
    max_events_per_stack: int = 1000,
    event_purge_batch_size: int = 200,
    reports: Sequence[sync_points.StepReport] = (),
) -> list[list[sync_points.PointKey] | None]:
    """Write ``entries`` in one transaction, then trim each stack's events to the limit
    (a limit of 0 or less keeps every event). The events are counted about twice in a
    ``event_purge_batch_size`` written, as upstream's: a count for every small write
    cost more than the write. Convergence steps' ``reports`` are written in the same
    transaction, after the states they report: what each returns, in order."""
    if not entries and not reports:
        return []
    with writer(context) as session:
        _store_properties(session, entries)
        _update_resources(session, entries)
        for entry in entries:
            if entry.stack_values is not None and entry.event_values is not None:
                session.execute(
                    sa.update(models.Stack)
                    .where(models.Stack.id == entry.event_values["stack_id"])
                    .values(**entry.stack_values)
                )
        resource_data.store_items(
            session,
            [
                (entry.resource_id, key, value, redact)
                for entry in entries
                if entry.resource_id is not None
                for key, value, redact in entry.data
            ],
        )
        written = _insert_events(session, entries)
        if max_events_per_stack > 0:
            for stack_id, uuids in sorted(written.items()):
                if events.count_due_for_any(uuids, event_purge_batch_size):
                    events.purge_events(
                        session, stack_id, max_events_per_stack, event_purge_batch_size
                    )
        return sync_points.report_steps(session, reports)
