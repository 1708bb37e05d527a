"""Which nics of a ``networks`` update the server already has, so that its ports stay.

An old nic is first completed from the interface it made (port, network, first fixed IP
and subnet, all ids). A new nic that is already satisfied by such a completed nic keeps
its interface: a ``{network: net}`` that became ``{subnet: sub}`` or ``{port: <the port
it made>}``, or that gained the address it already has, changes nothing. Only the nics
left unmatched are detached and attached, as OpenStack Heat does.
"""

from typing import Any

from heat.engine.resources.openstack.nova import server_networks as nics

#: The keys an interface tells; the others (tag, floating IP...) must equal the old nic's.
INTERFACE_KEYS = (nics.PORT, nics.NETWORK, nics.FIXED_IP, nics.SUBNET)


def interface_values(interface: Any) -> dict[str, Any]:
    """An interface as a nic of ids."""
    first = (interface.fixed_ips or [{}])[0]
    return {
        nics.PORT: interface.port_id,
        nics.NETWORK: interface.net_id,
        nics.FIXED_IP: first.get("ip_address"),
        nics.SUBNET: first.get("subnet_id"),
    }


def best_match(candidates: list[dict[str, Any]], wanted: dict[str, Any]) -> dict | None:
    """The first candidate holding every value of ``wanted`` (its port or fixed IP first
    when it names one); None when none does or ``wanted`` says nothing."""

    def holds(candidate: dict[str, Any]) -> bool:
        return all(key in candidate and candidate[key] == value for key, value in wanted.items())

    for key in (nics.PORT, nics.FIXED_IP):
        if wanted.get(key) is not None:
            return next((c for c in candidates if c.get(key) == wanted[key] and holds(c)), None)
    if not wanted:
        return None
    return next((candidate for candidate in candidates if holds(candidate)), None)


def _ids(resource: Any, nic: dict[str, Any]) -> dict[str, Any]:
    """The nic with every key (an empty value as None) and its network, subnet and port
    named by id, the network taken from the subnet when only that is given."""
    found = {key: nic.get(key) or None for key in nics.KEYS}
    neutron = resource.client_plugin("neutron")
    if found[nics.PORT]:
        found[nics.PORT] = neutron.find_resourceid_by_name_or_id("port", found[nics.PORT])
    if found[nics.SUBNET]:
        found[nics.SUBNET] = neutron.find_resourceid_by_name_or_id("subnet", found[nics.SUBNET])
    if not found[nics.PORT]:
        found[nics.NETWORK] = nics.network_id(resource, nic)
        found[nics.UUID] = None
    return found


def completed_old_nics(
    resource: Any, old: list[dict[str, Any]], interfaces: list[Any]
) -> list[dict[str, Any]]:
    """The old nics, each completed with the values of the interface it made. The nics
    that name a port or an address claim their interface before the vaguer ones."""
    left = [interface_values(interface) for interface in interfaces]
    completed = [_ids(resource, nic) for nic in old]
    by_precision = sorted(
        completed, key=lambda nic: (nic[nics.PORT] is None, nic[nics.FIXED_IP] is None)
    )
    for nic in by_precision:
        wanted = {key: nic[key] for key in INTERFACE_KEYS if nic[key] is not None}
        match = best_match(left, wanted)
        if match is not None:
            nic.update(match)
            left.remove(match)
    return completed


def split(
    resource: Any, old: list[dict[str, Any]], new: list[dict[str, Any]], interfaces: list[Any]
) -> tuple[list[dict], list[tuple[int, dict]], list[tuple[dict, int, dict]]]:
    """``(old nics to remove, (position, new nic) to add, (old nic, position, new nic)
    that differ only in port_extra_properties)``; the old nics are completed, so their
    ``port`` says which interface each one is."""
    old_left = completed_old_nics(resource, old, interfaces)
    added, extras_changed = [], []
    for position, nic in enumerate(new):
        if nic.get(nics.ALLOCATE):
            continue
        wanted = {
            key: value
            for key, value in _ids(resource, nic).items()
            if key not in INTERFACE_KEYS or value is not None
        }
        match = best_match(old_left, wanted)
        if match is None:
            without_extras = {k: v for k, v in wanted.items() if k != nics.PORT_EXTRA}
            match = best_match(old_left, without_extras)
            if match is not None:
                extras_changed.append((match, position, nic))
        if match is None:
            added.append((position, nic))
        else:
            old_left.remove(match)
    return old_left, added, extras_changed
