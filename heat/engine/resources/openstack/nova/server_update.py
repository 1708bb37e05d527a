"""Updating an ``OS::Nova::Server`` in place.

Name, metadata, tags, admin password and transport change at once; a new flavor resizes
the server then confirms the resize, a new image (or user data under the REBUILD policy)
rebuilds it, and ``networks`` changes detach and attach interfaces. The waiting ones are
steps (:mod:`heat.engine.resources.nova_server_steps`) that ``check_update_complete``
advances one after the other. Which changes replace the server is :func:`needs_replace`.
"""

from typing import Any

from heat.engine.resources import nova_server_steps as server_steps
from heat.engine.resources.nova_server_steps import Step
from heat.engine.resources.openstack.nova import server_networks as nics
from heat.engine.resources.openstack.nova import server_schema as schema
from heat.engine.resources.openstack.nova import server_user_data


def needs_replace(changed: set[str], after: Any) -> bool:
    """Whether the changes replace the server under its update policies."""
    policies = (
        (schema.FLAVOR, schema.FLAVOR_UPDATE_POLICY),
        (schema.IMAGE, schema.IMAGE_UPDATE_POLICY),
        (schema.USER_DATA, schema.USER_DATA_UPDATE_POLICY),
    )
    return any(
        changed_property in changed and after[policy] == schema.REPLACE
        for changed_property, policy in policies
    )


def start(resource: Any, prop_diff: dict[str, Any]) -> list[Step]:
    """Make the immediate changes; the steps left to wait for."""
    compute = resource.client()
    server_id = resource.resource_id
    if schema.NAME in prop_diff:
        compute.update_server(server_id, name=resource.server_name())
    if schema.METADATA in prop_diff:
        server_steps.replace_metadata(
            resource, server_steps.nova_metadata(prop_diff[schema.METADATA])
        )
    if schema.TAGS in prop_diff:
        compute.get_server(server_id).set_tags(compute, prop_diff[schema.TAGS] or [])
    if prop_diff.get(schema.ADMIN_PASS):
        compute.change_server_password(server_id, prop_diff[schema.ADMIN_PASS])
    if schema.TRANSPORT in prop_diff:
        resource.make_transport_credentials()
        resource.publish_collect_config()
    steps = _flavor_steps(resource, prop_diff) + _rebuild_steps(resource, prop_diff)
    if schema.NETWORKS in prop_diff:
        steps += _network_steps(resource, prop_diff[schema.NETWORKS])
    return steps


def _flavor_steps(resource: Any, prop_diff: dict[str, Any]) -> list[Step]:
    if schema.FLAVOR not in prop_diff:
        return []
    return server_steps.resize_steps(resource, prop_diff[schema.FLAVOR])


def _rebuild_steps(resource: Any, prop_diff: dict[str, Any]) -> list[Step]:
    properties = resource.properties
    rebuild_user_data = (
        schema.USER_DATA in prop_diff
        and properties[schema.USER_DATA_UPDATE_POLICY] == schema.REBUILD
    )
    if schema.IMAGE not in prop_diff and not rebuild_user_data:
        return []
    arguments: dict[str, Any] = {
        "image": resource.image_id(properties[schema.IMAGE]),
        "preserve_ephemeral": (
            properties[schema.IMAGE_UPDATE_POLICY] == schema.REBUILD_PRESERVE_EPHEMERAL
        ),
    }
    if properties[schema.ADMIN_PASS]:
        arguments["admin_password"] = properties[schema.ADMIN_PASS]
    if rebuild_user_data:
        arguments["user_data"] = server_user_data.build(resource)
    compute, server_id = resource.client(), resource.resource_id
    return [
        Step(
            lambda: compute.rebuild_server(server_id, **arguments),
            lambda: resource.reached(server_steps.ACTIVE),
        )
    ]


def _matching_interface(resource: Any, nic: dict[str, Any], interfaces: list[Any]) -> Any:
    if nic.get(nics.PORT):
        port = resource.client_plugin("neutron").find_resourceid_by_name_or_id(
            "port", nic[nics.PORT]
        )
        return next((iface for iface in interfaces if iface.port_id == port), None)
    network = nics.network_id(resource, nic)
    for iface in interfaces:
        addresses = {fixed["ip_address"] for fixed in iface.fixed_ips or []}
        if iface.net_id == network and (
            not nic.get(nics.FIXED_IP) or nic[nics.FIXED_IP] in addresses
        ):
            return iface
    return None


def _delete_if_internal(resource: Any) -> Any:
    def delete(port_id: str) -> None:
        if port_id in nics.internal_port_ids(resource):
            nics.delete_internal_ports(resource, [port_id])

    return delete


def _attach(resource: Any, nic: dict[str, Any], number: int) -> Step:
    compute, server_id = resource.client(), resource.resource_id
    groups = resource.properties[schema.SECURITY_GROUPS]

    def attach() -> None:
        requested = nics.nova_nic(resource, nic, number, groups)
        if "port" in requested:
            compute.create_server_interface(server_id, port_id=requested["port"])
            return
        request = {"net_id": requested["uuid"]}
        if "fixed_ip" in requested:
            request["fixed_ips"] = [{"ip_address": requested["fixed_ip"]}]
        compute.create_server_interface(server_id, **request)

    return Step(attach, lambda: True)


def _without_extras(nic: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in nic.items() if key != nics.PORT_EXTRA}


def _update_extras_in_place(
    resource: Any, old: list[dict[str, Any]], new: list[dict[str, Any]], interfaces: list[Any]
) -> list[dict[str, Any]]:
    """Give heat's ports whose nic changed only in ``port_extra_properties`` the new ones;
    the old nics, with those treated as the new ones."""
    kept = list(old)
    internal = nics.internal_port_ids(resource)
    for position, nic in enumerate(old):
        if nic in new or not nic.get(nics.PORT_EXTRA):
            continue
        same = [
            n for n in new if n.get(nics.PORT_EXTRA) and _without_extras(n) == _without_extras(nic)
        ]
        iface = _matching_interface(resource, nic, interfaces) if same else None
        if iface is None or iface.port_id not in internal:
            continue
        nics.update_internal_port(resource, iface.port_id, same[0][nics.PORT_EXTRA])
        kept[position] = same[0]
    return kept


def _network_steps(resource: Any, new: list[dict[str, Any]] | None) -> list[Step]:
    old = resource.previous_properties[schema.NETWORKS] or []
    new = new or []
    interfaces = server_steps.interfaces(resource)
    if old and not nics.allocation(old):
        old = _update_extras_in_place(resource, old, new, interfaces)
    if not old or nics.allocation(old):
        removed_ports = [iface.port_id for iface in interfaces]
    else:
        removed_ports = []
        for nic in old:
            if nic in new:
                continue
            iface = _matching_interface(resource, nic, interfaces)
            if iface is not None:
                interfaces.remove(iface)
                removed_ports.append(iface.port_id)
    steps = [
        server_steps.detach_step(resource, port_id, _delete_if_internal(resource))
        for port_id in removed_ports
    ]
    kept = [] if not old or nics.allocation(old) else old
    added = [
        (number, nic)
        for number, nic in enumerate(new)
        if nic not in kept and not nic.get(nics.ALLOCATE)
    ]
    return steps + [_attach(resource, nic, number) for number, nic in added]
