"""Which Neutron agents host a network (DHCP) or a router (L3), when a template names them.

Neutron's default policy lets only admins schedule, and a cloud without such agents (or
without the scheduler extension) refuses: either way the refusal is reported against the
template's property, not as Neutron's bare error.
"""

import dataclasses
from typing import Any

from heat.common import exception
from heat.common.i18n import _


@dataclasses.dataclass(frozen=True)
class AgentKind:
    """Neutron's paths for one kind of scheduling."""

    #: ``GET`` lists the agents hosting the item: ``/networks/%s/dhcp-agents``.
    hosting_path: str
    #: The items an agent hosts, ``POST``ed to and ``DELETE``d from: ``/agents/%s/dhcp-networks``.
    agent_path: str
    #: The key of the item's id in the ``POST`` body: ``network_id``.
    id_key: str
    #: What the item is, for messages: ``network``.
    what: str


DHCP = AgentKind("/networks/%s/dhcp-agents", "/agents/%s/dhcp-networks", "network_id", "network")
L3 = AgentKind("/routers/%s/l3-agents", "/agents/%s/l3-routers", "router_id", "router")


def hosting_agents(resource: Any, kind: AgentKind) -> set[str]:
    """Ids of the agents hosting the resource's item."""
    answer = resource.request("get", kind.hosting_path % resource.resource_id)
    return {agent["id"] for agent in answer["agents"]}


def schedule(resource: Any, kind: AgentKind, agent_ids: list[str], prop: str) -> None:
    """Make exactly ``agent_ids`` the agents hosting the resource's item; Neutron's
    refusal is a StackValidationFailed naming ``prop``."""
    plugin = resource.client_plugin()
    item = resource.resource_id
    try:
        hosting = hosting_agents(resource, kind)
        for agent in sorted(set(agent_ids) - hosting):
            try:
                resource.request("post", kind.agent_path % agent, {kind.id_key: item})
            except Exception as error:  # already hosting it is no error
                if not plugin.is_conflict(error):
                    raise
        for agent in sorted(hosting - set(agent_ids)):
            try:
                resource.request("delete", "%s/%s" % (kind.agent_path % agent, item))
            except Exception as error:  # gone, or not hosting it any more
                if not (plugin.is_conflict(error) or plugin.is_not_found(error)):
                    raise
    except Exception as error:  # Neutron's refusal, named for the template's author
        if not plugin.is_client_error(error):
            raise
        raise exception.StackValidationFailed(
            message=_(
                "Property %(prop)s: Neutron could not schedule the %(what)s on the agents "
                "%(agents)s: %(error)s"
            )
            % {"prop": prop, "what": kind.what, "agents": agent_ids, "error": error}
        ) from error


def live_agents(resource: Any, kind: AgentKind) -> list[str] | None:
    """The hosting agents for live state, or None when the user may not list them."""
    try:
        return sorted(hosting_agents(resource, kind))
    except Exception as error:  # an ordinary user may not list agents
        if not resource.client_plugin().is_client_error(error):
            raise
        return None
