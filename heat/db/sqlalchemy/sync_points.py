"""The ``sync_point`` table: where a convergence traversal joins.

Every step of a traversal has a sync point, and so has the traversal as a whole (entity:
the stack id). A point counts in ``atomic_key`` the steps it waited for that are done, and
keeps how many it needs in ``extra_data``, with the engine that sends its step once it
is ready (``sender``); ``input_data`` marks its own step done. A step
completes in one transaction: it marks itself done (only once: a step run again after
its engine died reports nothing twice) and counts itself in each point waiting for it.
Only that transaction sees a point reach what it needs, however many complete at once,
and a report never rewrites the reports before it (upstream's does, which is quadratic).
"""

import dataclasses
import datetime
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, cast

import sqlalchemy as sa
from sqlalchemy import orm

from heat.common import exception
from heat.common.context import RequestContext
from heat.common.i18n import _
from heat.db.sqlalchemy import models
from heat.db.sqlalchemy.facade import reader, retry_on_deadlock, rowcount, writer

NEEDS, SENDER = "needs", "sender"
DONE = {"done": True}
PointKey = tuple[str, bool]
# What claiming a step found (:func:`sync_points_claim`).
CLAIMED, CLAIM_SUPERSEDED, CLAIM_DONE, CLAIM_BUSY = "claimed", "superseded", "done", "busy"


@retry_on_deadlock
def traversal_begin(
    context: RequestContext,
    stack_id: str,
    traversal_id: str,
    graph: Mapping[str, Any],
    points: Iterable[tuple[str, bool, int]],
    sender: str | None = None,
) -> None:
    """Make ``traversal_id`` (its stored ``graph``) the stack's traversal in progress,
    with a sync point per ``(entity_id, is_update, steps needed)`` (``sender``: the
    engine that sends the steps that need nothing) and without those of earlier
    traversals, in one transaction: an engine dying in between must not leave a
    traversal no step of which can ever start. NotFound when the stack is gone."""
    stack = models.Stack
    rows = [
        {
            "entity_id": entity_id,
            "traversal_id": traversal_id,
            "is_update": is_update,
            "stack_id": stack_id,
            "atomic_key": 0,
            "extra_data": {NEEDS: needs, SENDER: sender if not needs else None},
            "input_data": None,
        }
        for entity_id, is_update, needs in points
    ]
    with writer(context) as session:
        statement = (
            sa.update(stack)
            .where(stack.id == stack_id, stack.deleted_at.is_(None))
            .values(current_traversal=traversal_id, current_deps=graph, updated_at=stack.updated_at)
        )
        if not rowcount(session, statement):
            raise exception.NotFound(
                _("Attempt to update a stack with id: %s that does not exist") % stack_id
            )
        session.execute(sa.delete(models.SyncPoint).where(models.SyncPoint.stack_id == stack_id))
        if rows:
            session.execute(sa.insert(models.SyncPoint), rows)


@dataclasses.dataclass(frozen=True)
class StepReport:
    """A step done, to count in the points ``waiting`` for it (see :func:`report_steps`,
    which the journal's write runs with the step's last states);
    ``sender``: the engine that sends the steps it was the last for; ``unlock`` (resource
    id, engine id): the row lock the step held, released with the report, so that the
    steps it sends find it free."""

    traversal_id: str
    entity_id: str
    is_update: bool
    waiting: Sequence[PointKey]
    sender: str | None = None
    unlock: tuple[int, str] | None = None


# The statements of a step's claim and report, built once: a step runs each of them,
# and building and compiling them again cost more than running them.
_POINTS = cast(sa.Table, models.SyncPoint.__table__)
_RESOURCES = cast(sa.Table, models.Resource.__table__)
_STACKS = cast(sa.Table, models.Stack.__table__)
_POINT = (
    _POINTS.c.entity_id == sa.bindparam("point_entity"),
    _POINTS.c.traversal_id == sa.bindparam("point_traversal"),
    _POINTS.c.is_update == sa.bindparam("point_is_update"),
)
_MARK_DONE = (
    sa.update(_POINTS).where(*_POINT, _POINTS.c.input_data.is_(None)).values(input_data=DONE)
)
_COUNT = (
    sa.update(_POINTS)
    .where(*_POINT)
    .values(atomic_key=_POINTS.c.atomic_key + sa.bindparam("count"))
)
_READ_DONE = sa.select(_POINTS.c.input_data).where(*_POINT)
_READ_COUNT = sa.select(_POINTS.c.atomic_key, _POINTS.c.extra_data).where(*_POINT)
_SET_SENDER = sa.update(_POINTS).where(*_POINT).values(extra_data=sa.bindparam("extra"))
_BUMP = {"atomic_key": sa.func.coalesce(_RESOURCES.c.atomic_key, 0) + 1}
_RELEASE = (
    sa.update(_RESOURCES)
    .where(
        _RESOURCES.c.id == sa.bindparam("row_id"),
        _RESOURCES.c.engine_id == sa.bindparam("engine"),
    )
    .values(engine_id=None, **_BUMP)
)
_CURRENT = sa.select(_STACKS.c.id, _STACKS.c.current_traversal).where(
    _STACKS.c.id.in_(sa.bindparam("stack_ids", expanding=True)), _STACKS.c.deleted_at.is_(None)
)
_STEPS = sa.select(
    _POINTS.c.entity_id, _POINTS.c.traversal_id, _POINTS.c.is_update, _POINTS.c.input_data
).where(
    _POINTS.c.traversal_id.in_(sa.bindparam("traversal_ids", expanding=True)),
    _POINTS.c.entity_id.in_(sa.bindparam("entity_ids", expanding=True)),
)
_IDS = _RESOURCES.c.id.in_(sa.bindparam("ids", expanding=True))
_FREE = sa.select(_RESOURCES.c.id).where(_IDS, _RESOURCES.c.engine_id.is_(None))
_LOCK = (
    sa.update(_RESOURCES)
    .where(_IDS, _RESOURCES.c.engine_id.is_(None))
    .values(engine_id=sa.bindparam("engine"), **_BUMP)
)
_HELD = sa.select(_RESOURCES.c.id).where(_IDS, _RESOURCES.c.engine_id == sa.bindparam("engine"))


def _point(traversal_id: str, key: PointKey) -> dict[str, object]:
    return {"point_entity": key[0], "point_traversal": traversal_id, "point_is_update": key[1]}


def report_steps(
    session: orm.Session, reports: Sequence[StepReport]
) -> list[list[PointKey] | None]:
    """In ``session``'s transaction, mark steps done and count each in the points waiting
    for it; for each report, the points it was the last for (a point several of them
    reach together goes to the last), or None when its step was done already (or its
    traversal was purged)."""
    connection = session.connection()
    reached: list[list[PointKey] | None] = []
    counts: dict[tuple[str, PointKey], int] = {}
    last: dict[tuple[str, PointKey], int] = {}
    releases = [
        {"row_id": report.unlock[0], "engine": report.unlock[1]}
        for report in reports
        if report.unlock is not None
    ]
    if releases:
        connection.execute(_RELEASE, releases)
    for index, report in enumerate(reports):
        own = _point(report.traversal_id, (report.entity_id, report.is_update))
        if not connection.execute(_MARK_DONE, own).rowcount:
            reached.append(None)
            continue
        reached.append([])
        for target in report.waiting:
            counted = (report.traversal_id, target)
            counts[counted] = counts.get(counted, 0) + 1
            last[counted] = index
    # One order for every transaction, so that two never wait for each other.
    for counted in sorted(counts):
        key = _point(*counted)
        connection.execute(_COUNT, {**key, "count": counts[counted]})
        row = connection.execute(_READ_COUNT, key).first()
        needs = (row.extra_data or {}).get(NEEDS) if row is not None else None
        if row is None or needs is None:
            continue
        if not row.atomic_key - counts[counted] < needs <= row.atomic_key:
            continue
        reporter = reports[last[counted]]
        connection.execute(_SET_SENDER, {**key, "extra": {NEEDS: needs, SENDER: reporter.sender}})
        cast(list, reached[last[counted]]).append(counted[1])
    return reached


@dataclasses.dataclass(frozen=True)
class Claim:
    """A step an engine is about to run (see :func:`sync_points_claim`)."""

    stack_id: str
    traversal_id: str
    resource_id: int
    is_update: bool


@retry_on_deadlock
def sync_points_claim(
    context: RequestContext, claims: Sequence[Claim], engine_id: str
) -> list[str]:
    """What work items ask first, in one transaction, for each claim: whether its
    traversal is still the stack's (else CLAIM_SUPERSEDED), whether its step is not done
    yet (else CLAIM_DONE; a missing point counts as done), and then its resource row
    locked for ``engine_id`` if no engine holds it: CLAIMED, or CLAIM_BUSY when the row
    is held (or gone), which the caller looks into."""
    with writer(context) as session:
        connection = session.connection()
        stack_ids = sorted({claim.stack_id for claim in claims})
        current = dict(connection.execute(_CURRENT, {"stack_ids": stack_ids}).all())
        asked = {
            "traversal_ids": sorted({claim.traversal_id for claim in claims}),
            "entity_ids": sorted({str(claim.resource_id) for claim in claims}),
        }
        steps = {
            (entity_id, traversal_id, is_update): input_data
            for entity_id, traversal_id, is_update, input_data in connection.execute(_STEPS, asked)
        }
        outcomes = []
        for claim in claims:
            key = (str(claim.resource_id), claim.traversal_id, claim.is_update)
            if current.get(claim.stack_id) != claim.traversal_id:
                outcomes.append(CLAIM_SUPERSEDED)
            elif key not in steps or steps[key] is not None:
                outcomes.append(CLAIM_DONE)
            else:
                outcomes.append(CLAIMED)
        wanted = {c.resource_id for c, o in zip(claims, outcomes, strict=True) if o == CLAIMED}
        held = _lock(connection, wanted, engine_id)
        return [
            CLAIM_BUSY if outcome == CLAIMED and claim.resource_id not in held else outcome
            for claim, outcome in zip(claims, outcomes, strict=True)
        ]


def _lock(connection: sa.Connection, resource_ids: set[int], engine_id: str) -> set[int]:
    """Lock for ``engine_id`` the rows of ``resource_ids`` that no engine holds; the ids
    of those locked."""
    free = set(connection.scalars(_FREE, {"ids": sorted(resource_ids)}))
    if not free:
        return free
    asked = {"ids": sorted(free), "engine": engine_id}
    if connection.execute(_LOCK, asked).rowcount == len(free):
        return free
    # Another engine took some of them between the two statements.
    return set(connection.scalars(_HELD, asked))


def sync_point_is_done(
    context: RequestContext, traversal_id: str, entity_id: str, is_update: bool
) -> bool:
    """Whether the step is done (a missing point counts as done: nothing is left to do)."""
    with reader(context) as session:
        key = _point(traversal_id, (entity_id, is_update))
        row = session.connection().execute(_READ_DONE, key).first()
    return row is None or row.input_data is not None


def sync_points_ready(
    context: RequestContext, stack_id: str, traversal_id: str, before: datetime.datetime
) -> list[tuple[str, bool, str | None, datetime.datetime]]:
    """The points of steps that may start (all they waited for is done) but are not done,
    that became ready before ``before``: the steps a dead engine may have lost, as
    ``(entity_id, is_update, the engine that sent the step, when it became ready)``."""
    point = models.SyncPoint
    since = sa.func.coalesce(point.updated_at, point.created_at)
    query = sa.select(
        point.entity_id, point.is_update, point.atomic_key, point.extra_data, since
    ).where(
        point.stack_id == stack_id,
        point.traversal_id == traversal_id,
        point.input_data.is_(None),
        since < before,
    )
    with reader(context) as session:
        rows = session.execute(query).all()
    return [
        (entity_id, is_update, (extra or {}).get(SENDER), ready_since)
        for entity_id, is_update, atomic_key, extra, ready_since in rows
        if atomic_key >= (extra or {}).get(NEEDS, 0)
    ]


@retry_on_deadlock
def sync_points_delete(
    context: RequestContext, stack_id: str, keep_traversal: str | None = None
) -> int:
    """Delete the stack's sync points, but those of ``keep_traversal``; how many."""
    statement = sa.delete(models.SyncPoint).where(models.SyncPoint.stack_id == stack_id)
    if keep_traversal is not None:
        statement = statement.where(models.SyncPoint.traversal_id != keep_traversal)
    with writer(context) as session:
        return rowcount(session, statement)
