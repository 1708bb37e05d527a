"""``OS::Heat::DeployedServer``: a server deployed outside OpenStack that deployments target.

The server runs os-collect-config, configured from the ``os_collect_config`` attribute,
to poll the resource's metadata, where heat lists the server's deployments (see
:mod:`heat.engine.resources.server_config_transport`).
"""

from typing import Any

from heat.common.i18n import _
from heat.engine import attributes, properties, support
from heat.engine.resources import server_config_transport as transport

Schema = properties.Schema

PROPERTIES = (NAME, METADATA, TRANSPORT, SWIFT_DATA) = (
    "name",
    "metadata",
    transport.TRANSPORT,
    "deployment_swift_data",
)
ATTRIBUTES = (NAME_ATTR, OS_COLLECT_CONFIG) = ("name", "os_collect_config")


class DeployedServer(transport.ConfigTransportServer):
    """A resource for managing servers that are already deployed.

    The servers are deployed outside OpenStack; associating them with software
    deployments lets heat orchestrate their configuration.
    """

    support_status = support.SupportStatus()
    properties_schema = {
        NAME: Schema(Schema.STRING, _("Server name."), update_allowed=True),
        METADATA: Schema(
            Schema.MAP,
            _(
                "Arbitrary key/value metadata to store for this server. Both keys and values "
                "must be 255 characters or less. Non-string values will be serialized to JSON "
                "(and the serialized string must be 255 characters or less)."
            ),
            update_allowed=True,
        ),
        TRANSPORT: transport.TRANSPORT_SCHEMA,
        SWIFT_DATA: transport.SWIFT_DATA_SCHEMA,
    }
    attributes_schema = {
        NAME_ATTR: attributes.Schema(_("Name of the server."), type=attributes.Schema.STRING),
        OS_COLLECT_CONFIG: transport.OS_COLLECT_CONFIG_ATTRIBUTE,
    }

    def validate(self) -> None:
        super().validate()
        self.refuse_unavailable_config_transport()

    def handle_create(self) -> None:
        """Make the transport's credentials and tell the server where to poll."""
        self.resource_id_set(self.uuid)
        self.make_transport_credentials()
        self.publish_collect_config()

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> None:
        """A new transport gets its credentials and a new ``os-collect-config``."""
        if TRANSPORT in prop_diff:
            self.make_transport_credentials()
            self.publish_collect_config()

    def _resolve_attribute(self, name: str) -> Any:
        if name == NAME_ATTR:
            return self.properties[NAME] or self.physical_resource_name()
        if name == OS_COLLECT_CONFIG:
            return self.published_collect_config()
        return None


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Heat::DeployedServer": DeployedServer}
