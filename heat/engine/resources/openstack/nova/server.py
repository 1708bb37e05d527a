"""``OS::Nova::Server``: a Nova server, its nics, block devices and user data.

Creating waits for ACTIVE (ERROR fails with Nova's fault); deleting waits until Nova no
longer knows the server, then deletes the ports heat made for it. Updates are made by
:mod:`.server_update`; the servers's software configuration transport is shared with
``OS::Heat::DeployedServer`` (:mod:`heat.engine.resources.server_config_transport`).
"""

from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine.resources import server_config_transport as transport
from heat.engine.resources.openstack.nova import (
    block_devices,
    server_attributes,
    server_networks,
    server_update,
    server_user_data,
)
from heat.engine.resources.openstack.nova import server_schema as schema

ACTIVE, ERROR, SUSPENDED = "ACTIVE", "ERROR", "SUSPENDED"


class Server(transport.ConfigTransportServer):
    """A resource for managing Nova instances.

    A server boots from an image or a volume with a flavor, on the networks the template
    lists; heat builds its user data so that cloud-init and heat's agents configure it.
    """

    default_client_name = "nova"
    properties_schema = schema.PROPERTIES_SCHEMA
    attributes_schema = schema.ATTRIBUTES_SCHEMA

    def validate(self) -> None:
        super().validate()
        if server_user_data.is_software_config(self):
            self.refuse_unavailable_config_transport()
        block_devices.validate(self, self.properties[schema.IMAGE])
        for nic in self.properties[schema.NETWORKS] or []:
            server_networks.validate(self.name, nic)

    def server_name(self) -> str:
        """The name Nova gives the server: the template's, else one made from the stack's."""
        return self.properties[schema.NAME] or self.physical_resource_name()

    def image_id(self, image: str | None) -> str | None:
        """The id of the image named or identified, None without one."""
        return self.client_plugin("glance").find_image_by_name_or_id(image) if image else None

    def fetch_server(self) -> Any:
        """The server as Nova describes it now; None when it is gone."""
        try:
            return self.client().get_server(self.resource_id)
        except Exception as error:  # the service's "not found" is a normal answer here
            self.client_plugin().ignore_not_found(error)
            return None

    def _create_arguments(self) -> dict[str, Any]:
        properties = self.properties
        image = self.image_id(properties[schema.IMAGE])
        arguments = {
            "name": self.server_name(),
            "flavor_id": self.client_plugin().get_flavor_id(properties[schema.FLAVOR]),
            "image_id": image,
            "key_name": properties[schema.KEY_NAME],
            "metadata": server_update.nova_metadata(properties[schema.METADATA]),
            "user_data": server_user_data.build(self),
            "availability_zone": properties[schema.AVAILABILITY_ZONE],
            "block_device_mapping": block_devices.mappings(self, image),
            "scheduler_hints": properties[schema.SCHEDULER_HINTS],
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

    def check_create_complete(self, server_id: str) -> bool:
        return self.reached(ACTIVE)

    def reached(self, status: str) -> bool:
        """Whether the server has ``status``; ResourceInError when Nova says ERROR."""
        server = self.client().get_server(self.resource_id)
        if server.status == ERROR:
            fault = (server.fault or {}).get("message") or _("Unknown")
            raise exception.ResourceInError(resource_status=ERROR, status_reason=fault)
        return server.status == status

    def handle_delete(self) -> str | None:
        """Free the floating IPs, ask Nova to delete the server, and delete the stack user."""
        super().handle_delete()
        if self.resource_id is None:
            server_networks.delete_internal_ports(self)
            return None
        server_networks.disassociate_floating_ips(self, self.properties[schema.NETWORKS])
        self.client().delete_server(self.resource_id, ignore_missing=True)
        return self.resource_id

    def check_delete_complete(self, server_id: str | None) -> bool:
        if server_id is not None:
            server = self.fetch_server()
            if server is not None:
                if server.status == ERROR:
                    fault = (server.fault or {}).get("message") or _("Unknown")
                    raise exception.ResourceInError(resource_status=ERROR, status_reason=fault)
                return False
        server_networks.delete_internal_ports(self)
        return True

    def handle_suspend(self) -> None:
        """Ask Nova to suspend the server."""
        if self.resource_id is None:
            raise exception.Error(_("Cannot suspend %s, resource_id not set") % self.name)
        self.client().suspend_server(self.resource_id)

    def check_suspend_complete(self, token: None) -> bool:
        return self.reached(SUSPENDED)

    def handle_resume(self) -> None:
        """Ask Nova to resume the server."""
        if self.resource_id is None:
            raise exception.Error(_("Cannot resume %s, resource_id not set") % self.name)
        self.client().resume_server(self.resource_id)

    def check_resume_complete(self, token: None) -> bool:
        return self.reached(ACTIVE)

    def handle_check(self) -> None:
        """The server must be ACTIVE."""
        server = self.client().get_server(self.resource_id)
        if server.status != ACTIVE:
            raise exception.Error(
                _("'%(name)s' is in status %(status)s, expected ACTIVE")
                % {"name": self.name, "status": server.status}
            )

    def needs_replace_with_prop_diff(self, changed: set[str], after: Any, before: Any) -> bool:
        return server_update.needs_replace(changed, after)

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> Any:
        return server_update.start(self, prop_diff)

    def check_update_complete(self, steps: Any) -> bool:
        return server_update.advance(steps)

    def _show_resource(self) -> Any:
        server = self.fetch_server() if self.resource_id else None
        return server.to_dict() if server is not None else None

    def _resolve_attribute(self, name: str) -> Any:
        if name == schema.OS_COLLECT_CONFIG:
            return self.published_collect_config()
        if self.resource_id is None:
            return "" if name == schema.FIRST_ADDRESS else None
        server = self.fetch_server()
        if server is None:
            return "" if name == schema.FIRST_ADDRESS else None
        return server_attributes.resolve(self, server, name)

    def get_live_state(self, resource_properties: Any = None) -> dict[str, Any]:
        """The properties as Nova has them now (EntityNotFound when the server is gone)."""
        server = self.fetch_server()
        if server is None:
            raise exception.EntityNotFound(entity="Server", name=self.resource_id)
        return server_attributes.live_properties(self, server)


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Nova::Server": Server}
