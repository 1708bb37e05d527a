"""Neutron floating IPs the EC2 way: allocated on the external network, bound to the port
of a server or to a given port."""

from typing import Any

from heat.common import exception
from heat.common.i18n import _


def external_network_id(network: Any) -> str:
    """The id of the cloud's one external network (an Error when there is not exactly one:
    which to take would be a guess)."""
    found = list(network.networks(is_router_external=True))
    if len(found) != 1:
        raise exception.Error(_("Expected 1 external network, found %d") % len(found))
    return str(found[0].id)


def server_port(network: Any, server_id: str) -> Any:
    """The first port of server ``server_id`` (NotFound when it has none)."""
    for port in network.ports(device_id=server_id):
        return port
    raise exception.NotFound(_("The server %s has no port to bind an address to.") % server_id)


def by_address(network: Any, address: str) -> Any:
    """The floating IP whose address is ``address`` (NotFound when there is none)."""
    for found in network.ips(floating_ip_address=address):
        return found
    raise exception.NotFound(_("No floating IP has the address %s.") % address)


def bind(network: Any, floating_ip_id: str, port_id: str | None) -> None:
    """Bind the floating IP to ``port_id`` (unbind it when None)."""
    network.update_ip(floating_ip_id, port_id=port_id)
