"""The end of an action thread that failed (a bug, a lost database): its stack is written
FAILED with the reason once the database answers, instead of staying IN_PROGRESS under a
lock its live engine would never give up."""

from collections.abc import Callable
from typing import Any

from oslo_db import exception as db_exception
from oslo_log import log as logging

from heat.common import context as heat_context
from heat.db import api as db_api
from heat.engine import db_outages, stack_store
from heat.engine import resource_states as states

LOG = logging.getLogger(__name__)
Loader = Callable[[Any], Any]


def guarded(action: str, function: Callable[..., None], load_row: Loader) -> Callable[..., None]:
    """``function(stack, *args)`` that, when it raises, fails what it left IN_PROGRESS;
    ``load_row`` turns a ``stack`` row into a stack (with the engine's registries)."""

    def run(stack: Any, *args: Any) -> None:
        try:
            function(stack, *args)
        except Exception as error:  # noqa: BLE001 - the boundary of the action's thread
            LOG.exception("Stack %s (%s): the %s thread failed", stack.name, stack.id, action)
            reason = failure_reason(action, error)
            db_outages.until_reachable(
                lambda: _fail_if_in_progress(stack.id, reason, load_row),
                "failing stack %s" % stack.id,
            )

    return run


def failure_reason(action: str, error: Exception) -> str:
    """The status reason of a stack whose ``action`` thread died of ``error``."""
    if isinstance(error, db_exception.DBError):
        return "Engine lost its database during stack %s" % action
    return "Stack %s failed: %s: %s" % (action, type(error).__name__, error)


def _fail_if_in_progress(stack_id: str, reason: str, load_row: Loader) -> None:
    row = db_api.stack_get(heat_context.get_admin_context(), stack_id)
    if row is not None and row.status == states.IN_PROGRESS:
        fail_in_progress(load_row(row), reason)


def fail_in_progress(stack: Any, reason: str) -> None:
    """Write the stack and its IN_PROGRESS resources (nested stacks included) FAILED."""
    for resource in stack.resources.values():
        nested = resource.nested()
        if nested is not None and nested.status == states.IN_PROGRESS:
            fail_in_progress(nested, reason)
        if resource.status == states.IN_PROGRESS:
            stack.store.record_state(resource, resource.action, states.FAILED, reason)
    stack_store.write_state(stack, stack.action, states.FAILED, reason)
    LOG.warning("Stack %s (%s): %s", stack.name, stack.id, reason)
