"""Updating a running stack to a new template, and rolling a failed update back.

The new definition becomes a new :class:`heat.engine.stack.Stack` object with the same id;
its resources that already exist take their state from the stored rows. Walking the new
graph, each resource is created (new), left alone (unchanged), updated in place, or
replaced (a new row is created, then the old physical resource deleted). Resources the new
template drops are deleted last, dependants first.
"""

from typing import Any

from heat.common import exception
from heat.db import api as db_api
from heat.engine import resource_actions, resource_store, stack_actions, stack_store
from heat.engine import resource_states as states
from heat.engine.stack import Stack


def attach_rows(new: Stack) -> None:
    """Give the new stack's resources the state of the rows stored under their names."""
    for name, row in new.store.rows_of(new.id).items():
        if name in new.resources:
            resource_store.apply_row(new.resources[name], row)


def _visit(new: Stack, current: Stack):
    def visit(resource: Any):
        old = current.resources.get(resource.name)
        if resource.id is None or old is None or old.action == states.INIT:
            new.store.create_rows(new, [resource])
            yield from resource_actions.create(resource)
            return
        if not resource_actions.needs_update(resource, old):
            return
        try:
            yield from resource_actions.update(resource, old)
        except exception.UpdateReplace:
            yield from _replace(new, resource)

    return visit


def _replace(new: Stack, resource: Any):
    replacement = new.make_resource(resource.name, resource.t)
    new.store.create_rows(new, [replacement])
    new.resources[resource.name] = replacement
    try:
        yield from resource_actions.create(replacement)
    except exception.ResourceFailure:
        new.resources[resource.name] = resource
        raise
    yield from resource_actions.delete(resource)
    new.store.delete_row(resource)


def _delete_removed_task(new: Stack, current: Stack, action: str):
    removed = [name for name in current.resources if name not in new.resources]
    if not removed:
        return None
    failure = yield from stack_actions.walk_task(
        current, action, resource_actions.delete, reverse=True, names=removed
    )
    for name in removed:
        if current.resources[name].state in (
            (states.DELETE, states.COMPLETE),
            (states.INIT, states.COMPLETE),
        ):
            current.store.delete_row(current.resources[name])
    current.store.flush()
    return failure


def run_update_task(current: Stack, new: Stack, action: str):
    """Move the stored stack from ``current``'s definition to ``new``'s (a task); returns
    the failure reason, or None."""
    failure = yield from stack_actions.walk_task(new, action, _visit(new, current))
    if failure is None:
        failure = yield from _delete_removed_task(new, current, action)
    return failure


def switch_template(new: Stack, previous_template_id: int | None) -> None:
    """Point the stack row at the new template, remembering the previous one."""
    values = {
        "raw_template_id": new.t.id,
        "prev_raw_template_id": previous_template_id,
        "timeout": new.state_data.timeout_mins,
        "disable_rollback": new.state_data.disable_rollback,
    }
    db_api.stack_update(new.context, new.id, values)
    db_api.stack_tags_set(new.context, new.id, new.state_data.tags)


def update_task(current: Stack, new: Stack):
    """Update a nested stack as a step of its parent resource (no rollback of its own);
    returns whether it ended UPDATE_COMPLETE."""
    stack_store.write_state(new, states.UPDATE, states.IN_PROGRESS, "Stack UPDATE started")
    stack_store.store_template(new)
    switch_template(new, current.t.id)
    attach_rows(new)
    failure = yield from run_update_task(current, new, states.UPDATE)
    return stack_actions.finish(new, states.UPDATE, failure)


def update(
    current: Stack, new: Stack, messages=stack_actions.no_messages, action: str = states.UPDATE
) -> None:
    """The UPDATE (or RESTORE) action, then a rollback to the previous template if it
    failed (unless rollback is disabled)."""
    stack_store.store_template(new)
    switch_template(new, current.t.id)
    attach_rows(new)
    rollback = not new.state_data.disable_rollback
    try:
        failure = stack_actions.drive(new, lambda: run_update_task(current, new, action), messages)
    except stack_actions.Cancelled as cancelled:
        failure = "Stack %s cancelled" % action
        rollback = cancelled.rollback
    current.store.flush()
    if failure == "%s timed out" % action.capitalize():
        failure = "Timed out"  # an update's timeout reads so, as upstream
    if stack_actions.finish(new, action, failure) or not rollback:
        return
    rollback_update(new, current)


def rollback_update(failed: Stack, previous: Stack) -> None:
    """Update back to ``previous``'s template after ``failed`` could not be reached."""
    stack_store.write_state(failed, states.ROLLBACK, states.IN_PROGRESS, "Stack ROLLBACK started")
    back = Stack(
        failed.context,
        failed.name,
        previous.t,
        failed.settings,
        stack_id=failed.id,
        state=previous.state_data,
        templates=failed.templates,
        store=failed.store,
    )
    back.state_data.action, back.state_data.status = failed.action, failed.status
    back.notifier = failed.notifier
    switch_template(back, None)
    attach_rows(back)
    failure = stack_actions.drive(back, lambda: run_update_task(failed, back, states.ROLLBACK))
    failed.store.flush()
    stack_actions.finish(back, states.ROLLBACK, failure)
