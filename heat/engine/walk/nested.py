"""A nested stack's create, update and delete as tasks of its parent resource's step.

A legacy stack's nested stack is walked in the parent's own thread. A convergence
stack's nested stack is a convergence stack of its own: its actions are traversals whose
steps any engine takes, as upstream's, so that a big group's members spread over the
engines; the parent's task starts the traversal and waits until the nested stack's
action has ended. A wait cut off by the death of its engine is taken up again by
:func:`resume_create_task`.
"""

import time
from typing import Any

from heat.db import api as db_api
from heat.engine import resource_states as states
from heat.engine import stack_actions, stack_store, stack_update
from heat.engine.convergence import traversal
from heat.engine.walk import plan

# Seconds between two reads of a nested stack's state: the first look comes soon, as a
# small nested stack is done at once; then less and less often, up to the longest (unless
# this engine ended its action: see heat.engine.convergence.action_ends).
FIRST_LOOK, LONGEST_LOOK = 0.02, 1.0

Task = stack_actions.Task


def create_task(stack: Any) -> Task:
    """Create the stored, new nested ``stack``; returns whether it ended CREATE_COMPLETE."""
    if not stack.state_data.convergence:
        return (yield from stack_actions.create_task(stack))
    stack_store.announce_stored_state(stack)
    stack.store.flush()
    traversal.start(stack.runtime, stack.context, stack, plan.creation(stack.dependencies()))
    return (yield from settled(stack))


def resume_create_task(stack: Any) -> Task:
    """Finish the create of a convergence nested ``stack`` whose parent's step was cut off:
    wait for its traversal, starting it if the step died before it did."""
    if stack.state == (states.CREATE, states.IN_PROGRESS):
        if db_api.stack_get_traversal(stack.context, stack.id) is None:
            return (yield from create_task(stack))
    return (yield from settled(stack))


def update_task(current: Any, new: Any, rollback: bool = False) -> Task:
    """Move the nested stack from ``current``'s definition to ``new``'s (``rollback``: as
    its parent rolls back); returns whether it ended UPDATE_COMPLETE."""
    if not current.state_data.convergence:
        return (yield from stack_update.update_task(current, new, rollback))
    stack_store.write_state(new, states.UPDATE, states.IN_PROGRESS, "Stack UPDATE started")
    stack_store.store_template(new)
    stack_update.switch_template(new, current.t.id)
    stack_update.attach_rows(new)
    traversal.start_update(new.runtime, new.context, current, new, rollback=rollback)
    return (yield from settled(new))


def delete_task(stack: Any) -> Task:
    """Delete the nested ``stack`` (a traversal supersedes the one in progress); returns
    whether it was deleted."""
    if not stack.state_data.convergence:
        return (yield from stack_actions.delete_task(stack))
    stack_store.write_state(stack, states.DELETE, states.IN_PROGRESS, "Stack DELETE started")
    traversal.start_deletion(stack.runtime, stack.context, stack)
    yield from settled(stack)
    return stack.state == (states.DELETE, states.COMPLETE)


def stop(stack: Any) -> None:
    """Stop the traversals in progress of the convergence nested ``stack`` and of the
    stacks below it, failing them as cancelled: the step that waited for it was cut short
    (by a delete of its parent, or a timeout), and as upstream's, they start no more."""
    if not stack.state_data.convergence:
        return
    row = db_api.stack_get(stack.context, stack.id, eager_load=False)
    if row is not None:
        traversal.cancel(stack.runtime, stack.context, row)
    traversal.stop_nested(stack.runtime, stack.context, stack.id)


def settled(stack: Any) -> Task:
    """Wait until the nested ``stack``'s action is no longer IN_PROGRESS, reading its row
    now and then, or as soon as this engine ended the action; its state is then the
    row's. Returns whether the action completed."""
    ends = stack.runtime.action_ends
    ended = ends.watch(stack.id)
    wait = FIRST_LOOK
    next_look = 0.0
    try:
        while True:
            if ended.is_set() or time.monotonic() >= next_look:
                ended.clear()
                action, status, reason, _ = db_api.stack_get_status(stack.context, stack.id)
                if status != states.IN_PROGRESS:
                    state = stack.state_data
                    state.action, state.status, state.status_reason = action, status, reason or ""
                    return status == states.COMPLETE
                next_look = time.monotonic() + wait
                wait = min(wait * 2, LONGEST_LOOK)
            yield
    finally:
        ends.unwatch(stack.id)
