"""The networks of an ``OS::Zun::Container``: the ``nets`` Zun is asked for at create, and
the interfaces detached and attached when ``networks`` changes.

A nic naming a ``port`` uses it; one naming a ``network`` (and maybe a ``fixed_ip``) lets
Zun make the port. On update, the old nics are matched with the container's interfaces as
for a Nova server (:mod:`heat.engine.resources.openstack.nova.nic_matching`): only those
left unmatched are detached and attached, each waited for in Zun's ``network_list``.
"""

from types import SimpleNamespace
from typing import Any

from oslo_utils import netutils

from heat.engine.resources.nova_server_steps import Step
from heat.engine.resources.openstack.nova import nic_matching
from heat.engine.resources.openstack.zun.container_schema import FIXED_IP, NETWORK, PORT


def _ids(resource: Any, nic: dict[str, Any]) -> tuple[str | None, str | None]:
    """The ids of the nic's network and port, named or identified."""
    neutron = resource.client_plugin("neutron")
    network, port = nic.get(NETWORK), nic.get(PORT)
    return (
        neutron.find_resourceid_by_name_or_id("network", network) if network else None,
        neutron.find_resourceid_by_name_or_id("port", port) if port else None,
    )


def zun_nets(resource: Any, networks: list[dict[str, Any]]) -> list[dict[str, str]]:
    """The ``nets`` of Zun's create: a nic's network and port ids, and its fixed IP (as
    ``v4-fixed-ip`` or ``v6-fixed-ip``) when Zun makes the port."""
    nets = []
    for nic in networks:
        network_id, port_id = _ids(resource, nic)
        net = {key: value for key, value in (("network", network_id), ("port", port_id)) if value}
        address = nic.get(FIXED_IP)
        if address and not port_id:
            net["v6-fixed-ip" if netutils.is_valid_ipv6(address) else "v4-fixed-ip"] = address
        nets.append(net)
    return nets


def interfaces(resource: Any) -> list[Any]:
    """The container's interfaces (``port_id``, ``net_id``, ``fixed_ips``)."""
    listed = resource.client_plugin().network_list(resource.resource_id)
    return [SimpleNamespace(**{"fixed_ips": [], **interface}) for interface in listed]


def _has_port(resource: Any, port_id: str) -> bool:
    return any(interface.port_id == port_id for interface in interfaces(resource))


def _detach(resource: Any, port_id: str) -> Step:
    zun, container_id = resource.client_plugin(), resource.resource_id
    return Step(
        lambda: zun.network_detach(container_id, port_id),
        lambda: not _has_port(resource, port_id),
    )


def _attach(resource: Any, nic: dict[str, Any]) -> Step:
    zun, container_id = resource.client_plugin(), resource.resource_id
    network_id, port_id = _ids(resource, nic)
    request = {"port": port_id} if port_id else {"network": str(network_id)}
    if not port_id and nic.get(FIXED_IP):
        request["fixed_ip"] = nic[FIXED_IP]
    # As OpenStack Heat, an attach Zun makes the port of is not waited for.
    done = (lambda: _has_port(resource, port_id)) if port_id else (lambda: True)
    return Step(lambda: zun.network_attach(container_id, **request), done)


def update_steps(
    resource: Any, old: list[dict[str, Any]] | None, new: list[dict[str, Any]] | None
) -> list[Step]:
    """Detach the interfaces of the nics the update drops, then attach the nics it adds."""
    old, new = old or [], new or []
    if not old and not new:
        return []
    current = interfaces(resource)
    if not old:
        removed_ports = [interface.port_id for interface in current]
        added = new
    else:
        removed, added_at, _extras = nic_matching.split(resource, old, new, current)
        removed_ports = [nic[PORT] for nic in removed if nic[PORT]]
        added = [nic for _position, nic in sorted(added_at, key=lambda item: item[0])]
    steps = [_detach(resource, port_id) for port_id in removed_ports]
    return steps + [_attach(resource, nic) for nic in added]
