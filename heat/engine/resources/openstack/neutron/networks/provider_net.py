"""``OS::Neutron::ProviderNet``: a network on a given physical realisation (type,
physical network, segmentation id), shared and possibly external; admins only by
Neutron's default policy."""

from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import attributes, constraints, properties, support
from heat.engine.resources.openstack.neutron.networks.net import NET_PROPERTIES, Net

NETWORK_TYPE, PHYSICAL_NETWORK, SEGMENTATION_ID, ROUTER_EXTERNAL = (
    "network_type",
    "physical_network",
    "segmentation_id",
    "router_external",
)
# Properties that are Neutron's keys under another name.
NEUTRON_KEYS = {
    NETWORK_TYPE: "provider:network_type",
    PHYSICAL_NETWORK: "provider:physical_network",
    SEGMENTATION_ID: "provider:segmentation_id",
    ROUTER_EXTERNAL: "router:external",
}
UNSEGMENTED_TYPES = ("local", "flat")
TUNNELLED_TYPES = ("vxlan", "gre", "geneve", "local")

# Properties a provider network shares with a tenant network, word for word.
SHARED_WITH_NET = (
    "admin_state_up",
    "dns_domain",
    "name",
    "port_security_enabled",
)
PROVIDER_NET_PROPERTIES = {
    **{name: NET_PROPERTIES[name] for name in SHARED_WITH_NET},
    "availability_zone_hints": properties.Schema(
        properties.Schema.LIST,
        _(
            "Availability zone candidates for the network. It requires the availability_zone "
            "extension to be available."
        ),
        update_allowed=True,
    ),
    "network_type": properties.Schema(
        properties.Schema.STRING,
        _("A string specifying the provider network type for the network."),
        required=True,
        constraints=[
            constraints.AllowedValues(["local", "vlan", "vxlan", "gre", "geneve", "flat"])
        ],
        update_allowed=True,
    ),
    "physical_network": properties.Schema(
        properties.Schema.STRING,
        _("A string specifying physical network mapping for the network."),
        update_allowed=True,
    ),
    "router_external": properties.Schema(
        properties.Schema.BOOLEAN,
        _("Whether the network contains an external router."),
        default=False,
        update_allowed=True,
    ),
    "segmentation_id": properties.Schema(
        properties.Schema.STRING,
        _("A string specifying the segmentation id for the network."),
        update_allowed=True,
    ),
    "shared": properties.Schema(
        properties.Schema.BOOLEAN,
        _("Whether this network should be shared across all tenants."),
        default=True,
        update_allowed=True,
    ),
    "tags": properties.Schema(
        properties.Schema.LIST,
        _("The tags to be added to the provider network."),
        update_allowed=True,
        schema=properties.Schema(
            properties.Schema.STRING,
        ),
    ),
    "tenant_id": properties.Schema(
        properties.Schema.STRING,
        _(
            "The ID of the tenant which will own the provider network. Only administrative "
            "users can set the tenant identifier; this cannot be changed using authorization "
            "policies."
        ),
    ),
}
PROVIDER_NET_ATTRIBUTES = {
    "segments": attributes.Schema(_("The segments of this network."), type=attributes.Schema.LIST),
    "status": attributes.Schema(_("The status of the network."), type=attributes.Schema.STRING),
    "subnets": attributes.Schema(_("Subnets of this network."), type=attributes.Schema.LIST),
}


class ProviderNet(Net):
    """A Neutron network whose physical realisation the template gives."""

    support_status = support.SupportStatus(version="2014.1")
    required_extension = "provider"
    properties_schema = PROVIDER_NET_PROPERTIES
    attributes_schema = PROVIDER_NET_ATTRIBUTES

    def neutron_values(self, values: dict[str, Any]) -> dict[str, Any]:
        for prop, key in NEUTRON_KEYS.items():
            if prop in values:
                values[key] = values.pop(prop)
        return values

    def validate(self) -> None:
        """No segmentation id for an unsegmented type, no physical network for a
        tunnelled one."""
        super().validate()
        network_type = self.properties[NETWORK_TYPE]
        if self.properties[SEGMENTATION_ID] and network_type in UNSEGMENTED_TYPES:
            raise exception.StackValidationFailed(
                message=_("segmentation_id not allowed for network types: local, flat")
            )
        if self.properties[PHYSICAL_NETWORK] and network_type in TUNNELLED_TYPES:
            raise exception.StackValidationFailed(
                message=_(
                    "physical_network not allowed for network types: vxlan, gre, geneve, flat"
                )
            )

    def parse_live_resource_data(self, properties: Any, data: Any) -> dict[str, Any]:
        """The provider keys and the external flag under the properties' names, the
        others (but ``shared``) under their own."""
        live = {prop: data.get(key) for prop, key in NEUTRON_KEYS.items()}
        for prop in self.update_allowed_properties() - set(NEUTRON_KEYS) - {"shared"}:
            if prop in data and properties.get(prop) is not None:
                live[prop] = data[prop]
        return live


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Neutron::ProviderNet": ProviderNet}
