"""The plan of a stack action: the steps it takes, one per resource and phase, in order.

A step is ``(phase, name)``; an edge ``a -> b`` means step ``a`` waits for step ``b``.
Creating, checking or resuming follows the resources' dependencies; deleting or
suspending follows them backwards. An update is built in named steps
(:func:`update`): bring each resource of the new definition to it in the new order, clean
up each resource of the existing one in the existing order reversed, and clean up a
resource only after its own update and that of everything that needs it now, so that the
old copy of a replaced resource goes only once everything that used it, or uses it now,
has moved to the new copy.
"""

from typing import Any, NamedTuple

from heat.engine.graph.dependencies import Dependencies

CREATE, UPDATE, CLEANUP, DELETE = "create", "update", "cleanup", "delete"


class Step(NamedTuple):
    """One step of a plan: ``phase`` of the resource ``name``."""

    phase: str
    name: str

    def __str__(self) -> str:
        return "%s %s" % (self.phase, self.name)


Plan = Dependencies[Step]


def forward(resources: Dependencies[Any], phase: str) -> Plan:
    """``phase`` of every resource, each after the resources it needs."""
    plan: Plan = Dependencies()
    _add_in_order(plan, resources, phase)
    return plan


def backward(resources: Dependencies[Any], phase: str) -> Plan:
    """``phase`` of every resource, each after the resources that need it."""
    plan: Plan = Dependencies()
    _add_in_reverse(plan, resources, phase)
    return plan


def update(existing: Dependencies[Any], new: Dependencies[Any]) -> Plan:
    """Bring ``existing`` to ``new``: updates in the new order, clean-ups in the existing
    order reversed, each clean-up after its resource's update."""
    plan: Plan = Dependencies()
    _add_in_order(plan, new, UPDATE)
    _add_in_reverse(plan, existing, CLEANUP)
    _add_replacement_order(plan, existing, new)
    return plan


def creation(resources: Dependencies[Any]) -> Plan:
    """Create every resource."""
    return forward(resources, CREATE)


def deletion(resources: Dependencies[Any]) -> Plan:
    """Delete every resource, those that need others first."""
    return backward(resources, DELETE)


def names(plan: Plan, phase: str) -> list[str]:
    """The resources that ``phase`` steps of ``plan`` touch, in the order they were added."""
    return [step.name for step in plan if step.phase == phase]


def _add_in_order(plan: Plan, resources: Dependencies[Any], phase: str) -> None:
    for name in resources:
        plan.add_node(Step(phase, name))
    for requirer, required in resources.graph.edges:
        plan.add_requirement(Step(phase, requirer), Step(phase, required))


def _add_in_reverse(plan: Plan, resources: Dependencies[Any], phase: str) -> None:
    for name in resources:
        plan.add_node(Step(phase, name))
    for requirer, required in resources.graph.edges:
        plan.add_requirement(Step(phase, required), Step(phase, requirer))


def _add_replacement_order(plan: Plan, existing: Dependencies[Any], new: Dependencies[Any]) -> None:
    """A resource's clean-up (its old copy, when replaced) waits for its update and for the
    update of every resource that needs it in the new definition; with the reversed
    clean-up order, also for every resource that needed it before."""
    for name in existing:
        if name in new:
            plan.add_requirement(Step(CLEANUP, name), Step(UPDATE, name))
    for requirer, required in new.graph.edges:
        if required in existing:
            plan.add_requirement(Step(CLEANUP, required), Step(UPDATE, requirer))
