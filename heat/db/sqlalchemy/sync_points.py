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
from collections.abc import Iterable, Sequence
from typing import cast

import sqlalchemy as sa
from sqlalchemy import orm

from heat.common.context import RequestContext
from heat.db.sqlalchemy import models
from heat.db.sqlalchemy.facade import UNSYNCED, reader, retry_on_deadlock, rowcount, writer

NEEDS, SENDER = "needs", "sender"
DONE = {"done": True}
PointKey = tuple[str, bool]
# What claiming a step found (:func:`sync_point_claim`).
CLAIMED, CLAIM_SUPERSEDED, CLAIM_DONE, CLAIM_BUSY = "claimed", "superseded", "done", "busy"


def _key(entity_id: str, traversal_id: str, is_update: bool) -> tuple:
    return (
        models.SyncPoint.entity_id == entity_id,
        models.SyncPoint.traversal_id == traversal_id,
        models.SyncPoint.is_update == is_update,
    )


@retry_on_deadlock
def sync_points_create(
    context: RequestContext,
    stack_id: str,
    traversal_id: str,
    points: Iterable[tuple[str, bool, int]],
    sender: str | None = None,
) -> None:
    """Add a sync point per ``(entity_id, is_update, steps needed)`` of a traversal;
    ``sender``: the engine that sends the steps that need nothing."""
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
    if rows:
        with writer(context) as session:
            session.execute(sa.insert(models.SyncPoint), rows)


@dataclasses.dataclass(frozen=True)
class StepReport:
    """A step done, to count in the points ``waiting`` for it (see :func:`report_step`,
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


def report_steps(
    session: orm.Session, reports: Sequence[StepReport]
) -> list[list[PointKey] | None]:
    """In ``session``'s transaction, mark steps done and count each in the points waiting
    for it; for each report, the points it was the last for (a point several of them
    reach together goes to the last), or None when its step was done already (or its
    traversal was purged)."""
    reached: list[list[PointKey] | None] = []
    counts: dict[tuple[str, PointKey], int] = {}
    last: dict[tuple[str, PointKey], int] = {}
    for index, report in enumerate(reports):
        if report.unlock is not None:
            _release(session, *report.unlock)
        done = (
            sa.update(models.SyncPoint)
            .where(
                *_key(report.entity_id, report.traversal_id, report.is_update),
                models.SyncPoint.input_data.is_(None),
            )
            .values(input_data=DONE)
        )
        if not rowcount(session, done):
            reached.append(None)
            continue
        reached.append([])
        for target in report.waiting:
            counted = (report.traversal_id, target)
            counts[counted] = counts.get(counted, 0) + 1
            last[counted] = index
    # One order for every transaction, so that two never wait for each other.
    for counted in sorted(counts):
        traversal_id, target = counted
        key = _key(target[0], traversal_id, target[1])
        session.execute(
            sa.update(models.SyncPoint)
            .where(*key)
            .values(atomic_key=models.SyncPoint.atomic_key + counts[counted])
            .execution_options(**UNSYNCED)
        )
        row = session.execute(
            sa.select(models.SyncPoint.atomic_key, models.SyncPoint.extra_data).where(*key)
        ).first()
        needs = (row.extra_data or {}).get(NEEDS) if row is not None else None
        if row is None or needs is None:
            continue
        if not row.atomic_key - counts[counted] < needs <= row.atomic_key:
            continue
        reporter = reports[last[counted]]
        session.execute(
            sa.update(models.SyncPoint)
            .where(*key)
            .values(extra_data={NEEDS: needs, SENDER: reporter.sender})
            .execution_options(**UNSYNCED)
        )
        cast(list, reached[last[counted]]).append(target)
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
    stack, point = models.Stack, models.SyncPoint
    with writer(context) as session:
        current = dict(
            session.execute(
                sa.select(stack.id, stack.current_traversal).where(
                    stack.id.in_({claim.stack_id for claim in claims}),
                    stack.deleted_at.is_(None),
                )
            ).all()
        )
        steps = {
            (entity_id, traversal_id, is_update): input_data
            for entity_id, traversal_id, is_update, input_data in session.execute(
                sa.select(
                    point.entity_id, point.traversal_id, point.is_update, point.input_data
                ).where(
                    point.traversal_id.in_({claim.traversal_id for claim in claims}),
                    point.entity_id.in_({str(claim.resource_id) for claim in claims}),
                )
            )
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
        held = _lock(session, wanted, engine_id)
        return [
            CLAIM_BUSY if outcome == CLAIMED and claim.resource_id not in held else outcome
            for claim, outcome in zip(claims, outcomes, strict=True)
        ]


def _lock(session: orm.Session, resource_ids: set[int], engine_id: str) -> set[int]:
    """Lock for ``engine_id`` the rows of ``resource_ids`` that no engine holds; the ids
    of those locked."""
    resource = models.Resource
    free = set(
        session.scalars(
            sa.select(resource.id).where(
                resource.id.in_(resource_ids), resource.engine_id.is_(None)
            )
        )
    )
    if not free:
        return free
    lock = (
        sa.update(resource)
        .where(resource.id.in_(free), resource.engine_id.is_(None))
        .values(engine_id=engine_id, atomic_key=sa.func.coalesce(resource.atomic_key, 0) + 1)
    )
    if rowcount(session, lock) == len(free):
        return free
    # Another engine took some of them between the two statements.
    return set(
        session.scalars(
            sa.select(resource.id).where(resource.id.in_(free), resource.engine_id == engine_id)
        )
    )


def _release(session: orm.Session, resource_id: int, engine_id: str) -> None:
    resource = models.Resource
    session.execute(
        sa.update(resource)
        .where(resource.id == resource_id, resource.engine_id == engine_id)
        .values(engine_id=None, atomic_key=sa.func.coalesce(resource.atomic_key, 0) + 1)
        .execution_options(**UNSYNCED)
    )


def sync_point_is_done(
    context: RequestContext, traversal_id: str, entity_id: str, is_update: bool
) -> bool:
    """Whether the step is done (a missing point counts as done: nothing is left to do)."""
    query = sa.select(models.SyncPoint.input_data).where(*_key(entity_id, traversal_id, is_update))
    with reader(context) as session:
        row = session.execute(query).first()
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
