"""``AWS::EC2::Instance``: a Nova server described the EC2 way.

The instance boots from an image with heat-cfntools user data (for the ``ec2-user``), on
the ports ``NetworkInterfaces`` names or on a port heat makes in ``SubnetId`` (kept in the
resource data ``port_id``, deleted after the server); ``Tags`` are its Nova metadata, and
``Volumes`` are attached once it is ACTIVE. A new ``InstanceType`` resizes it.
"""

from collections.abc import Callable
from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import user_data
from heat.engine.clients.os import nova
from heat.engine.resources import nova_server, nova_server_steps
from heat.engine.resources.aws.ec2 import instance_schema as schema
from heat.engine.resources.nova_server_steps import Step
from heat.engine.resources.scheduler_hints import with_stack_hints

PORT_ID = "port_id"
IN_USE = "in-use"
# The address EC2-style attributes show for a server without one.
NO_ADDRESS = "0.0.0.0"


def validate_block_device_mappings(mappings: list[dict] | None) -> None:
    """Every mapping is an EBS volume made from a snapshot, as upstream requires."""
    for mapping in mappings or []:
        if not mapping.get("Ebs"):
            message = _("Ebs is missing, this is required when specifying BlockDeviceMappings.")
            raise exception.StackValidationFailed(message=message)
        if not mapping["Ebs"].get("SnapshotId"):
            message = _(
                "SnapshotId is missing, this is required when specifying BlockDeviceMappings."
            )
            raise exception.StackValidationFailed(message=message)


class Instance(nova_server.NovaServer):
    """Amazon EC2's instance, made with Nova (and Neutron for its subnet's port)."""

    properties_schema = schema.PROPERTIES_SCHEMA
    attributes_schema = schema.ATTRIBUTES_SCHEMA

    def validate(self) -> None:
        super().validate()
        if self._security_groups() and self.properties[schema.NETWORK_INTERFACES]:
            raise exception.ResourcePropertyConflict(
                props="SecurityGroups/SecurityGroupIds, NetworkInterfaces"
            )
        validate_block_device_mappings(self.properties[schema.BLOCK_DEVICE_MAPPINGS])

    def _security_groups(self) -> list[str]:
        properties = self.properties
        return list(properties[schema.SECURITY_GROUPS] or []) + list(
            properties[schema.SECURITY_GROUP_IDS] or []
        )

    def _subnet_port(self, subnet: str) -> str:
        neutron = self.client_plugin("neutron")
        found = neutron.find_resource("subnet", subnet)
        values: dict[str, Any] = {
            "network_id": found.network_id,
            "fixed_ips": [{"subnet_id": found.id}],
        }
        groups = self._security_groups()
        if groups:
            values["security_group_ids"] = [
                neutron.find_resourceid_by_name_or_id("security_group", group) for group in groups
            ]
        port = neutron.client().create_port(**values)
        self.data_set(PORT_ID, port.id)
        return str(port.id)

    def _nics(self) -> list[dict[str, str]] | None:
        interfaces = self.properties[schema.NETWORK_INTERFACES]
        if interfaces:
            return [{"port": port} for port in _ordered_ports(interfaces)]
        subnet = self.properties[schema.SUBNET_ID]
        return [{"port": self._subnet_port(subnet)}] if subnet else None

    def _block_devices(self) -> list[dict[str, Any]] | None:
        devices = []
        for mapping in self.properties[schema.BLOCK_DEVICE_MAPPINGS] or []:
            ebs = mapping["Ebs"]
            device = {
                "device_name": mapping["DeviceName"],
                "source_type": "snapshot",
                "destination_type": "volume",
                "uuid": ebs["SnapshotId"],
                "delete_on_termination": ebs.get("DeleteOnTermination"),
            }
            if ebs.get("VolumeSize"):
                device["volume_size"] = int(ebs["VolumeSize"])
            devices.append(device)
        return devices or None

    def _create_arguments(self) -> dict[str, Any]:
        properties = self.properties
        glance = self.client_plugin("glance")
        text = user_data.build(
            self.metadata_get(),
            properties[schema.USER_DATA] or "",
            instance_user="ec2-user",
            cfn_metadata_url=self.client_plugin("heat").get_cfn_metadata_server_url(),
            watch_url=getattr(self.stack.settings.conf, "heat_watch_server_url", None),
        )
        arguments = {
            "name": self.physical_server_name(),
            "image_id": glance.find_image_by_name_or_id(properties[schema.IMAGE_ID]),
            "flavor_id": self.client_plugin().get_flavor_id(properties[schema.INSTANCE_TYPE]),
            "key_name": properties[schema.KEY_NAME],
            "security_groups": [{"name": group} for group in self._security_groups()],
            "user_data": user_data.encoded(text),
            "metadata": _tags(properties[schema.TAGS]),
            "scheduler_hints": with_stack_hints(
                self, _hints(properties[schema.NOVA_SCHEDULER_HINTS])
            ),
            "availability_zone": properties[schema.AVAILABILITY_ZONE],
            "block_device_mapping": self._block_devices(),
            "networks": self._nics(),
        }
        return {name: value for name, value in arguments.items() if value not in (None, [], {})}

    def handle_create(self) -> list[Step]:
        """Ask Nova for the server; the steps to ACTIVE and to each volume attached."""
        server = self.client().create_server(**self._create_arguments())
        self.resource_id_set(server.id)
        steps = [Step(lambda: None, lambda: self.reached(nova_server.ACTIVE))]
        return steps + [self._attach_volume(volume) for volume in self.properties[schema.VOLUMES]]

    def _attach_volume(self, volume: dict[str, str]) -> Step:
        volume_id = volume["VolumeId"]

        def attach() -> None:
            self.client().create_volume_attachment(
                self.resource_id, volume_id=volume_id, device=volume["Device"]
            )

        def attached() -> bool:
            return self.client("cinder").get_volume(volume_id).status == IN_USE

        return Step(attach, attached)

    def check_create_complete(self, steps: list[Step]) -> bool:  # type: ignore[override]
        return nova_server_steps.advance(steps)

    def after_server_deleted(self) -> None:
        """Delete the port heat made in ``SubnetId``."""
        port_id = self.data().get(PORT_ID)
        if port_id:
            self.client("neutron").delete_port(port_id, ignore_missing=True)
            self.data_delete(PORT_ID)

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> list[Step]:
        """New tags are the new metadata; a new type resizes; new interfaces or subnet are
        detached and attached."""
        if schema.TAGS in prop_diff:
            nova_server_steps.replace_metadata(self, _tags(prop_diff[schema.TAGS]) or {})
        steps = []
        if schema.INSTANCE_TYPE in prop_diff:
            steps += nova_server_steps.resize_steps(self, prop_diff[schema.INSTANCE_TYPE])
        if schema.NETWORK_INTERFACES in prop_diff or schema.SUBNET_ID in prop_diff:
            steps += self._network_steps()
        return steps

    def _network_steps(self) -> list[Step]:
        old = self.previous_properties
        assert old is not None
        old_ports = _ordered_ports(old[schema.NETWORK_INTERFACES] or [])
        new_ports = _ordered_ports(self.properties[schema.NETWORK_INTERFACES] or [])
        current = [iface.port_id for iface in nova_server_steps.interfaces(self)]
        if old_ports and new_ports:
            detached = [port for port in old_ports if port not in new_ports]
            attached = [port for port in new_ports if port not in old_ports]
        else:
            detached, attached = current, new_ports
        steps = [nova_server_steps.detach_step(self, port, self._forget_port) for port in detached]
        steps += [nova_server_steps.attach_port_step(self, _given(port)) for port in attached]
        subnet = self.properties[schema.SUBNET_ID]
        if not new_ports and subnet:
            steps.append(
                nova_server_steps.attach_port_step(self, lambda: self._subnet_port(subnet))
            )
        return steps

    def _forget_port(self, port_id: str) -> None:
        if self.data().get(PORT_ID) == port_id:
            self.after_server_deleted()

    def check_update_complete(self, steps: list[Step]) -> bool:
        return nova_server_steps.advance(steps)

    def _resolve_attribute(self, name: str) -> Any:
        server = self.fetch_server() if self.resource_id else None
        if server is None:
            return None
        if name == schema.AVAILABILITY_ZONE_ATTR:
            return self.properties[schema.AVAILABILITY_ZONE] or server.availability_zone
        return nova.first_address(server.addresses or {}) or NO_ADDRESS


def _ordered_ports(interfaces: list[Any]) -> list[str]:
    """Port ids in ``DeviceIndex`` order (a bare id is at its place in the list)."""
    entries: list[dict[str, Any]] = [
        {"NetworkInterfaceId": entry, "DeviceIndex": index} if isinstance(entry, str) else entry
        for index, entry in enumerate(interfaces)
    ]
    ordered = sorted(entries, key=lambda entry: int(entry["DeviceIndex"]))
    return [entry["NetworkInterfaceId"] for entry in ordered]


def _given(port_id: str) -> Callable[[], str]:
    return lambda: port_id


def _tags(tags: list[dict[str, str]] | None) -> dict[str, str] | None:
    return {tag["Key"]: tag["Value"] for tag in tags} if tags else None


def _hints(hints: list[dict[str, str]] | None) -> dict[str, Any] | None:
    """Nova's scheduler hints: a key given more than once has the list of its values."""
    merged: dict[str, Any] = {}
    for hint in hints or []:
        key, value = hint["Key"], hint["Value"]
        if key in merged:
            previous = merged[key]
            merged[key] = (previous if isinstance(previous, list) else [previous]) + [value]
        else:
            merged[key] = value
    return merged or None


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"AWS::EC2::Instance": Instance}
