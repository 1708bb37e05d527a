"""At engine start: stacks left IN_PROGRESS by an engine that died become FAILED.

A stack whose lock is free, or held by an engine that is no longer alive, is taken over:
its IN_PROGRESS resources and the stack itself are marked FAILED with the reason
``Engine went down during stack <ACTION>``, and the lock is released again.
"""

import datetime
from typing import Any

from oslo_log import log as logging
from oslo_utils import timeutils

from heat.common import exception
from heat.db import api as db_api
from heat.engine import resource_states as states
from heat.engine import stack_store
from heat.engine.runtime import EngineRuntime
from heat.engine.stack_lock import StackLock

LOG = logging.getLogger(__name__)
_GRACE = datetime.timedelta(seconds=30)


def reset_orphaned_stacks(runtime: EngineRuntime, context: Any) -> int:
    """Fail every orphaned IN_PROGRESS stack; how many were reset. Runs at start and with
    every heartbeat, so a stack whose engine died is failed once that engine's heartbeat
    has gone stale, whichever engine notices first."""
    count = 0
    for row in db_api.stack_get_all_in_progress(context):
        # Nested stacks run under their root's lock and are failed with it.
        if row.owner_id is not None or runtime.threads.running(row.id):
            continue
        holder = db_api.stack_lock_get_engine_id(context, row.id)
        if holder == runtime.engine_id or (holder is None and _recent(row)):
            continue
        lock = StackLock(context, row.id, row.name or "", runtime.engine_id, runtime.is_alive)
        try:
            lock.acquire(row.action or "")
        except exception.ActionInProgress:
            continue
        try:
            _fail(runtime.load_row(context, row))
            count += 1
        except Exception:  # noqa: BLE001 - one bad stack must not stop the others or the engine
            LOG.exception("Could not reset stack %s (%s)", row.name, row.id)
        finally:
            lock.release()
    return count


def _recent(row: Any) -> bool:
    """Whether an unlocked stack changed so recently that its engine may be about to take
    the lock (a new stack is stored before its action starts)."""
    changed = row.updated_at or row.created_at
    return changed is not None and timeutils.utcnow() - changed < _GRACE


def _fail(stack: Any) -> None:
    reason = "Engine went down during stack %s" % stack.action
    for resource in stack.resources.values():
        nested = resource.nested()
        if nested is not None and nested.status == states.IN_PROGRESS:
            _fail(nested)
        if resource.status == states.IN_PROGRESS:
            stack.store.record_state(resource, resource.action, states.FAILED, reason)
    stack_store.write_state(stack, stack.action, states.FAILED, reason)
    LOG.warning("Stack %s (%s): %s", stack.name, stack.id, reason)
