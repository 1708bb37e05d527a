"""Tell the load balancers a group names (``LoadBalancerNames``) which members it has.

After every change of its members an instance group updates each named load balancer in
place, as a stack update would, with the ids of its members in service as the balancer's
``Instances``; the other properties stay as the balancer stored them. Only types with an
``Instances`` property can be named (``AWS::ElasticLoadBalancing::LoadBalancer``), as
upstream.
"""

from collections.abc import Iterator, Sequence
from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import resource_actions, resource_store
from heat.engine.rsrc_defn import ResourceDefinition
from heat.engine.walk import decision

INSTANCES = "Instances"


def reconfigure(stack: Any, names: Sequence[str], member_ids: list[str]) -> Iterator[None]:
    """A task updating the load balancers ``names`` of ``stack`` to balance ``member_ids``."""
    for name in names:
        balancer = stack.resource_by_refid(name)
        if balancer is None or INSTANCES not in balancer.properties_schema:
            raise exception.Error(_("Unsupported resource '%s' in LoadBalancerNames") % name)
        yield from _update(stack, balancer, member_ids)


def _update(stack: Any, balancer: Any, member_ids: list[str]) -> Iterator[None]:
    row = stack.store.rows_of(stack.id)[balancer.name]
    old = _loaded(stack, balancer.t, row)
    stored = stack.store.stored_properties([old]).get(old.properties_data_id or 0)
    if stored is not None:
        kept = ResourceDefinition(old.name, old.type(), properties=stored)
        old.properties = old.make_properties(kept)
    values = dict(stored if stored is not None else balancer.t.properties())
    values[INSTANCES] = member_ids
    new = _loaded(stack, balancer.t.freeze(properties=values), row)
    change = decision.decide(new, old)
    if change.kind != decision.UNCHANGED:
        yield from resource_actions.update(new, old, change)
    stack.resources[balancer.name] = new


def _loaded(stack: Any, definition: Any, row: Any) -> Any:
    resource = stack.make_resource(definition.name, definition)
    resource_store.apply_row(resource, row)
    return resource
