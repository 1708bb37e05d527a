"""Whole-stack actions: create (with rollback), delete, suspend, resume, check.

Each action is a generator task (``*_task``) that walks its plan
(:mod:`heat.engine.walk.plan`) with a :class:`heat.engine.graph.walker.DependencyTaskGroup`,
visiting resources through :mod:`heat.engine.resource_actions`, each walk inside the
stack's timeout. A thread runs one with :func:`drive`; a nested stack's action runs as a
step of its parent resource. The stack's state and reason follow Heat's wording
(``Stack CREATE completed successfully``...).
"""

from collections.abc import Callable, Generator
from typing import Any

from oslo_log import log as logging

from heat.common import exception
from heat.engine import (
    replaced_copies,
    resource_actions,
    scheduler,
    stack_credentials,
    stack_store,
)
from heat.engine import resource_states as states
from heat.engine.graph.walker import DependencyTaskGroup
from heat.engine.walk import plan

LOG = logging.getLogger(__name__)
Visit = Callable[[Any], Generator[None, None, None]]
Messages = Callable[[], list[str]]
Task = Generator[None, None, Any]
CANCEL = "cancel"
CANCEL_WITH_ROLLBACK = "cancel_with_rollback"


class Cancelled(scheduler.Drain):
    """A user cancelled the running action; ``rollback`` says whether to roll back. With a
    rollback, resources in progress finish first (so the rollback finds them settled)."""

    def __init__(self, rollback: bool):
        super().__init__("Stack cancelled")
        self.rollback = rollback


def no_messages() -> list[str]:
    """The message source of an action nobody can cancel."""
    return []


def drive(
    stack: Any,
    task: Callable[[], Task],
    messages: Messages = no_messages,
    keep_last_changes: bool = False,
    sleep: Callable[[float], None] = scheduler.sleep,
) -> Any:
    """Run ``task`` to completion in this thread and return its result: flush buffered
    progress and ``sleep`` (backing off) whenever it waits. A ``cancel`` message stops it at
    once; ``cancel_with_rollback`` lets the resources in progress finish, then the task
    raises Cancelled. ``keep_last_changes``: what the task buffered after its last wait
    stays buffered, for the caller to write with what it writes next."""
    runner = scheduler.TaskRunner(task)
    shortest = stack.settings.poll_interval / 8
    wait = 0.0  # the first look comes at once: much is done as soon as it is asked for
    runner.start()
    while not runner.done():
        if wait > 0 and not runner.asked_no_wait:
            stack.store.flush()  # it is about to wait: what it did so far is seen
        for message in messages():
            if message == CANCEL:
                runner.cancel()
                stack.store.flush()
                raise Cancelled(rollback=False)
            if message == CANCEL_WITH_ROLLBACK:
                _throw(stack, runner, Cancelled(rollback=True))
        if runner.asked_no_wait:
            wait = shortest
        else:
            sleep(wait)
            wait = min(max(wait * 2, shortest), stack.settings.poll_interval)
        runner.step()
    if not keep_last_changes:
        stack.store.flush()
    return runner.result


def _throw(stack: Any, runner: scheduler.TaskRunner, error: Exception) -> None:
    try:
        runner.throw(error)
    finally:
        stack.store.flush()


def walk_task(
    stack: Any, action: str, visit: Visit, reverse: bool = False, names: list | None = None
) -> Task:
    """Visit the resources (``names``, or all) in dependency order (reverse for delete),
    within the stack's timeout; returns None on success, else why the stack failed."""
    resources = stack.dependencies()
    if names is not None:
        resources = resources.subgraph(names)
    phase = action.lower()
    steps = plan.backward(resources, phase) if reverse else plan.forward(resources, phase)
    return walk_graph_task(stack, action, steps, lambda step: visit(stack.resources[step.name]))


def walk_graph_task(
    stack: Any,
    action: str,
    steps: plan.Plan,
    visit: Callable[[plan.Step], Task],
    timeout: float | None = None,
) -> Task:
    """Visit the steps of a plan in order within ``timeout`` (the stack's, by default);
    returns None on success, else why the stack failed. A cancel that lets resources
    finish (:class:`Cancelled`) is raised once they have."""
    group = DependencyTaskGroup(
        steps, visit, error_wait_time=stack.settings.error_wait_time, name=action
    )
    try:
        yield from scheduler.TaskRunner(group).as_task(
            timeout=stack.timeout_secs() if timeout is None else timeout
        )
    except scheduler.Drain:
        raise
    except exception.ResourceFailure as failure:
        return "Resource %s failed: %s" % (action, failure)
    except scheduler.Timeout:
        return "%s timed out" % action.capitalize()
    except Exception as error:  # noqa: BLE001 - a stack never stays IN_PROGRESS on a bug
        LOG.exception("Stack %s failed to %s", stack.name, action.lower())
        return "Resource %s failed: %s: %s" % (action, type(error).__name__, error)
    return None


def finish(stack: Any, action: str, failure: str | None) -> bool:
    """Write ``action`` COMPLETE (or FAILED with ``failure``); whether it succeeded."""
    if failure is None:
        reason = "Stack %s completed successfully" % action
        stack_store.write_state(stack, action, states.COMPLETE, reason)
        return True
    stack_store.write_state(stack, action, states.FAILED, failure)
    return False


def create_task(stack: Any) -> Task:
    """Create every resource; on failure roll back (delete them) unless rollback is off.
    Returns whether the stack ended CREATE_COMPLETE."""
    stack_store.announce_stored_state(stack)
    failure = yield from walk_task(stack, states.CREATE, resource_actions.create)
    if finish(stack, states.CREATE, failure):
        return True
    if not stack.state_data.disable_rollback:
        yield from rollback_create_task(stack)
    return False


def rollback_create_task(stack: Any) -> Task:
    """Undo a failed create by deleting what was made."""
    stack_store.write_state(stack, states.ROLLBACK, states.IN_PROGRESS, "Stack ROLLBACK started")
    failure = yield from walk_task(stack, states.DELETE, resource_actions.delete, reverse=True)
    finish(stack, states.ROLLBACK, failure)


def delete_task(stack: Any) -> Task:
    """Delete the replaced copies a failed update left, then every resource in reverse
    order, then the stack itself (soft delete); returns whether it was deleted."""
    copies = replaced_copies.of_stack(stack).values()
    failure = yield from replaced_copies.delete_task(copies, states.DELETE)
    if failure is None:
        failure = yield from walk_task(stack, states.DELETE, resource_actions.delete, reverse=True)
    if failure is None:
        failure = released(stack)
    if not finish(stack, states.DELETE, failure):
        return False
    stack_store.remove(stack)
    return True


def released(stack: Any) -> str | None:
    """Give back the stack's Keystone users and credentials; the failure, if any."""
    try:
        stack_credentials.release(stack)
    except Exception as error:  # a Keystone error of any kind fails the delete, as upstream
        return "Error deleting the stack's Keystone credentials: %s" % error
    return None


def _simple_task(action: str, visit: Visit, reverse: bool = False):
    def task(stack: Any) -> Task:
        failure = yield from walk_task(stack, action, visit, reverse=reverse)
        return finish(stack, action, failure)

    return task


suspend_task = _simple_task(states.SUSPEND, resource_actions.suspend, reverse=True)
resume_task = _simple_task(states.RESUME, resource_actions.resume)
check_task = _simple_task(states.CHECK, resource_actions.check)


def create(stack: Any, messages: Messages = no_messages) -> None:
    """The CREATE action in this thread; a cancel message fails it (rolling back when asked)."""
    try:
        drive(stack, lambda: create_task(stack), messages)
    except Cancelled as cancelled:
        finish(stack, states.CREATE, "Stack %s cancelled" % states.CREATE)
        if cancelled.rollback and not stack.state_data.disable_rollback:
            drive(stack, lambda: rollback_create_task(stack))


def _threaded(task: Callable[[Any], Task]) -> Callable[..., None]:
    def run(stack: Any, messages: Messages = no_messages) -> None:
        try:
            drive(stack, lambda: task(stack), messages)
        except Cancelled:
            finish(stack, stack.action, "Stack %s cancelled" % stack.action)

    run.__doc__ = "Run %s in this thread." % task.__name__
    return run


delete = _threaded(delete_task)
suspend = _threaded(suspend_task)
resume = _threaded(resume_task)
check = _threaded(check_task)
