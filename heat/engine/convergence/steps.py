"""What a step of a traversal does to its resource, as a task that returns why it failed
(or None): create it, delete it, bring it to the new definition of an update, or clean
its row up; within what is left of the stack's timeout.

A step cut off by the death of its engine is resumed, not done twice: a resource left
``CREATE_COMPLETE`` is done, one left ``CREATE_IN_PROGRESS`` with a physical id is
resumed or checked, one whose in-place update was cut off is failed (and so replaced).
"""

from typing import Any

from oslo_log import log as logging
from oslo_utils import timeutils

from heat.engine import (
    replaced_copies,
    resource_actions,
    resource_store,
    stack_actions,
    stack_update,
)
from heat.engine import resource_states as states
from heat.engine.convergence import traversal
from heat.engine.convergence.graph import Node
from heat.engine.graph.dependencies import Dependencies
from heat.engine.walk import plan

LOG = logging.getLogger(__name__)


def task_of(stack: Any, previous: Any, node: Node, details: Any, update_row: Any) -> Any:
    """The step ``node`` of the stack as a task factory (``previous``: for an update, the
    definition it started from, and ``update_row`` the step's row, as just read); None
    when the resource's row is gone."""
    if previous is not None:
        return _update_work(stack, previous, node, details, update_row)
    resource, is_copy = _resource(stack, node.resource_id)
    if resource is None:
        return None
    return lambda: _step(stack, resource, node, is_copy)


def _update_work(stack: Any, previous: Any, node: Node, details: Any, resource_row: Any) -> Any:
    """A step of an update (or of its rollback): bring the resource to the new definition,
    or clean up its row (a replaced copy, or a resource the new template dropped)."""
    if resource_row is None:
        return None
    name = resource_row.name or ""
    cut_off = _cut_off(stack.resources.get(name)) if node.is_update else None
    if cut_off is not None:

        def visit(step: plan.Step) -> Any:
            return _create(cut_off)
    elif node.is_update:
        backups = replaced_copies.of_stack(stack) if details.get(traversal.ROLLBACK) else {}
        walk = stack_update.UpdateWalk(previous, stack, backups)

        def visit(step: plan.Step) -> Any:
            return walk.update(name)
    else:

        def visit(step: plan.Step) -> Any:
            return _clean_up(stack, previous, resource_row)

    steps = plan.forward(Dependencies([(name, None)]), stack.action.lower())
    return lambda: stack_actions.walk_graph_task(
        stack, stack.action, steps, visit, timeout=_time_left(stack)
    )


def _cut_off(resource: Any) -> Any:
    """The resource, when a step that died with its engine left its create (of a new
    resource, or of a replacement) to finish. One whose update was cut off is marked
    failed instead, so that the step replaces it: what the update did is unknown."""
    if resource is None or resource.status != states.IN_PROGRESS:
        return None
    if resource.action == states.CREATE:
        return resource
    if resource.action == states.UPDATE:
        reason = "Engine went down during resource UPDATE"
        resource.stack.store.record_state(resource, states.UPDATE, states.FAILED, reason)
    return None


def _clean_up(stack: Any, previous: Any, row: Any):
    """Delete the row's resource if it was replaced (its copy), or if the new template
    dropped its name; else nothing is left to clean up (a task)."""
    if row.replaced_by is not None:
        copy = replaced_copies.copy_of(stack, row)
        resource_store.use_stored_properties(stack.store, [copy])
        yield from replaced_copies.delete(copy)
    elif row.name not in stack.resources and row.name in previous.resources:
        yield from replaced_copies.delete(previous.resources[row.name])


def _resource(stack: Any, resource_id: int) -> tuple[Any, bool]:
    """The resource of the row (a template resource, else a replaced copy), and whether
    it is a copy; None when the row is gone."""
    for resource in stack.resources.values():
        if resource.id == resource_id:
            return resource, False
    for row in stack.store.replaced_rows(stack.id):
        if row.id == resource_id:
            copy = replaced_copies.copy_of(stack, row)
            resource_store.use_stored_properties(stack.store, [copy])
            return copy, True
    return None, False


def _step(stack: Any, resource: Any, node: Node, is_copy: bool):
    """The step as a task, within what is left of the stack's timeout; why it failed,
    or None."""
    action = states.CREATE if node.is_update else states.DELETE
    if is_copy:
        visit: Any = replaced_copies.delete
    elif node.is_update:
        visit = _create
    else:
        visit = resource_actions.delete
    steps = plan.forward(Dependencies([(resource.name, None)]), action.lower())
    return stack_actions.walk_graph_task(
        stack, action, steps, lambda step: visit(resource), timeout=_time_left(stack)
    )


def _create(resource: Any) -> Any:
    """Create the resource, unless a step that died with its engine did (part of) it: a
    resource left CREATE_COMPLETE is done; one left CREATE_IN_PROGRESS with a physical id
    is finished by its plugin's ``handle_resume_create`` (a nested stack waits for its
    traversal), else checked with its ``handle_check`` when it has one, not made twice."""
    if resource.state == (states.CREATE, states.COMPLETE):
        return
    if resource.state == (states.CREATE, states.IN_PROGRESS) and resource.resource_id:
        LOG.info("Resuming the create of %s, which was cut off", resource.name)
        resumption = ("resume_create", "check")
        handler = next((name for name in resumption if hasattr(resource, "handle_" + name)), None)
        yield from resource_actions.run_action(resource, states.CREATE, handler)
        return
    yield from resource_actions.create(resource)


def _time_left(stack: Any) -> float:
    """Seconds left of the stack's timeout, counted from when its action started."""
    started = stack.state_data.updated_time or stack.state_data.created_time
    if started is None:
        return stack.timeout_secs()
    return max(0.0, stack.timeout_secs() - timeutils.delta_seconds(started, timeutils.utcnow()))
