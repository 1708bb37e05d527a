"""``OS::Neutron::Router``: a router, its gateway to an external network and its L3
agents; the subnets of the external network come first."""

from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import attributes, constraints, properties, support
from heat.engine.resources.openstack.neutron import agent_scheduling
from heat.engine.resources.openstack.neutron.networks import subnet
from heat.engine.resources.openstack.neutron.neutron_resource import NeutronResource

(
    GATEWAY,
    GATEWAY_NETWORK,
    ENABLE_SNAT,
    FIXED_IPS,
    L3_AGENT_ID,
    L3_AGENT_IDS,
    DISTRIBUTED,
    HA,
) = (
    "external_gateway_info",
    "network",
    "enable_snat",
    "external_fixed_ips",
    "l3_agent_id",
    "l3_agent_ids",
    "distributed",
    "ha",
)

ROUTER_PROPERTIES = {
    "admin_state_up": properties.Schema(
        properties.Schema.BOOLEAN,
        _("The administrative state of the router."),
        default=True,
        update_allowed=True,
    ),
    "availability_zone_hints": properties.Schema(
        properties.Schema.LIST,
        _(
            "Availability zone candidates for the router. It requires the availability_zone "
            "extension to be available."
        ),
        update_allowed=True,
    ),
    "distributed": properties.Schema(
        properties.Schema.BOOLEAN,
        _(
            "Indicates whether or not to create a distributed router. NOTE: The default policy "
            "setting in Neutron restricts usage of this property to administrative users only. "
            "This property can not be used in conjunction with the L3 agent ID."
        ),
    ),
    "external_gateway_info": properties.Schema(
        properties.Schema.MAP,
        _("External network gateway configuration for a router."),
        update_allowed=True,
        schema={
            "enable_snat": properties.Schema(
                properties.Schema.BOOLEAN,
                _(
                    "Enables Source NAT on the router gateway. NOTE: The default policy setting "
                    "in Neutron restricts usage of this property to administrative users only."
                ),
                update_allowed=True,
            ),
            "external_fixed_ips": properties.Schema(
                properties.Schema.LIST,
                _("External fixed IP addresses for the gateway."),
                update_allowed=True,
                schema=properties.Schema(
                    properties.Schema.MAP,
                    schema={
                        "ip_address": properties.Schema(
                            properties.Schema.STRING,
                            _("External fixed IP address."),
                            constraints=[constraints.CustomConstraint("ip_addr")],
                        ),
                        "subnet": properties.Schema(
                            properties.Schema.STRING,
                            _("Subnet of external fixed IP address."),
                            constraints=[constraints.CustomConstraint("neutron.subnet")],
                        ),
                    },
                ),
            ),
            "network": properties.Schema(
                properties.Schema.STRING,
                _("ID or name of the external network for the gateway."),
                required=True,
                update_allowed=True,
            ),
        },
    ),
    "ha": properties.Schema(
        properties.Schema.BOOLEAN,
        _(
            "Indicates whether or not to create a highly available router. NOTE: The default "
            "policy setting in Neutron restricts usage of this property to administrative users "
            "only. And now neutron do not support distributed and ha at the same time."
        ),
    ),
    "l3_agent_ids": properties.Schema(
        properties.Schema.LIST,
        _(
            "ID list of the L3 agent. User can specify multi-agents for highly available router. "
            "NOTE: The default policy setting in Neutron restricts usage of this property to "
            "administrative users only."
        ),
        update_allowed=True,
        schema=properties.Schema(properties.Schema.STRING),
    ),
    "name": properties.Schema(
        properties.Schema.STRING,
        _("The name of the router."),
        update_allowed=True,
    ),
    "tags": properties.Schema(
        properties.Schema.LIST,
        _("The tags to be added to the router."),
        update_allowed=True,
        schema=properties.Schema(properties.Schema.STRING),
    ),
    "tenant_id": properties.Schema(
        properties.Schema.STRING,
        _(
            "The ID of the tenant which will own the router. Only administrative users can set "
            "the tenant identifier; this cannot be changed using authorization policies."
        ),
    ),
    "value_specs": properties.Schema(
        properties.Schema.MAP,
        _("Extra parameters to include in the creation request."),
        default={},
        update_allowed=True,
    ),
    # Hidden since 6.0.0: one agent, before l3_agent_ids listed several.
    "l3_agent_id": properties.Schema(
        properties.Schema.STRING,
        update_allowed=True,
        support_status=support.SupportStatus(
            status=support.HIDDEN,
            version="6.0.0",
            previous_status=support.SupportStatus(
                status=support.DEPRECATED,
                version="2015.1",
                message=_("Use property %s.") % L3_AGENT_IDS,
                previous_status=support.SupportStatus(version="2014.1"),
            ),
        ),
    ),
}
ROUTER_ATTRIBUTES = {
    "admin_state_up": attributes.Schema(
        _("Administrative state of the router."), type=attributes.Schema.STRING
    ),
    "external_gateway_info": attributes.Schema(
        _("Gateway network for the router."), type=attributes.Schema.MAP
    ),
    "name": attributes.Schema(_("Friendly name of the router."), type=attributes.Schema.STRING),
    "status": attributes.Schema(_("The status of the router."), type=attributes.Schema.STRING),
    "tenant_id": attributes.Schema(_("Tenant owning the router."), type=attributes.Schema.STRING),
}


class Router(NeutronResource):
    """A Neutron router: routes between its interfaces' subnets and, through its gateway,
    to an external network."""

    entity = "router"
    has_status = True
    required_extension = "router"
    properties_schema = ROUTER_PROPERTIES
    attributes_schema = ROUTER_ATTRIBUTES

    @classmethod
    def implied_requirements(cls, name: str, values: dict[str, Any], resources: Any) -> list[str]:
        """The template's subnets of the external network: the gateway needs an address."""
        gateway = values.get(GATEWAY)
        network = gateway.get(GATEWAY_NETWORK) if isinstance(gateway, dict) else None
        return subnet.subnets_on(network, resources)

    def agent_ids(self, values: dict[str, Any]) -> list[str] | None:
        """The agents a template's values name, under either property; None for none."""
        if values.get(L3_AGENT_IDS) is not None:
            return list(values[L3_AGENT_IDS])
        if values.get(L3_AGENT_ID) is not None:
            return [values[L3_AGENT_ID]]
        return None

    def neutron_values(self, values: dict[str, Any]) -> dict[str, Any]:
        """The gateway's network and subnets by id, its unset keys left out; the agents
        are scheduled after, not sent."""
        values.pop(L3_AGENT_IDS, None)
        values.pop(L3_AGENT_ID, None)
        if GATEWAY in values:
            values[GATEWAY] = self.gateway_body(values[GATEWAY])
        return values

    def gateway_body(self, gateway: dict[str, Any] | None) -> dict[str, Any] | None:
        """``external_gateway_info`` as Neutron takes it (None removes the gateway)."""
        if gateway is None:
            return None
        body: dict[str, Any] = {"network_id": self.neutron_id("network", gateway[GATEWAY_NETWORK])}
        if gateway.get(ENABLE_SNAT) is not None:
            body[ENABLE_SNAT] = gateway[ENABLE_SNAT]
        if gateway.get(FIXED_IPS) is not None:
            body[FIXED_IPS] = [self._fixed_ip(wanted) for wanted in gateway[FIXED_IPS]]
        return body

    def _fixed_ip(self, wanted: dict[str, Any]) -> dict[str, Any]:
        fixed_ip = {}
        if wanted.get("ip_address"):
            fixed_ip["ip_address"] = wanted["ip_address"]
        if wanted.get("subnet"):
            fixed_ip["subnet_id"] = self.neutron_id("subnet", wanted["subnet"])
        return fixed_ip

    def after_create(self) -> None:
        agents = self.agent_ids(dict(self.properties))
        if agents:
            agent_scheduling.schedule(self, agent_scheduling.L3, agents, L3_AGENT_IDS)

    def update_body(self, prop_diff: dict[str, Any]) -> dict[str, Any]:
        """A gateway removed from the template is removed from the router."""
        body = super().update_body(prop_diff)
        if GATEWAY in prop_diff and prop_diff[GATEWAY] is None:
            body[GATEWAY] = None
        return body

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> None:
        super().handle_update(json_snippet, tmpl_diff, prop_diff)
        if L3_AGENT_IDS in prop_diff or L3_AGENT_ID in prop_diff:
            agents = self.agent_ids(dict(self.properties)) or []
            agent_scheduling.schedule(self, agent_scheduling.L3, agents, L3_AGENT_IDS)

    def validate(self) -> None:
        """One way of naming agents; no agents for a distributed router, which may not be
        HA either; one agent unless HA."""
        super().validate()
        distributed, ha = self.properties[DISTRIBUTED], self.properties[HA]
        one, several = self.properties[L3_AGENT_ID], self.properties[L3_AGENT_IDS]
        if one and several:
            raise exception.ResourcePropertyConflict(props=", ".join((L3_AGENT_ID, L3_AGENT_IDS)))
        if distributed and (one or several):
            raise exception.ResourcePropertyConflict(
                props=", ".join((DISTRIBUTED, "/".join((L3_AGENT_ID, L3_AGENT_IDS))))
            )
        if ha and distributed:
            raise exception.ResourcePropertyConflict(props=", ".join((DISTRIBUTED, HA)))
        if not ha and several and len(several) > 1:
            raise exception.StackValidationFailed(
                message=_("Non HA routers can only have one L3 agent.")
            )

    def parse_live_resource_data(self, properties: Any, data: Any) -> dict[str, Any]:
        """The gateway's network and SNAT as Neutron has them; the hosting agents when
        the template names some and the user may list them."""
        live = super().parse_live_resource_data(properties, data)
        gateway = data.get(GATEWAY)
        if properties.get(GATEWAY) is not None or gateway:
            live[GATEWAY] = (
                {GATEWAY_NETWORK: gateway.get("network_id"), ENABLE_SNAT: gateway.get(ENABLE_SNAT)}
                if gateway
                else None
            )
        if self.agent_ids(dict(properties)) is not None:
            agents = agent_scheduling.live_agents(self, agent_scheduling.L3)
            if agents is not None:
                live[L3_AGENT_IDS] = agents
        return live


def resource_mapping() -> dict[str, type]:
    """The types this module provides (the router's interfaces and old-style gateway live
    in router_interface and router_gateway)."""
    return {"OS::Neutron::Router": Router}
