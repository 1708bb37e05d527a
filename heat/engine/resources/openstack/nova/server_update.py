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
from heat.engine.resources.openstack.nova import nic_matching, server_user_data
from heat.engine.resources.openstack.nova import server_networks as nics
from heat.engine.resources.openstack.nova import server_schema as schema


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


def _network_steps(resource: Any, new: list[dict[str, Any]] | None) -> list[Step]:
    """Detach the interfaces of the nics the update drops, attach the nics it adds; a
    nic of heat's port that changed only in port_extra_properties updates that port."""
    old = resource.previous_properties[schema.NETWORKS] or []
    new = new or []
    interfaces = server_steps.interfaces(resource)
    if not old or nics.allocation(old):
        removed_ports = [iface.port_id for iface in interfaces]
        added = [(number, nic) for number, nic in enumerate(new) if not nic.get(nics.ALLOCATE)]
    else:
        removed, added, extras_changed = nic_matching.split(resource, old, new, interfaces)
        internal = nics.internal_port_ids(resource)
        for old_nic, number, nic in extras_changed:
            if old_nic[nics.PORT] in internal:
                nics.update_internal_port(resource, old_nic[nics.PORT], nic[nics.PORT_EXTRA] or {})
            else:
                removed.append(old_nic)
                added.append((number, nic))
        removed_ports = [nic[nics.PORT] for nic in removed if nic[nics.PORT]]
    steps = [
        server_steps.detach_step(resource, port_id, _delete_if_internal(resource))
        for port_id in removed_ports
    ]
    return steps + [_attach(resource, nic, number) for number, nic in sorted(added)]
