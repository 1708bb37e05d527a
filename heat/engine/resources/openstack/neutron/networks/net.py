"""``OS::Neutron::Net``: a tenant network; its QoS policy and DHCP agents are named in
the template, its segments read from Neutron."""

from typing import Any

from heat.common.i18n import _
from heat.engine import attributes, constraints, properties
from heat.engine.resources.openstack.neutron import agent_scheduling
from heat.engine.resources.openstack.neutron.neutron_resource import NeutronResource

QOS_POLICY, DHCP_AGENT_IDS, SHARED, SEGMENTS = (
    "qos_policy",
    "dhcp_agent_ids",
    "shared",
    "segments",
)

NET_PROPERTIES = {
    "admin_state_up": properties.Schema(
        properties.Schema.BOOLEAN,
        _("A boolean value specifying the administrative status of the network."),
        default=True,
        update_allowed=True,
    ),
    "availability_zone_hints": properties.Schema(
        properties.Schema.LIST,
        _(
            "Availability zone candidates for the network. It requires the availability_zone "
            "extension to be available."
        ),
    ),
    "dhcp_agent_ids": properties.Schema(
        properties.Schema.LIST,
        _(
            "The IDs of the DHCP agent to schedule the network. Note that the default policy "
            "setting in Neutron restricts usage of this property to administrative users only."
        ),
        update_allowed=True,
    ),
    "dns_domain": properties.Schema(
        properties.Schema.STRING,
        _("DNS domain associated with this network."),
        constraints=[constraints.CustomConstraint("dns_domain")],
        update_allowed=True,
    ),
    "name": properties.Schema(
        properties.Schema.STRING,
        _(
            "A string specifying a symbolic name for the network, which is not required to be "
            "unique."
        ),
        update_allowed=True,
    ),
    "port_security_enabled": properties.Schema(
        properties.Schema.BOOLEAN,
        _(
            "Flag to enable/disable port security on the network. It provides the default value "
            "for the attribute of the ports created on this network."
        ),
        update_allowed=True,
    ),
    "qos_policy": properties.Schema(
        properties.Schema.STRING,
        _("The name or ID of QoS policy to attach to this network."),
        constraints=[constraints.CustomConstraint("neutron.qos_policy")],
        update_allowed=True,
    ),
    "shared": properties.Schema(
        properties.Schema.BOOLEAN,
        _(
            "Whether this network should be shared across all tenants. Note that the default "
            "policy setting restricts usage of this attribute to administrative users only."
        ),
        default=False,
        update_allowed=True,
    ),
    "tags": properties.Schema(
        properties.Schema.LIST,
        _("The tags to be added to the network."),
        update_allowed=True,
        schema=properties.Schema(
            properties.Schema.STRING,
        ),
    ),
    "tenant_id": properties.Schema(
        properties.Schema.STRING,
        _(
            "The ID of the tenant which will own the network. Only administrative users can set "
            "the tenant identifier; this cannot be changed using authorization policies."
        ),
    ),
    "value_specs": properties.Schema(
        properties.Schema.MAP,
        _(
            "Extra parameters to include in the request. Parameters are often specific to "
            "installed hardware or extensions."
        ),
        default={},
        update_allowed=True,
    ),
}
NET_ATTRIBUTES = {
    "admin_state_up": attributes.Schema(
        _("The administrative status of the network."), type=attributes.Schema.STRING
    ),
    "l2_adjacency": attributes.Schema(
        _(
            "A boolean value for L2 adjacency, True means that you can expect L2 connectivity "
            "throughout the Network."
        ),
        type=attributes.Schema.BOOLEAN,
    ),
    "mtu": attributes.Schema(
        _("The maximum transmission unit size(in bytes) for the network."),
        type=attributes.Schema.INTEGER,
    ),
    "name": attributes.Schema(_("The name of the network."), type=attributes.Schema.STRING),
    "port_security_enabled": attributes.Schema(
        _("Port security enabled of the network."), type=attributes.Schema.BOOLEAN
    ),
    "qos_policy_id": attributes.Schema(
        _("The QoS policy ID attached to this network."), type=attributes.Schema.STRING
    ),
    "segments": attributes.Schema(_("The segments of this network."), type=attributes.Schema.LIST),
    "status": attributes.Schema(_("The status of the network."), type=attributes.Schema.STRING),
    "subnets": attributes.Schema(_("Subnets of this network."), type=attributes.Schema.LIST),
    "tenant_id": attributes.Schema(
        _("The tenant owning this network."), type=attributes.Schema.STRING
    ),
}


class Net(NeutronResource):
    """A Neutron network: an isolated layer-2 domain, the project's own unless shared."""

    entity = "network"
    has_status = True
    properties_schema = NET_PROPERTIES
    attributes_schema = NET_ATTRIBUTES

    def neutron_values(self, values: dict[str, Any]) -> dict[str, Any]:
        """The QoS policy by id; DHCP agents are not part of the network's body."""
        values.pop(DHCP_AGENT_IDS, None)
        if QOS_POLICY in values:
            values["qos_policy_id"] = self.neutron_id("qos_policy", values.pop(QOS_POLICY))
        return values

    def after_create(self) -> None:
        if self.properties.get(DHCP_AGENT_IDS):
            agent_scheduling.schedule(
                self, agent_scheduling.DHCP, self.properties[DHCP_AGENT_IDS], DHCP_AGENT_IDS
            )

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> None:
        super().handle_update(json_snippet, tmpl_diff, prop_diff)
        if DHCP_AGENT_IDS in prop_diff:
            agent_scheduling.schedule(
                self, agent_scheduling.DHCP, prop_diff[DHCP_AGENT_IDS] or [], DHCP_AGENT_IDS
            )

    def parse_live_resource_data(self, properties: Any, data: Any) -> dict[str, Any]:
        """``shared`` is left out (as upstream does); the QoS policy is Neutron's id, the
        DHCP agents (when the template names some) those hosting the network, if the user
        may list them."""
        live = super().parse_live_resource_data(properties, data)
        live.pop(SHARED, None)
        live[QOS_POLICY] = data.get("qos_policy_id")
        if properties.get(DHCP_AGENT_IDS) is not None:
            agents = agent_scheduling.live_agents(self, agent_scheduling.DHCP)
            if agents is not None:
                live[DHCP_AGENT_IDS] = agents
        return live

    def _resolve_attribute(self, name: str) -> Any:
        if name == SEGMENTS:
            if self.resource_id is None:
                return None
            answer = self.request("get", "/segments?network_id=%s" % self.resource_id)
            # Segments without a name first, as upstream orders them.
            return sorted(answer["segments"], key=lambda segment: segment["name"] is not None)
        return super()._resolve_attribute(name)


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Neutron::Net": Net}
