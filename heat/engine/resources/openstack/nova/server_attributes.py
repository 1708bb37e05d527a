"""The attributes and live state of an ``OS::Nova::Server``, from Nova and Neutron.

``addresses`` and ``networks`` are keyed by network name and by network id; each address
of ``addresses`` tells its port, network and subnets, found through the server's ports.
"""

from typing import Any

from heat.common import exception
from heat.engine.resources.openstack.nova import server_schema as schema

CONSOLE_TYPES = ("novnc", "xvpvnc", "spice-html5", "rdp-html5", "serial", "webmks")


def _ports_by_mac(resource: Any, server: Any) -> dict[str, Any]:
    ports = resource.client("neutron").ports(device_id=server.id)
    return {port.mac_address: port for port in ports}


def _network_ids(resource: Any, names: list[str]) -> dict[str, str]:
    neutron = resource.client_plugin("neutron")
    ids = {}
    for name in names:
        try:
            ids[name] = neutron.find_resourceid_by_name_or_id("network", name)
        except exception.PhysicalResourceNameAmbiguity:
            continue  # several networks of that name (as upstream): the name only
        except Exception as error:  # a network the user cannot see keeps its name only
            neutron.ignore_not_found(error)
    return ids


def _keyed_by_id_too(resource: Any, by_name: dict[str, Any]) -> dict[str, Any]:
    keyed = dict(by_name)
    for name, network_id in _network_ids(resource, list(by_name)).items():
        keyed.setdefault(network_id, by_name[name])
    return keyed


def addresses(resource: Any, server: Any) -> dict[str, Any]:
    """Nova's addresses, each with its port, network and subnets."""
    ports = _ports_by_mac(resource, server)
    neutron = resource.client("neutron")
    result: dict[str, list[dict[str, Any]]] = {}
    for name, entries in (server.addresses or {}).items():
        result[name] = []
        for entry in entries:
            address = dict(entry)
            port = ports.get(entry.get("OS-EXT-IPS-MAC:mac_addr"))
            address["port"] = port.id if port is not None else None
            if port is not None:
                address["network"] = neutron.get_network(port.network_id).to_dict()
                address["subnets"] = [
                    neutron.get_subnet(fixed["subnet_id"]).to_dict()
                    for fixed in port.fixed_ips or []
                ]
            result[name].append(address)
    return _keyed_by_id_too(resource, result)


def networks(resource: Any, server: Any) -> dict[str, list[str]]:
    """``{network name or id: [IP addresses]}``."""
    by_name = {
        name: [entry["addr"] for entry in entries]
        for name, entries in (server.addresses or {}).items()
    }
    return _keyed_by_id_too(resource, by_name)


def first_address(server: Any) -> str:
    """The first address Nova lists, or an empty string."""
    for entries in (server.addresses or {}).values():
        for entry in entries:
            return str(entry["addr"])
    return ""


def console_urls(resource: Any, server: Any) -> dict[str, str]:
    """``{console type: URL}``; a console Nova cannot give shows Nova's reason instead."""
    urls = {}
    for console_type in CONSOLE_TYPES:
        try:
            urls[console_type] = resource.client().get_server_console_url(server, console_type)[
                "url"
            ]
        except Exception as error:  # noqa: BLE001 - the reason is the attribute's value
            urls[console_type] = str(error)
    return urls


def resolve(resource: Any, server: Any, name: str) -> Any:
    """The value of the attribute ``name`` of ``server``."""
    simple = {
        schema.NAME_ATTR: lambda: server.name,
        schema.INSTANCE_NAME: lambda: server.instance_name,
        schema.ACCESSIPV4: lambda: server.access_ipv4,
        schema.ACCESSIPV6: lambda: server.access_ipv6,
        schema.TAGS_ATTR: lambda: server.tags,
        schema.FIRST_ADDRESS: lambda: first_address(server),
        schema.ADDRESSES: lambda: addresses(resource, server),
        schema.NETWORKS_ATTR: lambda: networks(resource, server),
        schema.CONSOLE_URLS: lambda: console_urls(resource, server),
    }
    value = simple.get(name)
    return value() if value is not None else None


def live_properties(resource: Any, server: Any, stored: Any) -> dict[str, Any]:
    """The properties as Nova has them now, in the terms of the ``stored`` ones: a flavor
    or image the template named keeps its name while it is still the same one, a name heat
    chose is left out, and so are the networks (heat's own ports are its to compare)."""
    live: dict[str, Any] = {
        schema.METADATA: server.metadata or {},
        schema.KEY_NAME: server.key_name,
    }
    if stored.get(schema.NAME) is not None:
        live[schema.NAME] = server.name
    if stored.get(schema.TAGS) is not None or server.tags:
        live[schema.TAGS] = server.tags or []
    flavor_name = (server.flavor or {}).get("original_name")
    wanted = stored.get(schema.FLAVOR)
    if flavor_name and wanted:
        same = resource.client_plugin("nova").get_flavor(wanted).name == flavor_name
        live[schema.FLAVOR] = wanted if same else flavor_name
    image_id = (server.image or {}).get("id")
    wanted = stored.get(schema.IMAGE)
    if image_id and wanted:
        same = resource.client_plugin("glance").find_image_by_name_or_id(wanted) == image_id
        live[schema.IMAGE] = wanted if same else image_id
    return live
