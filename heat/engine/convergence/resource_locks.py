"""The lock of a resource row for one engine while it runs a step of the resource.

A row is locked by writing the engine's id in ``engine_id`` where it is empty (bumping
``atomic_key``, as every change of the row does), so two engines never both win. A row
another live engine holds is waited for (that engine is finishing a step of an earlier
traversal); one held by a dead engine is taken over.
"""

from typing import Any

from oslo_log import log as logging

from heat.common import exception
from heat.db import api as db_api
from heat.engine import db_outages, scheduler
from heat.engine.convergence import traversal

LOG = logging.getLogger(__name__)


LOCKED, GONE, SUPERSEDED = "locked", "gone", "superseded"


def lock(runtime: Any, context: Any, stack_id: str, traversal_id: str, resource_id: int) -> str:
    """Lock the row for this engine, waiting while another live engine holds it: LOCKED,
    or GONE when the row was deleted meanwhile, or SUPERSEDED when the traversal was (the
    caller made sure it was current before asking)."""
    waited = False
    while True:
        won = db_api.resource_update(
            context, resource_id, {"engine_id": runtime.engine_id}, expected_engine_id=None
        )
        if won and waited and not traversal.is_current(context, stack_id, traversal_id):
            unlock(runtime, context, resource_id)
            return SUPERSEDED
        if won:
            return LOCKED
        try:
            holder = db_api.resource_get(context, resource_id).engine_id
        except exception.NotFound:
            return GONE
        if holder is not None and holder != runtime.engine_id:
            if not runtime.is_alive(context, holder):
                LOG.info("Taking resource %s over from dead engine %s", resource_id, holder)
                db_api.resource_update(
                    context, resource_id, {"engine_id": None}, expected_engine_id=holder
                )
                continue
        if not traversal.is_current(context, stack_id, traversal_id):
            return SUPERSEDED
        scheduler.sleep(runtime.settings.poll_interval * 4)
        waited = True


def unlock(runtime: Any, context: Any, resource_id: int) -> None:
    """Release the row, if this engine still holds it (and it is still there), however
    long the database is unreachable: a live engine's lock is never taken over."""
    db_outages.until_reachable(
        lambda: db_api.resource_update(
            context, resource_id, {"engine_id": None}, expected_engine_id=runtime.engine_id
        ),
        "releasing resource %s" % resource_id,
    )
