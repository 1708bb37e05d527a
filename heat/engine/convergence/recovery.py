"""Steps an engine lost when it died, sent again by the engines still alive.

A step is lost when the engine answerable for it died: the engine that locked its
resource row (an engine locks the row as soon as it takes the item, before the step waits
for a turn), or, while the row is not locked, the engine that sent the item (the one that
made the step ready; it may have died before sending). An item taken by an engine that
died before it locked the row is only known by its age: a step ready and unlocked for
``UNTAKEN_BEATS`` heartbeats is sent again whoever sent it. Every engine looks, once a
heartbeat, at the convergence stacks in progress for such steps, and sends them again,
acting for the stack's creator.
An item sent twice is harmless: the second finds the step done (or the row locked) and
stops; a step cut off in the middle resumes without making its resource twice
(:mod:`heat.engine.convergence.steps`).
"""

import datetime
import functools
from typing import Any

from oslo_log import log as logging
from oslo_utils import timeutils

from heat.db import api as db_api
from heat.engine import service_registry, stack_credentials
from heat.engine.convergence import traversal
from heat.engine.convergence.graph import Node

LOG = logging.getLogger(__name__)
# Heartbeats a ready step's item may wait in a queue before anyone thinks it lost.
QUEUED_BEATS = 3
# Heartbeats a step may stay ready with its row unlocked while its sender lives.
UNTAKEN_BEATS = 20


def resume_lost_steps(runtime: Any, context: Any, report_interval: float) -> int:
    """Send again the lost steps of every convergence stack in progress; how many."""
    beat = datetime.timedelta(seconds=service_registry.heartbeat_interval(report_interval))
    now = timeutils.utcnow()
    untaken_since = now - UNTAKEN_BEATS * beat
    beating = {
        service.get("engine_id")
        for service in db_api.service_get_all(context)
        if service_registry.is_beating(service)
    }
    is_alive = functools.cache(lambda engine_id: runtime.is_alive(context, engine_id))
    count = 0
    for stack_id, traversal_id in db_api.stack_traversals_in_progress(context):
        ready = db_api.sync_points_ready(context, stack_id, traversal_id, now - QUEUED_BEATS * beat)
        steps = [int(entity) for entity, _, _, _ in ready if entity != stack_id]
        holders = {each.id: each.engine_id for each in db_api.resource_get_many(context, steps)}
        lost = []
        for entity_id, is_update, sender, ready_since in ready:
            if entity_id == stack_id:
                _finish(runtime, context, stack_id, traversal_id)
                continue
            holder = holders.get(int(entity_id))
            if holder is None and ready_since < untaken_since:
                answerable = None  # taken by an engine that died before locking the row
            else:
                answerable = holder or sender
            if answerable is not None and (answerable in beating or is_alive(answerable)):
                continue
            LOG.info("Sending step %s/%s of stack %s again", entity_id, is_update, stack_id)
            lost.append(Node(int(entity_id), is_update))
        if lost:
            acting = acting_context(runtime, context, stack_id)
            runtime.workers.check_resources(acting, stack_id, traversal_id, lost)
            count += len(lost)
    return count


def acting_context(runtime: Any, context: Any, stack_id: str) -> Any:
    """The context lost steps of the stack are sent with: its creator's stored one (the
    request that started the traversal is long gone), or ``context`` when it keeps none."""
    row = db_api.stack_get(context, stack_id, eager_load=False)
    if row is None:
        return context
    return stack_credentials.stored_context(runtime.load_row(context, row))


def _finish(runtime: Any, context: Any, stack_id: str, traversal_id: str) -> None:
    """End a traversal whose last step reported but whose engine died before ending it."""
    row = db_api.stack_get(context, stack_id)
    if row is None or row.current_traversal != traversal_id:
        return
    LOG.info("Finishing traversal %s of stack %s", traversal_id, stack_id)
    traversal.finish(runtime, context, runtime.load_row(context, row), traversal_id)
