"""What an update would do to each resource: unchanged, updated, replaced, added or
deleted; an updated or replaced one also says what changes in it and why
(:mod:`heat.engine.resource_changes`).

With ``show_nested``, the resources of nested stacks join the same five lists, as OpenStack
Heat flattens them: a replaced or deleted resource's nested stack is deleted with it, an
added or replaced one's is added, and an updated one's is previewed as an update of its own.
"""

from collections.abc import Iterator
from typing import Any

from heat.engine import api_format, resource_changes, stack_update
from heat.engine.stack import Stack
from heat.engine.walk import decision, plan


def preview(current: Stack, new: Stack, show_nested: bool = False) -> dict[str, list]:
    """The changes that updating ``current`` to ``new`` would make."""
    hidden = resource_changes.hidden_values(current, new)
    return _preview(current, new, hidden, show_nested)


def _preview(current: Stack, new: Stack, hidden: set[str], show_nested: bool) -> dict[str, list]:
    stack_update.attach_rows(new)
    stack_update.use_stored_properties(current)
    old_graph, new_graph = current.dependencies(), new.dependencies()
    changes: dict[str, list] = {kind: [] for kind in decision.KINDS}
    kinds: dict[str, str] = {}
    for name, resource in new.resources.items():
        old = current.resources.get(name)
        change = decision.decide(resource, old)
        required_by = sorted(new_graph.required_by(name))
        if change.kind == decision.UPDATED:  # as upstream: the resource as it is now
            shown = api_format.format_resource(old, required_by=sorted(old_graph.required_by(name)))
        else:
            shown = api_format.format_resource(resource, required_by=required_by)
        if change.kind in (decision.UPDATED, decision.REPLACED):
            shown["changes"] = resource_changes.describe(resource, old, change, hidden, required_by)
        changes[change.kind].append(shown)
        kinds[name] = change.kind
    for name in plan.names(plan.update(old_graph, new_graph), plan.CLEANUP):
        if name not in new.resources:
            required_by = sorted(old_graph.required_by(name))
            changes[decision.DELETED].append(
                api_format.format_resource(current.resources[name], required_by=required_by)
            )
            kinds[name] = decision.DELETED
    if show_nested:
        for name, kind in kinds.items():
            nested = _nested(current.resources.get(name), new.resources.get(name), kind, hidden)
            for nested_kind, listed in nested.items():
                changes[nested_kind].extend(listed)
    return changes


def _stored_child(resource: Any) -> Stack | None:
    nested = getattr(resource, "nested", None)
    return nested() if nested is not None else None


def _planned_child(resource: Any) -> Stack | None:
    planned = getattr(resource, "preview_stack", None)
    return planned() if planned is not None else None


def _nested(old: Any, new: Any, kind: str, hidden: set[str]) -> dict[str, list]:
    """The changes inside the nested stacks of one resource of ``kind``."""
    changes: dict[str, list] = {}
    if kind == decision.UPDATED:
        current = _stored_child(old)
        if current is not None and hasattr(new, "planned_update"):
            return _preview(current, new.planned_update(current), hidden, show_nested=True)
    if kind in (decision.DELETED, decision.REPLACED):
        current = _stored_child(old)
        if current is not None:
            changes[decision.DELETED] = list(_every_resource(current, _stored_child))
    if kind in (decision.ADDED, decision.REPLACED):
        planned = _planned_child(new)
        if planned is not None:
            changes[decision.ADDED] = list(_every_resource(planned, _planned_child))
    return changes


def _every_resource(stack: Stack, child_of) -> Iterator[dict[str, Any]]:
    """Each resource of ``stack`` and of the stacks nested in it (``child_of`` finds them),
    formatted."""
    graph = stack.dependencies()
    for name, resource in stack.resources.items():
        yield api_format.format_resource(resource, required_by=sorted(graph.required_by(name)))
        child = child_of(resource)
        if child is not None:
            yield from _every_resource(child, child_of)
