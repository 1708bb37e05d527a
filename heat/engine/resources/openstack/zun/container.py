"""``OS::Zun::Container``: a container that Zun runs from an image, with its command,
CPU and memory, environment, restart policy, volumes and networks.

The create runs the container and waits until it is ``Running`` (or ``Stopped``, when it
is not interactive); ``Error`` fails it with Zun's reason. Its name, CPU and memory change
in place (a PATCH), and so do its networks (interfaces detached and attached). A mount
names a Cinder volume, or a size for which Zun makes one. The delete stops the container
and waits until Zun no longer has it.
"""

import copy
import shlex
from typing import Any

from openstack import exceptions as sdk_exceptions

from heat.common import exception
from heat.common.i18n import _
from heat.engine import support
from heat.engine.clients.os.zun import command_text
from heat.engine.resource import Resource
from heat.engine.resources import nova_server_steps as steps
from heat.engine.resources.openstack.zun import container_networks
from heat.engine.resources.openstack.zun import container_schema as schema

# Zun's statuses of a container it is still making.
MAKING = ("Creating", "Created")


class Container(Resource):
    """A Zun container, run from an image."""

    support_status = support.SupportStatus(version="9.0.0")
    default_client_name = "zun"

    properties_schema = schema.PROPERTIES_SCHEMA
    attributes_schema = schema.ATTRIBUTES_SCHEMA

    def validate(self) -> None:
        super().validate()
        schema.validate(self.name, self.properties)

    def _fields(self) -> dict[str, Any]:
        """The body of Zun's run: the given properties, in Zun's forms."""
        fields = {
            name: value
            for name in schema.PROPERTIES
            if (value := self.properties[name]) is not None
            and name not in (schema.MOUNTS, schema.NETWORKS)
        }
        if fields.get(schema.RESTART_POLICY):
            fields[schema.RESTART_POLICY] = schema.restart_policy(fields[schema.RESTART_POLICY])
        if fields.get(schema.COMMAND):
            words = shlex.split(fields[schema.COMMAND])
            # Zun takes a list from API 1.20 on: only a run with a TTY asks for a later one.
            fields[schema.COMMAND] = words if schema.TTY in fields else command_text(words)
        mounts = self.properties[schema.MOUNTS]
        if mounts:
            fields[schema.MOUNTS] = [self._mount(mount) for mount in mounts]
        networks = self.properties[schema.NETWORKS]
        if networks:
            fields["nets"] = container_networks.zun_nets(self, networks)
        return fields

    @staticmethod
    def _mount(mount: dict[str, Any]) -> dict[str, Any]:
        """A mount as Zun takes it: a volume's ``source`` or the ``size`` of a new one."""
        made: dict[str, Any] = {"destination": mount[schema.MOUNT_PATH]}
        if mount.get(schema.VOLUME_ID):
            made["source"] = mount[schema.VOLUME_ID]
        if mount.get(schema.VOLUME_SIZE):
            made["size"] = mount[schema.VOLUME_SIZE]
        return made

    def handle_create(self) -> None:
        container = self.client_plugin().run_container(self._fields())
        self.resource_id_set(container["uuid"])

    def check_create_complete(self, token: Any) -> bool:
        """Whether the container runs (or ran, unless interactive); ResourceInError with
        Zun's reason when it is in error."""
        container = self.client_plugin().get_container(str(self.resource_id))
        status = container.get("status")
        if status in MAKING:
            return False
        if status == "Running" or (status == "Stopped" and not container.get("interactive")):
            return True
        values = {"name": self.name, "reason": container.get("status_reason")}
        if status == "Stopped":
            message = _(
                "Error in creating container '%(name)s' - interactive mode was enabled but the "
                "container has stopped running"
            )
            raise exception.ResourceInError(status_reason=message % values, resource_status=status)
        if status == "Error":
            message = _("Error in creating container '%(name)s' - %(reason)s")
            raise exception.ResourceInError(status_reason=message % values, resource_status=status)
        message = _("Unknown status Container '%(name)s' - %(reason)s")
        raise exception.ResourceUnknownStatus(
            status_reason=message % values, resource_status=status
        )

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> list:
        """Rename the container or change its CPU or memory; the network changes to wait
        for."""
        changes = dict(prop_diff)
        waits: list[steps.Step] = []
        if schema.NETWORKS in changes:
            old = self.previous_properties[schema.NETWORKS] if self.previous_properties else []
            waits = container_networks.update_steps(self, old, changes.pop(schema.NETWORKS))
        self.client_plugin().update_container(str(self.resource_id), changes)
        return waits

    def check_update_complete(self, waits: list) -> bool:
        return steps.advance(waits)

    def handle_delete(self) -> str | None:
        """Stop and delete the container; one gone already is fine."""
        if self.resource_id is None:
            return None
        try:
            self.client_plugin().delete_container(self.resource_id)
        except sdk_exceptions.NotFoundException:
            return None
        return self.resource_id

    def check_delete_complete(self, container_id: str | None) -> bool:
        """Whether Zun no longer has the container."""
        if container_id is None:
            return True
        try:
            self.client_plugin().get_container(container_id)
        except sdk_exceptions.NotFoundException:
            return True
        return False

    def _show_resource(self) -> Any:
        if self.resource_id is None:
            return {}
        return self.client_plugin().get_container(self.resource_id)

    def _resolve_attribute(self, name: str) -> Any:
        """The container's field; its ``addresses`` also under each network's name. An
        empty text once the container is gone, as OpenStack Heat gives."""
        if self.resource_id is None:
            return None
        try:
            container = self.client_plugin().get_container(self.resource_id)
        except sdk_exceptions.NotFoundException:
            return ""
        if name == schema.ADDRESSES:
            return self._addresses(container.get(schema.ADDRESSES) or {})
        return container.get(name, "")

    def _addresses(self, addresses: dict[str, list]) -> dict[str, list]:
        """``addresses`` (by network id), each also listed under its network's name."""
        names = {
            network.id: network.name
            for network in self.client_plugin("neutron").client().networks()
        }
        extended = copy.deepcopy(addresses)
        for network_id, listed in addresses.items():
            name = names.get(network_id)
            if name:
                extended.setdefault(name, [])
                extended[name] += copy.deepcopy(listed)
        return extended


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Zun::Container": Container}
