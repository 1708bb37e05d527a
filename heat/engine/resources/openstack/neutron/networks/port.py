"""``OS::Neutron::Port``: a port of a network with its fixed IPs, address pairs, security
groups (by name or id), QoS policy and binding; a server may then be given the port."""

from typing import Any

from oslo_log import log as logging

from heat.common import exception
from heat.common.i18n import _
from heat.engine import attributes, constraints, properties, support
from heat.engine.resources.openstack.neutron.networks import subnet
from heat.engine.resources.openstack.neutron.neutron_resource import NeutronResource

LOG = logging.getLogger(__name__)

NETWORK_ID = "network_id"
(
    NETWORK,
    FIXED_IPS,
    NO_FIXED_IPS,
    ALLOWED_ADDRESS_PAIRS,
    SECURITY_GROUPS,
    QOS_POLICY,
    REPLACEMENT_POLICY,
) = (
    "network",
    "fixed_ips",
    "no_fixed_ips",
    "allowed_address_pairs",
    "security_groups",
    "qos_policy",
    "replacement_policy",
)
SUBNET, SUBNET_ID, IP_ADDRESS, MAC_ADDRESS = ("subnet", "subnet_id", "ip_address", "mac_address")
SUBNETS_ATTR, NETWORK_ATTR = "subnets", "network"

PORT_PROPERTIES = {
    "admin_state_up": properties.Schema(
        properties.Schema.BOOLEAN,
        _("The administrative state of this port."),
        default=True,
        update_allowed=True,
    ),
    "allowed_address_pairs": properties.Schema(
        properties.Schema.LIST,
        _("Additional MAC/IP address pairs allowed to pass through the port."),
        update_allowed=True,
        schema=properties.Schema(
            properties.Schema.MAP,
            schema={
                "ip_address": properties.Schema(
                    properties.Schema.STRING,
                    _("IP address to allow through this port."),
                    required=True,
                    constraints=[constraints.CustomConstraint("ip_or_cidr")],
                ),
                "mac_address": properties.Schema(
                    properties.Schema.STRING,
                    _("MAC address to allow through this port."),
                    constraints=[constraints.CustomConstraint("mac_addr")],
                ),
            },
        ),
    ),
    "binding:vnic_type": properties.Schema(
        properties.Schema.STRING,
        _(
            "The vnic type to be bound on the neutron port. To support SR-IOV PCI passthrough "
            "networking, you can request that the neutron port to be realized as normal (virtual "
            "nic), direct (pci passthrough), or macvtap (virtual interface with a tap-like "
            "software interface). Note that this only works for Neutron deployments that support "
            "the bindings extension."
        ),
        default="normal",
        constraints=[
            constraints.AllowedValues(
                [
                    "normal",
                    "direct",
                    "macvtap",
                    "direct-physical",
                    "baremetal",
                    "virtio-forwarder",
                    "smart-nic",
                ]
            )
        ],
        update_allowed=True,
    ),
    "device_id": properties.Schema(
        properties.Schema.STRING,
        _("Device ID of this port."),
        default="",
        update_allowed=True,
    ),
    "device_owner": properties.Schema(
        properties.Schema.STRING,
        _(
            "Name of the network owning the port. The value is typically network:floatingip or "
            "network:router_interface or network:dhcp."
        ),
        default="",
        update_allowed=True,
    ),
    "dns_name": properties.Schema(
        properties.Schema.STRING,
        _("DNS name associated with the port."),
        constraints=[constraints.CustomConstraint("dns_name")],
        update_allowed=True,
    ),
    "fixed_ips": properties.Schema(
        properties.Schema.LIST,
        _("Desired IPs for this port."),
        update_allowed=True,
        schema=properties.Schema(
            properties.Schema.MAP,
            schema={
                "ip_address": properties.Schema(
                    properties.Schema.STRING,
                    _("IP address desired in the subnet for this port."),
                    constraints=[constraints.CustomConstraint("ip_addr")],
                ),
                "subnet": properties.Schema(
                    properties.Schema.STRING,
                    _("Subnet in which to allocate the IP address for this port."),
                    constraints=[constraints.CustomConstraint("neutron.subnet")],
                ),
                "subnet_id": properties.Schema(
                    properties.Schema.STRING,
                    constraints=[constraints.CustomConstraint("neutron.subnet")],
                ),
            },
        ),
    ),
    "mac_address": properties.Schema(
        properties.Schema.STRING,
        _(
            "MAC address to give to this port. The default update policy of this property in "
            "neutron is that allow admin role only."
        ),
        constraints=[constraints.CustomConstraint("mac_addr")],
    ),
    "name": properties.Schema(
        properties.Schema.STRING,
        _("A symbolic name for this port."),
        update_allowed=True,
    ),
    "network": properties.Schema(
        properties.Schema.STRING,
        _(
            "Network this port belongs to. If you plan to use current port to assign Floating IP, "
            "you should specify fixed_ips with subnet. Note if this changes to a different network"
            " update, the port will be replaced."
        ),
        required=True,
        constraints=[constraints.CustomConstraint("neutron.network")],
    ),
    "no_fixed_ips": properties.Schema(
        properties.Schema.BOOLEAN,
        _("Flag to disable all fixed ips on the port."),
        default=False,
        update_allowed=True,
    ),
    "port_security_enabled": properties.Schema(
        properties.Schema.BOOLEAN,
        _(
            "Flag to enable/disable port security on the port. When disable this feature(set it to"
            " False), there will be no packages filtering, like security-group and address-pairs."
        ),
        update_allowed=True,
    ),
    "propagate_uplink_status": properties.Schema(
        properties.Schema.BOOLEAN,
        _("Flag to enable/disable propagate uplink status on the port."),
        update_allowed=True,
    ),
    "qos_policy": properties.Schema(
        properties.Schema.STRING,
        _("The name or ID of QoS policy to attach to this port."),
        constraints=[constraints.CustomConstraint("neutron.qos_policy")],
        update_allowed=True,
    ),
    "security_groups": properties.Schema(
        properties.Schema.LIST,
        _("Security group IDs to associate with this port."),
        update_allowed=True,
    ),
    "tags": properties.Schema(
        properties.Schema.LIST,
        _("The tags to be added to the port."),
        update_allowed=True,
        schema=properties.Schema(
            properties.Schema.STRING,
        ),
    ),
    "value_specs": properties.Schema(
        properties.Schema.MAP,
        _("Extra parameters to include in the request."),
        default={},
        update_allowed=True,
    ),
}
PORT_ATTRIBUTES = {
    "admin_state_up": attributes.Schema(
        _("The administrative state of this port."), type=attributes.Schema.STRING
    ),
    "allowed_address_pairs": attributes.Schema(
        _("Additional MAC/IP address pairs allowed to pass through a port."),
        type=attributes.Schema.LIST,
    ),
    "device_id": attributes.Schema(
        _("Unique identifier for the device."), type=attributes.Schema.STRING
    ),
    "device_owner": attributes.Schema(
        _("Name of the network owning the port."), type=attributes.Schema.STRING
    ),
    "dns_assignment": attributes.Schema(
        _("The DNS assigned to this port."), type=attributes.Schema.MAP
    ),
    "fixed_ips": attributes.Schema(_("Fixed IP addresses."), type=attributes.Schema.LIST),
    "mac_address": attributes.Schema(_("MAC address of the port."), type=attributes.Schema.STRING),
    "name": attributes.Schema(_("Friendly name of the port."), type=attributes.Schema.STRING),
    "network": attributes.Schema(
        _(
            "The attributes of the network owning the port. (The full list of response parameters "
            "can be found in the `Openstack Networking service API reference "
            "<https://docs.openstack.org/api-ref/network/>`_.) The following examples demonstrate "
            "some (not all) possible expressions. (Obtains the network, the MTU (Maximum "
            "transmission unit), the network tags and the l2_adjacency property): ``{get_attr: "
            "[<port>, network]}``, ``{get_attr: [<port>, network, mtu]}``, ``{get_attr: [<port>, "
            "network, tags]}?``, ``{get_attr: [<port>, network, l2_adjacency]}``."
        ),
        type=attributes.Schema.MAP,
    ),
    "network_id": attributes.Schema(
        _("Unique identifier for the network owning the port."), type=attributes.Schema.STRING
    ),
    "port_security_enabled": attributes.Schema(
        _("Port security enabled of the port."), type=attributes.Schema.BOOLEAN
    ),
    "propagate_uplink_status": attributes.Schema(
        _("Enable/Disable propagate uplink status for the port."), type=attributes.Schema.BOOLEAN
    ),
    "qos_policy_id": attributes.Schema(
        _("The QoS policy ID attached to this port."), type=attributes.Schema.STRING
    ),
    "security_groups": attributes.Schema(
        _("A list of security groups for the port."), type=attributes.Schema.LIST
    ),
    "status": attributes.Schema(_("The status of the port."), type=attributes.Schema.STRING),
    "subnets": attributes.Schema(
        _("A list of all subnet attributes for the port."), type=attributes.Schema.LIST
    ),
    "tenant_id": attributes.Schema(_("Tenant owning the port."), type=attributes.Schema.STRING),
}

# Hidden since 9.0.0 (upstream's work-around of an old Nova/Neutron flaw), still obeyed.
PORT_PROPERTIES[REPLACEMENT_POLICY] = properties.Schema(
    properties.Schema.STRING,
    _(
        "Policy on how to respond to a stack-update for this resource. REPLACE_ALWAYS will replace"
        " the port regardless of any property changes. AUTO will update the existing port for any "
        "changed update-allowed property."
    ),
    default="AUTO",
    constraints=[constraints.AllowedValues(["REPLACE_ALWAYS", "AUTO"])],
    update_allowed=True,
    support_status=support.SupportStatus(
        status=support.HIDDEN,
        version="9.0.0",
        previous_status=support.SupportStatus(status=support.DEPRECATED, version="6.0.0"),
    ),
)

# Hidden since 5.0.0: old templates' name of ``network``.
PORT_PROPERTIES[NETWORK_ID] = properties.Schema(
    properties.Schema.STRING,
    support_status=support.SupportStatus(
        status=support.HIDDEN,
        version="5.0.0",
        message=_("Use property %s.") % NETWORK,
        previous_status=support.SupportStatus(status=support.DEPRECATED, version="2014.2"),
    ),
    constraints=[constraints.CustomConstraint("neutron.network")],
)


class Port(NeutronResource):
    """A Neutron port: an attachment point on a network, with its addresses and rules."""

    entity = "port"
    has_status = True
    properties_schema = PORT_PROPERTIES
    renamed_properties = {NETWORK_ID: NETWORK}
    attributes_schema = PORT_ATTRIBUTES

    @classmethod
    def implied_requirements(cls, name: str, values: dict[str, Any], resources: Any) -> list[str]:
        """The template's subnets on the port's network: which one gives it an address
        is Neutron's choice."""
        return subnet.subnets_on(values.get(NETWORK) or values.get(NETWORK_ID), resources)

    def neutron_values(self, values: dict[str, Any]) -> dict[str, Any]:
        """Network, subnets, QoS policy and security groups by id; empty MAC addresses of
        address pairs left out; ``no_fixed_ips`` as no fixed IPs, and none given as
        Neutron's choice (on create) or the IPs kept (on update)."""
        values.pop(REPLACEMENT_POLICY, None)
        if NETWORK in values:
            values["network_id"] = self.neutron_id("network", values.pop(NETWORK))
        if values.pop(NO_FIXED_IPS, False):
            values[FIXED_IPS] = []
        elif FIXED_IPS in values:
            if values[FIXED_IPS]:
                values[FIXED_IPS] = [self._fixed_ip(ip) for ip in values[FIXED_IPS]]
            else:
                del values[FIXED_IPS]
        if ALLOWED_ADDRESS_PAIRS in values:
            values[ALLOWED_ADDRESS_PAIRS] = [
                {key: value for key, value in pair.items() if value is not None}
                for pair in values[ALLOWED_ADDRESS_PAIRS] or []
            ]
        if QOS_POLICY in values:
            values["qos_policy_id"] = self.neutron_id("qos_policy", values.pop(QOS_POLICY))
        return values

    def _fixed_ip(self, wanted: dict[str, Any]) -> dict[str, Any]:
        fixed_ip = {}
        subnet = wanted.get(SUBNET) or wanted.get(SUBNET_ID)
        if subnet:
            fixed_ip[SUBNET_ID] = self.neutron_id("subnet", subnet)
        if wanted.get(IP_ADDRESS):
            fixed_ip[IP_ADDRESS] = wanted[IP_ADDRESS]
        return fixed_ip

    def _security_group_ids(self, groups: list[str]) -> list[str | None]:
        return [self.neutron_id("security_group", group) for group in groups]

    def create_body(self) -> dict[str, Any]:
        """Without ``security_groups`` Neutron gives the project's default group; an empty
        list gives none."""
        body = super().create_body()
        if body.get(SECURITY_GROUPS) is not None:
            body[SECURITY_GROUPS] = self._security_group_ids(body[SECURITY_GROUPS])
        return body

    def update_body(self, prop_diff: dict[str, Any]) -> dict[str, Any]:
        """Security groups removed from the template are the default group again."""
        body = super().update_body(prop_diff)
        if SECURITY_GROUPS in body:
            groups = body[SECURITY_GROUPS]
            body[SECURITY_GROUPS] = self._security_group_ids(
                ["default"] if groups is None else groups
            )
        return body

    def validate(self) -> None:
        super().validate()
        if self.properties[FIXED_IPS] and self.properties[NO_FIXED_IPS]:
            raise exception.ResourcePropertyConflict(props=", ".join((FIXED_IPS, NO_FIXED_IPS)))

    def needs_replace_with_prop_diff(
        self, changed: set[str], after: properties.Properties, before: properties.Properties
    ) -> bool:
        """REPLACE_ALWAYS replaces the port on any update."""
        return after.get(REPLACEMENT_POLICY) == "REPLACE_ALWAYS"

    def parse_live_resource_data(self, properties: Any, data: Any) -> dict[str, Any]:
        """The QoS policy and subnets as Neutron's ids, the fixed IPs as subnet and address."""
        live = super().parse_live_resource_data(properties, data)
        live[QOS_POLICY] = data.get("qos_policy_id")
        if data.get(FIXED_IPS):
            live[FIXED_IPS] = [
                {SUBNET: fixed_ip.get(SUBNET_ID), IP_ADDRESS: fixed_ip.get(IP_ADDRESS)}
                for fixed_ip in data[FIXED_IPS]
            ]
        return live

    def _resolve_attribute(self, name: str) -> Any:
        if name not in (SUBNETS_ATTR, NETWORK_ATTR):
            return super()._resolve_attribute(name)
        port = self._show_resource()
        if port is None:
            return None
        try:
            if name == NETWORK_ATTR:
                return self.request("get", "/networks/%s" % port["network_id"])["network"]
            return [
                self.request("get", "/subnets/%s" % fixed_ip[SUBNET_ID])["subnet"]
                for fixed_ip in port.get(FIXED_IPS) or []
                if fixed_ip.get(SUBNET_ID)
            ]
        except Exception as error:  # an attribute that cannot be read is None, as upstream
            LOG.warning("Failed to fetch the %s of port %s: %s", name, self.resource_id, error)
            return None


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Neutron::Port": Port}
