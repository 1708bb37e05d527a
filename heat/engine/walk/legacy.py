"""The legacy strategy: each action runs in one thread of the engine that takes the
whole-stack lock (:mod:`heat.engine.stack_lock`), walking its plan with
:mod:`heat.engine.stack_actions` and :mod:`heat.engine.stack_update`. Other engines reach
a running action through the lock holder's listener (to stop or cancel it)."""

import time
from typing import Any

import oslo_messaging as messaging
from oslo_log import log as logging

from heat.common import exception
from heat.common.i18n import _
from heat.db import api as db_api
from heat.engine import resource_states as states
from heat.engine import stack_actions, stack_export, stack_update

LOG = logging.getLogger(__name__)


class Legacy:
    """Actions as threads under the stack lock."""

    name = "legacy"

    def create(self, runtime: Any, context: Any, stack: Any) -> None:
        runtime.start_action(context, stack, stack.action, stack_actions.create, announce=False)

    def adopt(self, runtime: Any, context: Any, stack: Any, data: Any) -> None:
        def run(stack: Any, messages: Any) -> None:
            stack_export.adopt(stack, data, messages)

        runtime.start_action(context, stack, stack.action, run, announce=False)

    def update(self, runtime: Any, context: Any, current: Any, new: Any, action: str) -> None:
        def run(stack: Any, messages: Any) -> None:
            stack_update.update(current, new, messages, action)

        runtime.start_action(context, new, action, run)

    def delete(self, runtime: Any, context: Any, stack: Any) -> None:
        stop_running(runtime, context, stack)
        stack = runtime.load_stack(context, dict(stack.identifier()))
        runtime.start_action(context, stack, states.DELETE, stack_actions.delete)

    def cancel(self, runtime: Any, context: Any, stack: Any, rollback: bool) -> None:
        message = stack_actions.CANCEL_WITH_ROLLBACK if rollback else stack_actions.CANCEL
        if runtime.threads.send(stack.id, message):
            return
        holder = db_api.stack_lock_get_engine_id(context, stack.id)
        timeout = runtime.settings.poll_interval + 5
        if not holder or not _call_holder(
            runtime, context, holder, "send", timeout, stack, message=message
        ):
            raise exception.NotSupported(feature=_("Cancelling an action that another engine runs"))

    def suspend(self, runtime: Any, context: Any, stack: Any) -> None:
        runtime.start_action(context, stack, states.SUSPEND, stack_actions.suspend)

    def resume(self, runtime: Any, context: Any, stack: Any) -> None:
        runtime.start_action(context, stack, states.RESUME, stack_actions.resume)

    def check(self, runtime: Any, context: Any, stack: Any) -> None:
        runtime.start_action(context, stack, states.CHECK, stack_actions.check)


def stop_running(runtime: Any, context: Any, stack: Any) -> None:
    """Cancel the action running on the stack (here, or on another engine that answers)
    and wait for it to end. Waits no longer than the API waits for the answer
    (ActionInProgress then): a delete it gave up on must not start later, on a stack the
    user may have recovered since."""
    deadline = time.monotonic() + _patience(runtime.call_timeout)
    if runtime.threads.running(stack.id):
        runtime.threads.send(stack.id, stack_actions.CANCEL)
        runtime.threads.wait(stack.id, _left(deadline))
    else:
        holder = db_api.stack_lock_get_engine_id(context, stack.id)
        if (
            holder is not None
            and holder != runtime.engine_id
            and _answers(runtime, context, holder)
        ):
            _call_holder(runtime, context, holder, "stop_stack", _left(deadline), stack)
    if _left(deadline) <= 0:
        LOG.warning("Not deleting stack %s: its action did not stop in time", stack.id)
        raise exception.ActionInProgress(stack_name=stack.name, action=stack.action)


def _patience(call_timeout: float) -> float:
    """How long a call may wait on other work: the caller's timeout less a margin for the
    message's way there and back."""
    return call_timeout - min(10.0, call_timeout / 4)


def _left(deadline: float) -> float:
    return max(0.0, deadline - time.monotonic())


def _answers(runtime: Any, context: Any, holder: str) -> bool:
    """Whether the lock holder answers on its listener topic: a dead one is not waited for
    (its lock is stolen once its heartbeat is stale)."""
    return runtime.listeners is not None and runtime.listeners.answers(context, holder)


def _call_holder(
    runtime: Any, context: Any, holder: str, method: str, timeout: float, stack: Any, **kwargs: Any
) -> Any:
    """Call the listener of the engine holding the stack's lock; None when it does not
    answer (a dead engine's lock is stolen later)."""
    if runtime.listeners is None:
        return None
    try:
        return runtime.listeners.call(
            context, holder, method, timeout, stack_identity=dict(stack.identifier()), **kwargs
        )
    except (messaging.MessagingTimeout, messaging.MessageDeliveryFailure):
        return None
