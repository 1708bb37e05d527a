"""Starting, advancing, finishing and failing a traversal of a convergence stack.

The stack row holds the traversal in progress (``current_traversal``) and its graph
(``current_deps``). Starting a traversal replaces both, so work items of the one before
find themselves superseded and stop; the sync points of earlier traversals are dropped.
A traversal ends when every node nothing waits for has reported to the stack's own sync
point (entity: the stack id).
"""

from typing import Any

from oslo_log import log as logging
from oslo_utils import uuidutils

from heat.db import api as db_api
from heat.engine import db_outages, stack_actions, stack_store, stack_update
from heat.engine import resource_states as states
from heat.engine.convergence import graph as traversal_graph
from heat.engine.convergence.graph import Node
from heat.engine.walk import plan

LOG = logging.getLogger(__name__)
# What an update traversal keeps beside its graph: the template it started from, whether
# it rolls a failed update back, and whether it checks resources against reality.
FROM_TEMPLATE, ROLLBACK, CONVERGE = "from_template", "rollback", "converge"


def start(runtime: Any, context: Any, stack: Any, steps: plan.Plan) -> str:
    """Begin a traversal of ``steps`` (a plan of the stack's resources by name) for the
    action the stack row is IN_PROGRESS with; its id."""
    row_ids = {name: resource.id for name, resource in stack.resources.items()}
    graph = traversal_graph.from_plan(steps, row_ids)
    return _start_graph(runtime, context, stack, graph)


def start_deletion(runtime: Any, context: Any, stack: Any) -> str:
    """Begin a traversal deleting the stack's resources, those that need others first,
    after the copies a failed update replaced (made as their own type)."""
    row_ids = {name: resource.id for name, resource in stack.resources.items()}
    graph = traversal_graph.from_plan(plan.deletion(stack.dependencies()), row_ids)
    _add_copies_first(graph, stack.store.replaced_rows(stack.id))
    return _start_graph(runtime, context, stack, graph)


def start_update(runtime: Any, context: Any, current: Any, new: Any, rollback: bool = False) -> str:
    """Begin a traversal moving the stack from ``current``'s definition to ``new``'s (the
    row's template already): the update plan, and the replaced copies an earlier update
    left. An update deletes those first; a rollback may swap them back in, and deletes
    each that is left after the update of its name."""
    new.store.create_rows(new, new.resources.values())
    row_ids = {name: resource.id for name, resource in current.resources.items()}
    row_ids.update({name: resource.id for name, resource in new.resources.items()})
    steps = plan.update(current.dependencies(), new.dependencies())
    graph = traversal_graph.from_plan(steps, row_ids)
    copies = new.store.replaced_rows(new.id)
    if not rollback:
        _add_copies_first(graph, copies)
    for row in copies if rollback else []:
        copy = Node(row.id, False)
        graph.add_node(copy)
        if row.name in new.resources:
            graph.add_requirement(copy, Node(row_ids[row.name], True))
    details = {FROM_TEMPLATE: current.t.id, ROLLBACK: rollback, CONVERGE: new.converge}
    return _start_graph(runtime, context, new, graph, details)


def _add_copies_first(graph: traversal_graph.Graph, copies: Any) -> None:
    """Delete the replaced ``copies`` (rows) before any other step."""
    firsts = traversal_graph.starts(graph)
    for row in copies:
        copy = Node(row.id, False)
        graph.add_node(copy)
        for first in firsts:
            graph.add_requirement(first, copy)


def roll_back_update(runtime: Any, context: Any, failed: Any, previous_template_id: int) -> None:
    """Update back to the template the failed update started from."""
    stack_store.write_state(failed, states.ROLLBACK, states.IN_PROGRESS, "Stack ROLLBACK started")
    row = db_api.stack_get(context, failed.id)
    back = runtime.load_row(context, row, template_id=previous_template_id, store=failed.store)
    back.state_data.action, back.state_data.status = failed.action, failed.status
    stack_update.switch_template(back, None)
    stack_update.attach_rows(back)
    start_update(runtime, context, failed, back, rollback=True)


def _start_graph(
    runtime: Any,
    context: Any,
    stack: Any,
    graph: traversal_graph.Graph,
    details: dict[str, Any] | None = None,
) -> str:
    traversal_id = uuidutils.generate_uuid()
    stored = traversal_graph.to_stored(graph, **(details or {}))
    points = [
        (str(node.resource_id), node.is_update, traversal_graph.needs(graph, node))
        for node in graph
    ]
    points.append((stack.id, True, len(traversal_graph.ends(graph))))
    db_api.traversal_begin(context, stack.id, traversal_id, stored, points, runtime.engine_id)
    LOG.debug("Stack %s: traversal %s of %d steps", stack.id, traversal_id, len(graph))
    if not len(graph):
        finish(runtime, context, stack, traversal_id)
    runtime.workers.check_resources(
        context, stack.id, traversal_id, list(traversal_graph.starts(graph))
    )
    return traversal_id


def step_done(
    runtime: Any,
    context: Any,
    stack: Any,
    traversal_id: str,
    graph: traversal_graph.Graph,
    node: Node,
    locked: bool = False,
) -> None:
    """Mark ``node`` done, counting it in the steps waiting for it (or, when none does, in
    the traversal's own point), then send the steps it was the last for; the last step of
    all finishes the traversal. ``locked``: this engine holds the row's lock, to release
    with the report."""
    waiting = [point_of(other) for other in traversal_graph.waiting_for(graph, node)]
    report = db_api.StepReport(
        traversal_id,
        *point_of(node),
        waiting or [(stack.id, True)],
        sender=runtime.engine_id,
        unlock=(node.resource_id, runtime.engine_id) if locked else None,
    )
    # Written with the step's last states, and retried while the database is
    # unreachable. Should the answer to a commit be lost, the retry finds the step done
    # and sends nothing: recovery sends what it made ready.
    reached = db_outages.until_reachable(
        lambda: stack.store.flush(report=report),
        "completing step %s of stack %s" % (node, stack.id),
    )
    reached = reached or []
    ready = [Node(int(entity), is_update) for entity, is_update in reached if entity != stack.id]
    # The first step made ready stays on this engine, which has the stack at hand (a
    # chain of steps need not cross the broker at each link); the others go to any.
    runtime.workers.check_resources(context, stack.id, traversal_id, ready[:1], here=True)
    runtime.workers.check_resources(context, stack.id, traversal_id, ready[1:])
    if (stack.id, True) in reached:
        finish(runtime, context, stack, traversal_id)


def point_of(node: Node) -> tuple[str, bool]:
    """The sync point key of a step."""
    return str(node.resource_id), node.is_update


def finish(runtime: Any, context: Any, stack: Any, traversal_id: str) -> None:
    """End the traversal: the stack's action COMPLETE (a deleted stack removed)."""
    runtime.traversal_stacks.forget(stack.id)
    if not is_current(context, stack.id, traversal_id):
        return
    action = stack.action
    failure = stack_actions.released(stack) if action == states.DELETE else None
    if stack_actions.finish(stack, action, failure) and action == states.DELETE:
        stack_store.remove(stack)
    db_api.sync_points_delete(context, stack.id)
    runtime.action_ends.ended(stack.id)


def fail(
    runtime: Any, context: Any, stack: Any, traversal_id: str, failure: str, details: Any
) -> None:
    """Fail the stack's action, once for the traversal, and roll a failed create or update
    back unless rollback is disabled (``details``: those the traversal was stored with)."""
    runtime.traversal_stacks.forget(stack.id)
    if not supersede(context, stack.id, traversal_id):
        return
    action = stack.action
    if failure == "%s timed out" % action.capitalize() and action != states.CREATE:
        failure = "Timed out"  # an update's timeout reads so, as upstream
    stack_actions.finish(stack, action, failure)
    runtime.action_ends.ended(stack.id)
    roll_back(runtime, context, stack, details)


def roll_back(runtime: Any, context: Any, stack: Any, details: Any) -> None:
    """Roll the failed (or cancelled) create or update back, unless rollback is disabled."""
    if stack.state_data.disable_rollback:
        return
    if stack.action == states.CREATE:
        roll_back_create(runtime, context, stack)
    elif stack.action in (states.UPDATE, states.RESTORE):
        roll_back_update(runtime, context, stack, details[FROM_TEMPLATE])


def roll_back_create(runtime: Any, context: Any, stack: Any) -> None:
    """Delete what a failed or cancelled create made."""
    stack_store.write_state(stack, states.ROLLBACK, states.IN_PROGRESS, "Stack ROLLBACK started")
    start(runtime, context, stack, plan.deletion(stack.dependencies()))


def stop_nested(runtime: Any, context: Any, stack_id: str) -> None:
    """Stop the traversals in progress of the stack's nested stacks, at every depth, and
    fail them as cancelled (as upstream stops them on a cancel or a delete): their steps
    start no more steps, and those running finish."""
    owners = [stack_id]
    while owners:
        for row in db_api.stack_get_all_by_owner_id(context, owners.pop()):
            owners.append(row.id)
            cancel(runtime, context, row)


def cancel(runtime: Any, context: Any, row: Any) -> None:
    """Stop the traversal in progress of the stack ``row`` (if any) and fail the stack as
    cancelled; the steps running finish."""
    if row.status != states.IN_PROGRESS or not row.convergence or not row.current_traversal:
        return
    if supersede(context, row.id, row.current_traversal):
        stack = runtime.load_row(context, row)
        stack_actions.finish(stack, stack.action, "Stack %s cancelled" % stack.action)
        runtime.action_ends.ended(stack.id)


def is_current(context: Any, stack_id: str, traversal_id: str) -> bool:
    """Whether ``traversal_id`` is still the stack's traversal in progress."""
    return db_api.stack_get_traversal(context, stack_id) == traversal_id


def supersede(context: Any, stack_id: str, traversal_id: str) -> bool:
    """Stop the traversal ``traversal_id`` (its work items stop at their next step);
    whether it was still the stack's current one."""
    return db_api.stack_update(
        context,
        stack_id,
        {"current_traversal": uuidutils.generate_uuid()},
        exp_trvsl=traversal_id,
    )
