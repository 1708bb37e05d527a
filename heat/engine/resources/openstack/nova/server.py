"""``OS::Nova::Server``: a Nova server, its nics, block devices and user data.

Waiting for Nova, deleting, suspend, resume and check are
:class:`heat.engine.resources.nova_server.NovaServer`'s; the ports heat made for the server
are deleted after it. Updates are made by :mod:`.server_update`; the software configuration
transport is shared with ``OS::Heat::DeployedServer``.
"""

from typing import Any

from heat.common import exception
from heat.engine.resources import nova_server, nova_server_steps
from heat.engine.resources.openstack.nova import (
    block_devices,
    server_attributes,
    server_networks,
    server_update,
    server_user_data,
)
from heat.engine.resources.openstack.nova import server_schema as schema
from heat.engine.resources.scheduler_hints import with_stack_hints


class Server(nova_server.NovaServer):
    """A resource for managing Nova instances.

    A server boots from an image or a volume with a flavor, on the networks the template
    lists; heat builds its user data so that cloud-init and heat's agents configure it.
    """

    properties_schema = schema.PROPERTIES_SCHEMA
    attributes_schema = schema.ATTRIBUTES_SCHEMA

    @classmethod
    def implied_requirements(cls, name: str, values: dict[str, Any], resources: Any) -> list[str]:
        """The subnets of the networks the server is on (see server_networks)."""
        return server_networks.implied_requirements(values, resources)

    def validate(self) -> None:
        super().validate()
        if server_user_data.is_software_config(self):
            self.refuse_unavailable_config_transport()
        block_devices.validate(self, self.properties[schema.IMAGE])
        for nic in self.properties[schema.NETWORKS] or []:
            server_networks.validate(self.name, nic)

    def server_name(self) -> str:
        """The name Nova gives the server: the template's, else one made from the stack's."""
        return self.properties[schema.NAME] or self.physical_server_name()

    def image_id(self, image: str | None) -> str | None:
        """The id of the image named or identified, None without one."""
        return self.client_plugin("glance").find_image_by_name_or_id(image) if image else None

    def _create_arguments(self) -> dict[str, Any]:
        properties = self.properties
        image = self.image_id(properties[schema.IMAGE])
        arguments = {
            "name": self.server_name(),
            "flavor_id": self.client_plugin().get_flavor_id(properties[schema.FLAVOR]),
            "image_id": image,
            "key_name": properties[schema.KEY_NAME],
            "metadata": nova_server_steps.nova_metadata(properties[schema.METADATA]),
            "user_data": server_user_data.build(self),
            "availability_zone": properties[schema.AVAILABILITY_ZONE],
            "block_device_mapping": block_devices.mappings(self, image),
            "scheduler_hints": with_stack_hints(self, properties[schema.SCHEDULER_HINTS]),
            "has_config_drive": properties[schema.CONFIG_DRIVE],
            "disk_config": properties[schema.DISK_CONFIG],
            "admin_password": properties[schema.ADMIN_PASS],
            "tags": properties[schema.TAGS],
            "personality": [
                {"path": path, "contents": contents}
                for path, contents in (properties[schema.PERSONALITY] or {}).items()
            ],
            "security_groups": [{"name": group} for group in properties[schema.SECURITY_GROUPS]],
        }
        arguments["networks"] = server_networks.nova_networks(
            self, properties[schema.NETWORKS], properties[schema.SECURITY_GROUPS]
        )
        return {name: value for name, value in arguments.items() if value not in (None, [], {})}

    def handle_create(self) -> str:
        """Ask Nova for the server (heat's ports made first); its id."""
        server = self.client().create_server(**self._create_arguments())
        self.resource_id_set(server.id)
        return str(server.id)

    def handle_delete(self) -> str | None:
        """Free the floating IPs, then delete the server."""
        if self.resource_id is not None:
            server_networks.disassociate_floating_ips(self, self.properties[schema.NETWORKS])
        return super().handle_delete()

    def after_server_deleted(self) -> None:
        """Delete the ports heat made for the server."""
        server_networks.delete_internal_ports(self)

    def needs_replace_with_prop_diff(self, changed: set[str], after: Any, before: Any) -> bool:
        return server_update.needs_replace(changed, after)

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> Any:
        return server_update.start(self, prop_diff)

    def check_update_complete(self, steps: Any) -> bool:
        return nova_server_steps.advance(steps)

    def _resolve_attribute(self, name: str) -> Any:
        if name == schema.OS_COLLECT_CONFIG:
            return self.published_collect_config()
        if self.resource_id is None:
            return "" if name == schema.FIRST_ADDRESS else None
        server = self.fetch_server()
        if server is None:
            return "" if name == schema.FIRST_ADDRESS else None
        return server_attributes.resolve(self, server, name)

    def get_live_state(self, properties: Any) -> dict[str, Any]:
        """The properties as Nova has them now (EntityNotFound when the server is gone)."""
        server = self.fetch_server()
        if server is None:
            raise exception.EntityNotFound(entity="Server", name=self.resource_id)
        return server_attributes.live_properties(self, server, properties)


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Nova::Server": Server}
