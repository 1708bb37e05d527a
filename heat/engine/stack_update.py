"""Updating a running stack to a new template, and rolling a failed update back.

The new definition becomes a new :class:`heat.engine.stack.Stack` object with the same id;
its resources that already exist take their state from the stored rows. Each resource is
compared with the values it stored at its last action, then created (new), left alone
(unchanged), updated in place, or replaced: a new row is made current and the old one kept
as the replaced copy until its clean-up, which waits until everything that used it has
moved on (:func:`heat.engine.walk.plan.update`). A failed update leaves replaced copies behind;
its rollback swaps them back in rather than making new ones, and any later update deletes
them first.
"""

from typing import Any

from heat.common import exception
from heat.db import api as db_api
from heat.engine import (
    hooks,
    live_state,
    replaced_copies,
    resource_actions,
    resource_store,
    stack_actions,
    stack_store,
)
from heat.engine import resource_states as states
from heat.engine.stack import Stack
from heat.engine.walk import decision, plan


def attach_rows(new: Stack) -> None:
    """Give the new stack's resources the state of the rows stored under their names."""
    for name, row in new.store.rows_of(new.id).items():
        if name in new.resources:
            resource_store.apply_row(new.resources[name], row)


def use_stored_properties(stack: Stack) -> None:
    """Give the stack's resources the properties they stored at their last action, which
    are what an update compares the new values with."""
    resource_store.use_stored_properties(stack.store, stack.resources.values())


class UpdateWalk:
    """One walk of an update (or rollback) graph from ``current`` to ``new``."""

    def __init__(self, current: Stack, new: Stack, backups: dict[str, Any]):
        self.current = current
        self.new = new
        # Replaced copies left by an earlier failed update, which a rollback swaps back in.
        self.backups = backups
        # Old copies replaced during this walk, deleted by their clean-up.
        self.replaced: dict[str, Any] = {}

    def visit(self, step: plan.Step):
        return self.update(step.name) if step.phase == plan.UPDATE else self._clean_up(step.name)

    def update(self, name: str):
        """Bring the resource ``name`` to its new definition (a task): create, keep,
        update in place or replace it."""
        resource = self.new.resources[name]
        old = self.current.resources.get(name)
        if decision.is_new(resource, old):
            self.new.store.create_rows(self.new, [resource])
            yield from resource_actions.create(resource)
            return
        if resource_actions.check_external_id(resource, old):
            return
        # Upstream pauses on a pre-update hook whether or not the resource changes.
        yield from hooks.wait_for(resource, hooks.PRE_UPDATE, states.UPDATE)
        try:
            if self.new.converge or self.new.settings.observe_on_update:
                live_state.observe(old)
            change = decision.decide(resource, old)
            if change.kind == decision.UNCHANGED:
                return
            yield from resource_actions.update(resource, old, change)
        except exception.UpdateReplace:
            yield from self._replace(resource)

    def _replace(self, resource: Any):
        name = resource.name
        self.replaced[name] = resource
        backup = self.backups.pop(name, None)
        # A copy that gave its physical resource away (DELETE COMPLETE) cannot come back.
        restorable = backup is not None and backup.state not in resource_actions.SETTLED
        if restorable and backup.status == states.COMPLETE:
            self.new.store.exchange_rows(resource, backup)
            self.new.resources[name] = backup
            return
        if backup is not None:
            yield from replaced_copies.delete(backup)
        # A type whose physical resource cannot coexist with its replacement (a Nova key
        # pair keeps its name) clears the way first.
        resource_actions.prepare_for_replace(resource)
        replacement = self.new.make_resource(name, resource.t)
        self.new.store.create_replacement_row(self.new, resource, replacement)
        resource_store.use_stored_properties(self.new.store, [resource])
        self.new.resources[name] = replacement
        yield from resource_actions.create(replacement)

    def _clean_up(self, name: str):
        old = self.replaced.pop(name, None)
        if old is None and name not in self.new.resources:
            old = self.current.resources[name]
        if old is not None:
            yield from replaced_copies.delete(old)
        backup = self.backups.pop(name, None)
        if backup is not None:
            yield from replaced_copies.delete(backup)


def run_update_task(current: Stack, new: Stack, action: str, rollback: bool = False):
    """Move the stored stack from ``current``'s definition to ``new``'s (a task); returns
    the failure reason, or None. A rollback may swap replaced copies back in; any other
    update deletes them first."""
    use_stored_properties(current)
    backups: dict[str, Any] = {}
    if rollback:
        backups = replaced_copies.of_stack(new)
    else:
        failure = yield from replaced_copies.delete_task(
            replaced_copies.of_stack(new).values(), action
        )
        if failure is not None:
            return failure
    walk = UpdateWalk(current, new, backups)
    steps = plan.update(current.dependencies(), new.dependencies())
    failure = yield from stack_actions.walk_graph_task(new, action, steps, walk.visit)
    if failure is None:
        failure = yield from replaced_copies.delete_task(walk.backups.values(), action)
    current.store.flush()
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


def update_task(current: Stack, new: Stack, rollback: bool = False):
    """Update a nested stack as a step of its parent resource (no rollback of its own; a
    parent rolling back rolls it back too); returns whether it ended UPDATE_COMPLETE."""
    stack_store.write_state(new, states.UPDATE, states.IN_PROGRESS, "Stack UPDATE started")
    stack_store.store_template(new)
    switch_template(new, current.t.id)
    attach_rows(new)
    failure = yield from run_update_task(current, new, states.UPDATE, rollback)
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
    failure = stack_actions.drive(
        back, lambda: run_update_task(failed, back, states.ROLLBACK, rollback=True)
    )
    failed.store.flush()
    stack_actions.finish(back, states.ROLLBACK, failure)
