"""The nics of an ``OS::Nova::Server``: what Nova is asked for at boot, the ports heat makes
for it, floating IPs, and attaching or detaching nics when ``networks`` changes.

A ``networks`` item with a ``subnet`` or ``port_extra_properties`` gets a port that heat
makes ("internal", kept in the resource data ``internal_ports`` and deleted after the
server); an item naming a ``port`` uses it; one naming only a ``network`` (and maybe a
``fixed_ip``) lets Nova make the port. ``allocate_network`` asks Nova for ``auto`` or
``none``.
"""

import json
from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine.resources.openstack.neutron.networks import subnet

KEYS = (NETWORK, UUID, PORT, FIXED_IP, SUBNET, FLOATING_IP, PORT_EXTRA, TAG, ALLOCATE) = (
    "network",
    "uuid",
    "port",
    "fixed_ip",
    "subnet",
    "floating_ip",
    "port_extra_properties",
    "tag",
    "allocate_network",
)
INTERNAL_PORTS = "internal_ports"
PORT_EXTRA_KEYS = (
    "admin_state_up",
    "binding:vnic_type",
    "mac_address",
    "port_security_enabled",
    "propagate_uplink_status",
    "qos_policy",
)


def implied_requirements(values: dict[str, Any], resources: Any) -> list[str]:
    """The template's subnets on the server's networks, and those whose network is not
    known yet (it may be one of them): Nova's ports get addresses from existing subnets."""
    networks = [nic.get(NETWORK) or nic.get(UUID) for nic in values.get("networks") or []]
    networks = [network for network in networks if network]
    if not networks:
        return []
    return [
        name
        for name, subnet_values in resources.of_kind(subnet.Subnet)
        if (subnet_values.get(subnet.NETWORK) or subnet_values.get(subnet.NETWORK_ID))
        in (*networks, None)
    ]


def validate(server_name: str, nic: dict[str, Any]) -> None:
    """StackValidationFailed for a ``networks`` item Nova or heat cannot honour."""
    given = {key for key, value in nic.items() if value is not None}
    if not given & {NETWORK, UUID, PORT, SUBNET, ALLOCATE}:
        message = _(
            'One of the properties "%(id)s", "%(port_id)s", "%(str_network)s" or '
            '"%(subnet)s" should be set for the specified network of server "%(server)s".'
        ) % {
            "id": NETWORK,
            "port_id": PORT,
            "str_network": ALLOCATE,
            "subnet": SUBNET,
            "server": server_name,
        }
        raise exception.StackValidationFailed(message=message)
    if ALLOCATE in given and len(given) != 1:
        message = _('Can not specify "%s" with other keys of networks at the same time.')
        raise exception.StackValidationFailed(message=message % ALLOCATE)
    if FIXED_IP in given and PORT in given:
        raise exception.ResourcePropertyConflict(props="networks/fixed_ip, networks/port")
    if FLOATING_IP in given and not given & {PORT, SUBNET, PORT_EXTRA}:
        message = _(
            'Property "%(fip)s" is not supported if only "%(net)s" is specified, because '
            "the corresponding port can not be retrieved."
        ) % {"fip": FLOATING_IP, "net": NETWORK}
        raise exception.StackValidationFailed(message=message)


def allocation(networks: list[dict[str, Any]] | None) -> str | None:
    """``auto`` or ``none`` when the server asks Nova to allocate its network."""
    for nic in networks or []:
        if nic.get(ALLOCATE):
            return str(nic[ALLOCATE])
    return None


def network_id(resource: Any, nic: dict[str, Any]) -> str | None:
    """The id of the nic's network, named or identified (or the network of its subnet)."""
    neutron = resource.client_plugin("neutron")
    network = nic.get(NETWORK) or nic.get(UUID)
    if network:
        return neutron.find_resourceid_by_name_or_id("network", network)
    if nic.get(SUBNET):
        return str(neutron.find_resource("subnet", nic[SUBNET]).network_id)
    return None


def internal_port_ids(resource: Any) -> list[str]:
    """The ports heat made for the server."""
    stored = resource.data().get(INTERNAL_PORTS)
    return [port["id"] for port in json.loads(stored)] if stored else []


def _remember_ports(resource: Any, port_ids: list[str]) -> None:
    resource.data_set(INTERNAL_PORTS, json.dumps([{"id": port_id} for port_id in port_ids]))


def _port_extras(resource: Any, extras: dict[str, Any] | None) -> dict[str, Any]:
    if not extras:
        return {}
    values = {key: extras[key] for key in PORT_EXTRA_KEYS if extras.get(key) is not None}
    if values.get("qos_policy"):
        qos = resource.client_plugin("neutron").find_resource(
            "qos_policy", values.pop("qos_policy")
        )
        values["qos_policy_id"] = qos.id
    pairs = extras.get("allowed_address_pairs")
    if pairs is not None:
        values["allowed_address_pairs"] = [
            {key: value for key, value in pair.items() if value is not None} for pair in pairs
        ]
    if extras.get("no_fixed_ips"):
        values["fixed_ips"] = []
    values.update(extras.get("value_specs") or {})
    return values


def create_internal_port(
    resource: Any, nic: dict[str, Any], number: int, security_groups: list[str]
) -> str:
    """Make the port of a nic with a subnet or extra properties; its id."""
    neutron = resource.client_plugin("neutron")
    fixed_ip: dict[str, str] = {}
    if nic.get(SUBNET):
        fixed_ip["subnet_id"] = neutron.find_resourceid_by_name_or_id("subnet", nic[SUBNET])
    if nic.get(FIXED_IP):
        fixed_ip["ip_address"] = nic[FIXED_IP]
    values: dict[str, Any] = {
        "name": "%s-port-%s" % (resource.name, number),
        "network_id": network_id(resource, nic),
    }
    if fixed_ip:
        values["fixed_ips"] = [fixed_ip]
    if security_groups:
        values["security_group_ids"] = [
            neutron.find_resourceid_by_name_or_id("security_group", group)
            for group in security_groups
        ]
    values.update(_port_extras(resource, nic.get(PORT_EXTRA)))
    port = neutron.client().create_port(**values)
    _remember_ports(resource, internal_port_ids(resource) + [port.id])
    return str(port.id)


def update_internal_port(resource: Any, port_id: str, extras: dict[str, Any]) -> None:
    """Give a port heat made new ``port_extra_properties``."""
    values = _port_extras(resource, extras)
    if values:
        resource.client("neutron").update_port(port_id, **values)


def _check_subnet(resource: Any, nic: dict[str, Any]) -> None:
    if not nic.get(SUBNET) or not (nic.get(NETWORK) or nic.get(UUID)):
        return
    subnet = resource.client_plugin("neutron").find_resource("subnet", nic[SUBNET])
    network = network_id(resource, nic)
    if subnet.network_id != network:
        message = _("Specified subnet %(subnet)s does not belongs to network %(network)s.")
        raise exception.StackValidationFailed(
            message=message % {"subnet": nic[SUBNET], "network": network}
        )


def nova_nic(resource: Any, nic: dict[str, Any], number: int, security_groups: list[str]) -> dict:
    """What Nova is asked for one nic (its port made first when heat owns it); a floating
    IP is associated with the port."""
    _check_subnet(resource, nic)
    requested: dict[str, Any] = {}
    port = nic.get(PORT)
    if port:
        port = resource.client_plugin("neutron").find_resourceid_by_name_or_id("port", port)
    elif nic.get(SUBNET) or nic.get(PORT_EXTRA):
        port = create_internal_port(resource, nic, number, security_groups)
    if port:
        requested["port"] = port
    else:
        requested["uuid"] = network_id(resource, nic)
        if nic.get(FIXED_IP):
            requested["fixed_ip"] = nic[FIXED_IP]
    if nic.get(TAG):
        requested["tag"] = nic[TAG]
    if nic.get(FLOATING_IP) and port:
        associate_floating_ip(resource, nic[FLOATING_IP], port, nic.get(FIXED_IP))
    return requested


def nova_networks(resource: Any, networks: list[dict] | None, security_groups: list[str]) -> Any:
    """The ``networks`` argument of Nova's server create: ``auto``/``none`` or the nics;
    None when the template names none (Nova then decides)."""
    if not networks:
        return None
    allocate = allocation(networks)
    if allocate:
        return allocate
    return [nova_nic(resource, nic, number, security_groups) for number, nic in enumerate(networks)]


def associate_floating_ip(
    resource: Any, floating_ip: str, port_id: str, fixed_ip: str | None = None
) -> None:
    """Point the floating IP at the port (and its fixed IP, when given)."""
    values = {"port_id": port_id}
    if fixed_ip:
        values["fixed_ip_address"] = fixed_ip
    resource.client("neutron").update_ip(floating_ip, **values)


def disassociate_floating_ips(resource: Any, networks: list[dict] | None) -> None:
    """Free the floating IPs the server's nics hold; one gone already is fine."""
    neutron = resource.client_plugin("neutron")
    for nic in networks or []:
        if nic.get(FLOATING_IP):
            try:
                neutron.client().update_ip(nic[FLOATING_IP], port_id=None)
            except Exception as error:  # the service's "not found" is a normal answer here
                neutron.ignore_not_found(error)


def delete_internal_ports(resource: Any, port_ids: list[str] | None = None) -> None:
    """Delete the ports heat made (all of them by default); gone already is fine."""
    remaining = internal_port_ids(resource)
    for port_id in list(remaining if port_ids is None else port_ids):
        resource.client("neutron").delete_port(port_id, ignore_missing=True)
        if port_id in remaining:
            remaining.remove(port_id)
    if remaining:
        _remember_ports(resource, remaining)
    else:
        resource.data_delete(INTERNAL_PORTS)
