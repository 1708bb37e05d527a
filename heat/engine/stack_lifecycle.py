"""Engine calls that change a stack or a resource: delete, suspend, resume, check, cancel,
signal and mark unhealthy."""

import contextlib
import logging
from collections.abc import Iterator
from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import hooks, stack_access, stack_credentials, termination_protection
from heat.engine import resource_states as states
from heat.engine.resource import NoActionRequired
from heat.engine.runtime import EngineRuntime
from heat.engine.stack_lock import StackLock
from heat.engine.walk import strategy

LOG = logging.getLogger(__name__)


def delete_stack(runtime: EngineRuntime, context: Any, stack_identity: Any) -> None:
    """Start deleting the stack once the action running on it is stopped; refused while
    its root stack is protected from termination."""
    stack = runtime.load_stack(context, stack_identity)
    termination_protection.refuse_if_protected(context, stack)
    strategy.of_stack(stack).delete(runtime, context, stack)


def update_termination_protection(
    runtime: EngineRuntime, context: Any, stack_identity: Any, enabled: bool
) -> None:
    """Set or clear the termination protection of a root stack."""
    stack = runtime.load_stack(context, stack_identity)
    termination_protection.set_protection(context, stack, enabled)


def stack_suspend(runtime: EngineRuntime, context: Any, stack_identity: Any) -> None:
    """Start suspending the stack."""
    stack = runtime.load_stack(context, stack_identity)
    strategy.of_stack(stack).suspend(runtime, context, stack)


def stack_resume(runtime: EngineRuntime, context: Any, stack_identity: Any) -> None:
    """Start resuming the stack."""
    stack = runtime.load_stack(context, stack_identity)
    strategy.of_stack(stack).resume(runtime, context, stack)


def stack_check(runtime: EngineRuntime, context: Any, stack_identity: Any) -> None:
    """Start checking the stack."""
    stack = runtime.load_stack(context, stack_identity)
    strategy.of_stack(stack).check(runtime, context, stack)


def stack_cancel_update(
    runtime: EngineRuntime, context: Any, stack_identity: Any, cancel_with_rollback: bool = True
) -> None:
    """Cancel a running update (rolling back), or any create/update without rollback."""
    stack = runtime.load_stack(context, stack_identity)
    allowed = [states.UPDATE] if cancel_with_rollback else [states.UPDATE, states.CREATE]
    if stack.action not in allowed or stack.status != states.IN_PROGRESS:
        raise exception.NotSupported(
            feature=_("Cancelling update when stack is %s") % states.state_name(*stack.state)
        )
    strategy.of_stack(stack).cancel(runtime, context, stack, cancel_with_rollback)


def _resource(stack: Any, resource_name: str) -> Any:
    if resource_name not in stack.resources:
        raise exception.ResourceNotFound(resource_name=resource_name, stack_name=stack.name)
    return stack.resources[resource_name]


def resource_signal(
    runtime: EngineRuntime,
    context: Any,
    stack_identity: Any,
    resource_name: str,
    details: Any,
    sync_call: bool = False,
) -> Any:
    """Deliver a signal: clear a hook (``{"unset_hook": ...}``) or call ``handle_signal``,
    at once when ``sync_call`` (then answering the resource's metadata) or in a thread.
    A stack user may signal only the resources its credentials allow (Forbidden otherwise)."""
    stack = runtime.load_stack(context, stack_identity)
    stack_access.authorize(context, stack, resource_name, runtime.settings.heat_stack_user_role)
    resource = _resource(stack, resource_name)
    if isinstance(details, dict) and "unset_hook" in details:
        hooks.clear(resource, details["unset_hook"])
        return None
    handler = getattr(resource, "handle_signal", None)
    if handler is None:
        raise exception.ResourceActionNotSupported(action="Signal")
    unavailable = resource.action == states.INIT or resource.status == states.FAILED
    if unavailable or resource.action in resource.no_signal_actions:
        raise exception.ResourceNotAvailable(resource_name=resource_name)
    # The signaller is often a stack user, who may do next to nothing: what handling the
    # signal needs is done as the stack's creator.
    stack.context = stack_credentials.stored_context(stack)
    if sync_call:
        _signal(runtime, resource, handler, details)
        return resource.metadata_get(refresh=True)
    runtime.threads.start(stack.id, _signal_in_background, runtime, resource, handler, details)
    return None


def _signal(runtime: EngineRuntime, resource: Any, handler: Any, details: Any) -> None:
    try:
        if getattr(resource, "signal_locks_stack", False):
            with _stack_locks(runtime, resource.stack):
                result = handler(details)
        else:
            result = handler(details)
    except NoActionRequired as ignored:
        # As upstream: an ignored signal leaves no event, which would only be noise.
        LOG.info("Signal to %s of stack %s ignored: %s", resource.name, resource.stack.id, ignored)
        return
    reason = "Signal: %s" % result if result else _signal_summary(details)
    resource.stack.store.record_note(resource, "SIGNAL", reason)
    resource.stack.store.flush()


@contextlib.contextmanager
def _stack_locks(runtime: EngineRuntime, stack: Any) -> Iterator[None]:
    """Hold the locks of the root stack (whose actions reach into its nested stacks) and of
    ``stack``; a stack busy with an action makes the signal one to ignore."""
    held = []
    try:
        for stack_id in dict.fromkeys([stack.root_stack_id or stack.id, stack.id]):
            lock = StackLock(
                stack.context, stack_id, stack.name, runtime.engine_id, runtime.is_alive
            )
            try:
                lock.acquire("SIGNAL")
            except exception.ActionInProgress as busy:
                raise NoActionRequired(stack.name, str(busy))
            held.append(lock)
        yield
    finally:
        for lock in reversed(held):
            lock.release()


def _signal_in_background(
    runtime: EngineRuntime, resource: Any, handler: Any, details: Any
) -> None:
    try:
        _signal(runtime, resource, handler, details)
    except exception.HeatException as error:
        LOG.info("Signal to %s of stack %s failed: %s", resource.name, resource.stack.id, error)


def _signal_summary(details: Any) -> str:
    """The event reason of a signal whose handler said nothing, as OpenStack Heat words it."""
    if details is None:
        return "No signal details provided"
    if isinstance(details, str):
        return details
    if isinstance(details, dict) and all(k in details for k in ("previous", "current", "reason")):
        return "alarm state changed from %(previous)s to %(current)s (%(reason)s)" % details
    return "Unknown"


def resource_mark_unhealthy(
    runtime: EngineRuntime,
    context: Any,
    stack_identity: Any,
    resource_name: str,
    mark_unhealthy: bool,
    resource_status_reason: str | None = None,
) -> None:
    """Set a resource (by name or physical id) CHECK_FAILED, or CHECK_COMPLETE again."""
    stack = runtime.load_stack(context, stack_identity)
    resource = stack.resources.get(resource_name) or next(
        (item for item in stack.resources.values() if item.resource_id == resource_name), None
    )
    if resource is None:
        raise exception.ResourceNotFound(resource_name=resource_name, stack_name=stack.name)
    if resource.status == states.IN_PROGRESS:
        raise exception.ActionInProgress(stack_name=stack.name, action=stack.action)
    reason = resource_status_reason or _("state changed by resource_mark_unhealthy api")
    with runtime.lock(context, stack).held(stack.action):
        if mark_unhealthy:
            stack.store.record_state(resource, states.CHECK, states.FAILED, reason)
        elif resource.state == (states.CHECK, states.FAILED):
            # A healthy resource again: what it left unfinished (a scaling) is forgotten.
            reset = getattr(resource, "handle_metadata_reset", None)
            if reset is not None:
                reset()
            stack.store.record_state(resource, states.CHECK, states.COMPLETE, reason)
        stack.store.flush()
