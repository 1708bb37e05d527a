"""One work item of a traversal: lock the resource row, run its step, pass the word on.

The step (:mod:`.steps`) runs only while its traversal is the stack's current one, with
the row locked for this engine (:mod:`.resource_locks`). A step whose traversal a delete
superseded stops, as a cancelled legacy action does; one superseded by anything else
finishes, as upstream's. A done step reports to the steps waiting for it; a failed one
fails the stack.
"""

import contextlib
import time
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from typing import Any

from oslo_log import log as logging

from heat.common import exception
from heat.db import api as db_api
from heat.engine import db_outages, scheduler, stack_actions
from heat.engine import resource_states as states
from heat.engine.convergence import resource_locks, steps, traversal
from heat.engine.convergence.graph import Node
from heat.engine.convergence.traversal_stacks import Shared

LOG = logging.getLogger(__name__)
# Seconds between two looks of a running step at whether its traversal was superseded.
_WATCH_INTERVAL = 1.0


def claim(
    runtime: Any, context: Any, stack_id: str, traversal_id: str, nodes: Sequence[Node]
) -> list[str]:
    """Claim the steps ``nodes`` of the traversal for this engine, in one transaction
    (see :func:`heat.db.api.sync_points_claim`): an outcome per step."""
    claims = [db_api.Claim(stack_id, traversal_id, *node) for node in nodes]
    # Retried while the database is unreachable or too busy: a step given up is only
    # sent again by recovery, many heartbeats later.
    return db_outages.until_reachable(
        lambda: db_api.sync_points_claim(context, claims, runtime.engine_id),
        "claiming %d steps of stack %s" % (len(nodes), stack_id),
    )


def run(
    runtime: Any,
    context: Any,
    stack_id: str,
    traversal_id: str,
    node: Node,
    claimed: str,
    turn: AbstractContextManager[Any] | None = None,
    sleep: Callable[[float], None] = scheduler.sleep,
) -> None:
    """Run the step ``node`` of the traversal, ``claimed`` (or found busy: then locked
    here first, once free). Its row is locked before it waits for its ``turn`` of the
    engine: the step is taken, by a live engine, and no one sends it again. The stack
    is read once the row is locked, so that the step sees what the steps before it (or
    of an earlier traversal) left. The step waits between two looks at its resource with
    ``sleep``."""
    if claimed == db_api.CLAIM_BUSY:
        # Held by another engine (or by a step of an earlier traversal), or gone.
        locked = resource_locks.lock(runtime, context, stack_id, traversal_id, node.resource_id)
        if locked == resource_locks.GONE:
            # Deleted by a step of an earlier traversal: nothing is left to do.
            _done(runtime, context, stack_id, traversal_id, node)
            return
        if locked == resource_locks.SUPERSEDED:
            return
    outcome = None
    released = cut_off = False
    try:
        with turn or contextlib.nullcontext():
            outcome = _run_locked(
                runtime, context, stack_id, traversal_id, node, claimed == db_api.CLAIM_BUSY, sleep
            )
            if outcome is not None and outcome[2] is None:
                stack, shared, _ = outcome
                # The report releases the lock in its own transaction.
                traversal.step_done(
                    runtime, context, stack, traversal_id, shared.graph, node, locked=True
                )
                released = True
    except Exception as error:
        cut_off = db_outages.is_transient(error)
        raise
    finally:
        if not released:
            resource_locks.unlock(runtime, context, node.resource_id)
        if cut_off:
            # The database went away under the step. Released once it is back, the step
            # is sent again now, resumed where it was cut off, rather than when recovery
            # finds it untaken, many heartbeats later.
            LOG.info("Step %s of stack %s was cut off by a database outage", node, stack_id)
            runtime.workers.check_resources(context, stack_id, traversal_id, [node])
    if outcome is None:
        return
    stack, shared, failure = outcome
    if failure is not None:
        traversal.fail(runtime, context, stack, traversal_id, failure, shared.details)


def _run_locked(
    runtime: Any,
    context: Any,
    stack_id: str,
    traversal_id: str,
    node: Node,
    waited: bool,
    sleep: Callable[[float], None],
) -> tuple[Any, Shared, str | None] | None:
    """Run the step under the row's lock: ``(stack, what the traversal's steps share,
    failure)``, or None when there is nothing to report (done already, superseded).
    ``waited``: the lock was waited for, and the step may have been done meanwhile."""
    if waited and db_api.sync_point_is_done(context, traversal_id, *traversal.point_of(node)):
        return None  # a second item for a step done already (sent again after a crash)
    shared = runtime.traversal_stacks.get(runtime, context, stack_id, traversal_id)
    if shared is None:
        return None
    stack, row = shared.stack_for(context, node)
    work = steps.task_of(stack, shared.previous, node, shared.details, row)
    if work is None:
        return stack, shared, None  # the row went while the step waited for it
    try:
        # The step's last states are written with its report.
        failure = stack_actions.drive(
            stack,
            work,
            _superseded_watch(context, stack_id, traversal_id),
            keep_last_changes=True,
            sleep=sleep,
        )
    except stack_actions.Cancelled:
        LOG.info("Step %s of stack %s stopped: superseded", node, stack_id)
        return None
    if failure is not None:
        stack.store.flush()  # before the row is released
    return stack, shared, failure


def _done(runtime: Any, context: Any, stack_id: str, traversal_id: str, node: Node) -> None:
    shared = runtime.traversal_stacks.get(runtime, context, stack_id, traversal_id)
    if shared is not None:
        stack, _ = shared.stack_for(context, node)
        traversal.step_done(runtime, context, stack, traversal_id, shared.graph, node)


def _superseded_watch(context: Any, stack_id: str, traversal_id: str) -> Any:
    """A message source for :func:`heat.engine.stack_actions.drive` that cancels the step
    once a delete superseded its traversal. As upstream's, a step that anything else
    superseded (an update, a rollback, a cancel, a failure) finishes, and a new
    traversal's step of the resource then acts on what it left. Asks the database at
    most every ``_WATCH_INTERVAL`` seconds."""
    next_look = time.monotonic() + _WATCH_INTERVAL

    def messages() -> list[str]:
        nonlocal next_look
        if time.monotonic() < next_look:
            return []
        next_look = time.monotonic() + _WATCH_INTERVAL
        if traversal.is_current(context, stack_id, traversal_id):
            return []
        try:
            action, _status, _reason, _updated = db_api.stack_get_status(context, stack_id)
        except exception.NotFound:
            return [stack_actions.CANCEL]  # deleted meanwhile
        # Still looked at: a delete may come later.
        return [stack_actions.CANCEL] if action == states.DELETE else []

    return messages
