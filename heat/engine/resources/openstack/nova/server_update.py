"""Updating an ``OS::Nova::Server`` in place.

Name, metadata, tags, admin password and transport change at once; a new flavor resizes
the server then confirms the resize, a new image (or user data under the REBUILD policy)
rebuilds it, and ``networks`` changes detach and attach interfaces. The waiting ones are
:class:`Step` s that ``check_update_complete`` advances one after the other. Which changes
replace the server instead is :func:`needs_replace`.
"""

import dataclasses
import json
from collections.abc import Callable
from typing import Any

from heat.engine.resources.openstack.nova import server_networks as nics
from heat.engine.resources.openstack.nova import server_schema as schema
from heat.engine.resources.openstack.nova import server_user_data

VERIFY_RESIZE = "VERIFY_RESIZE"


@dataclasses.dataclass
class Step:
    """One request to Nova, then the condition that says Nova has carried it out."""

    start: Callable[[], Any]
    done: Callable[[], bool]
    started: bool = False


def nova_metadata(metadata: dict[str, Any] | None) -> dict[str, str]:
    """Server metadata as Nova takes it: non-string values serialized to JSON."""
    return {
        key: value if isinstance(value, str) else json.dumps(value)
        for key, value in (metadata or {}).items()
    }


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


def advance(steps: list[Step]) -> bool:
    """Start the next steps as the earlier ones are done; whether all are."""
    while steps:
        step = steps[0]
        if not step.started:
            step.start()
            step.started = True
        if not step.done():
            return False
        steps.pop(0)
    return True


def start(resource: Any, prop_diff: dict[str, Any]) -> list[Step]:
    """Make the immediate changes; the steps left to wait for."""
    compute = resource.client()
    server_id = resource.resource_id
    if schema.NAME in prop_diff:
        compute.update_server(server_id, name=resource.server_name())
    if schema.METADATA in prop_diff:
        _replace_metadata(resource, nova_metadata(prop_diff[schema.METADATA]))
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


def _replace_metadata(resource: Any, metadata: dict[str, str]) -> None:
    compute = resource.client()
    current = compute.get_server_metadata(resource.resource_id).metadata or {}
    removed = [key for key in current if key not in metadata]
    if removed:
        compute.delete_server_metadata(resource.resource_id, removed)
    if metadata:
        compute.set_server_metadata(resource.resource_id, **metadata)


def _flavor_steps(resource: Any, prop_diff: dict[str, Any]) -> list[Step]:
    if schema.FLAVOR not in prop_diff:
        return []
    compute, server_id = resource.client(), resource.resource_id
    flavor_id = resource.client_plugin().get_flavor_id(prop_diff[schema.FLAVOR])
    return [
        Step(
            lambda: compute.resize_server(server_id, flavor_id),
            lambda: resource.reached(VERIFY_RESIZE),
        ),
        Step(
            lambda: compute.confirm_server_resize(server_id),
            lambda: resource.reached("ACTIVE"),
        ),
    ]


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
            lambda: resource.reached("ACTIVE"),
        )
    ]


def _interfaces(resource: Any) -> list[Any]:
    return list(resource.client().server_interfaces(resource.resource_id))


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


def _detach(resource: Any, port_id: str) -> Step:
    compute, server_id = resource.client(), resource.resource_id

    def detached() -> bool:
        if any(iface.port_id == port_id for iface in _interfaces(resource)):
            return False
        if port_id in nics.internal_port_ids(resource):
            nics.delete_internal_ports(resource, [port_id])
        return True

    return Step(lambda: compute.delete_server_interface(port_id, server=server_id), detached)


def _attach(resource: Any, nic: dict[str, Any], number: int) -> Step:
    compute, server_id = resource.client(), resource.resource_id
    groups = resource.properties[schema.SECURITY_GROUPS]

    def attach() -> None:
        requested = nics.nova_nic(resource, nic, number, groups)
        if "port" in requested:
            compute.create_server_interface(server_id, port_id=requested["port"])
            return
        fixed_ips = [{"ip_address": requested["fixed_ip"]}] if "fixed_ip" in requested else None
        compute.create_server_interface(server_id, net_id=requested["uuid"], fixed_ips=fixed_ips)

    return Step(attach, lambda: True)


def _network_steps(resource: Any, new: list[dict[str, Any]] | None) -> list[Step]:
    old = resource.previous_properties[schema.NETWORKS] or []
    new = new or []
    interfaces = _interfaces(resource)
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
    steps = [_detach(resource, port_id) for port_id in removed_ports]
    kept = [] if not old or nics.allocation(old) else old
    added = [
        (number, nic)
        for number, nic in enumerate(new)
        if nic not in kept and not nic.get(nics.ALLOCATE)
    ]
    return steps + [_attach(resource, nic, number) for number, nic in added]
