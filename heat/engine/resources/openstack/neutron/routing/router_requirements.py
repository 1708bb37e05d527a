"""What floating IPs and extra routes wait for among a template's routers: Neutron gives
a floating IP to a port only once a router joins the port's subnet to the floating
network, and takes an extra route only once its next hop is on one of the router's
subnets.

The functions take values resolved as :mod:`heat.engine.implied_requirements` gives them
and answer resource names. Where the template does not say enough to rule a router
interface out (a port without fixed IPs on a network made elsewhere), the interface is
waited for: an order too many costs time, one too few fails the stack.
"""

from typing import Any

from heat.engine.resources.openstack.neutron.networks import port as ports
from heat.engine.resources.openstack.neutron.networks import subnet as subnets
from heat.engine.resources.openstack.neutron.routing import router as routers
from heat.engine.resources.openstack.neutron.routing import router_gateway as gateways
from heat.engine.resources.openstack.neutron.routing import router_interface as interfaces


def _either(values: dict[str, Any], key: str, hidden: str) -> Any:
    return values.get(key) or values.get(hidden)


def gateways_to(network: Any, resources: Any) -> list[str]:
    """The template's routers whose external gateway is on ``network``, and its router
    gateways to it."""
    if network is None:
        return []
    found = []
    for name, values in resources.of_kind(routers.Router):
        gateway = values.get(routers.GATEWAY)
        if isinstance(gateway, dict) and gateway.get(routers.GATEWAY_NETWORK) == network:
            found.append(name)
    for name, values in resources.of_kind(gateways.RouterGateway):
        if _either(values, gateways.NETWORK, gateways.NETWORK_ID) == network:
            found.append(name)
    return found


def attachments_of(router: Any, resources: Any, with_gateways: bool = False) -> list[str]:
    """The template's interfaces of ``router`` and, ``with_gateways``, its router gateways
    on it."""
    if router is None:
        return []
    found = [
        name
        for name, values in resources.of_kind(interfaces.RouterInterface)
        if _either(values, interfaces.ROUTER, interfaces.ROUTER_ID) == router
    ]
    if with_gateways:
        found += [
            name
            for name, values in resources.of_kind(gateways.RouterGateway)
            if values.get(gateways.ROUTER_ID) == router
        ]
    return found


def interfaces_reaching(port: Any, resources: Any) -> list[str]:
    """The template's router interfaces that may be on a subnet of the template's port
    ``port`` (a resolved reference); none for a port made elsewhere."""
    if port is None:
        return []
    found: list[str] = []
    for name, values in resources.of_kind(ports.Port):
        if resources.reference(name) == port:
            found += [
                interface
                for interface, interface_values in resources.of_kind(interfaces.RouterInterface)
                if _may_share_a_subnet(values, interface_values, resources)
            ]
    return sorted(set(found))


def _may_share_a_subnet(port: dict[str, Any], interface: dict[str, Any], resources: Any) -> bool:
    """Whether the interface may be on a subnet of the port: the port's fixed IPs name
    their subnets, or else the interface's subnet is known to be on the port's network."""
    wanted = _either(interface, interfaces.SUBNET, interfaces.SUBNET_ID)
    if wanted is None:
        return True
    fixed_subnets = [
        _either(fixed_ip, ports.SUBNET, ports.SUBNET_ID)
        for fixed_ip in port.get(ports.FIXED_IPS) or []
    ]
    if fixed_subnets and None not in fixed_subnets:
        return wanted in fixed_subnets
    network = _either(port, ports.NETWORK, ports.NETWORK_ID)
    for name, values in resources.of_kind(subnets.Subnet):
        if resources.reference(name) == wanted:
            return _either(values, subnets.NETWORK, subnets.NETWORK_ID) == network
    return True
