"""At engine start: stacks left IN_PROGRESS by an engine that died become FAILED.

A stack whose lock is free, or held by an engine that is no longer alive, is taken over:
its IN_PROGRESS resources and the stack itself are marked FAILED with the reason
``Engine went down during stack <ACTION>``, and the lock is released again.
"""

import datetime
import functools
from typing import Any

from oslo_log import log as logging
from oslo_utils import timeutils

from heat.common import exception
from heat.db import api as db_api
from heat.engine import action_guard, service_registry
from heat.engine.runtime import EngineRuntime
from heat.engine.stack_lock import StackLock

LOG = logging.getLogger(__name__)
_GRACE = datetime.timedelta(seconds=30)


def reset_orphaned_stacks(runtime: EngineRuntime, context: Any) -> int:
    """Fail every orphaned IN_PROGRESS stack; how many were reset. Runs at start and with
    every heartbeat, so a stack whose engine died is failed once that engine's heartbeat
    has gone stale (and it does not answer), whichever engine notices first. Each engine is
    asked once a pass, however many stacks it held."""
    count = 0
    beating = {
        service.get("engine_id")
        for service in db_api.service_get_all(context)
        if service_registry.is_beating(service)
    }
    is_alive = functools.cache(runtime.is_alive)
    for row in db_api.stack_get_all_in_progress(context):
        if not _maybe_orphaned(runtime, context, row, beating):
            continue
        lock = StackLock(context, row.id, row.name or "", runtime.engine_id, is_alive)
        try:
            lock.acquire(row.action or "")
        except exception.ActionInProgress:
            continue
        try:
            stack = runtime.load_row(context, row)
            action_guard.fail_in_progress(stack, "Engine went down during stack %s" % stack.action)
            count += 1
        except Exception:  # noqa: BLE001 - one bad stack must not stop the others or the engine
            LOG.exception("Could not reset stack %s (%s)", row.name, row.id)
        finally:
            lock.release()
    return count


def _maybe_orphaned(runtime: EngineRuntime, context: Any, row: Any, beating: set) -> bool:
    """Whether the stack may have lost its engine: one that beats is not even asked, so
    that a pass stays cheap with many stacks in progress."""
    # Nested stacks run under their root's lock and are failed with it.
    if row.owner_id is not None or runtime.threads.running(row.id):
        return False
    holder = db_api.stack_lock_get_engine_id(context, row.id)
    if holder is None:
        # A convergence traversal holds no stack lock: its steps lock their resources.
        return not row.convergence and not _recent(row)
    return holder != runtime.engine_id and holder not in beating


def _recent(row: Any) -> bool:
    """Whether an unlocked stack changed so recently that its engine may be about to take
    the lock (a new stack is stored before its action starts)."""
    changed = row.updated_at or row.created_at
    return changed is not None and timeutils.utcnow() - changed < _GRACE
