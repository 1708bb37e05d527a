"""``OS::Heat::DeployedServer``: a server deployed outside OpenStack that deployments target.

The server runs os-collect-config, configured from the ``os_collect_config`` attribute,
to poll the resource's metadata, where heat lists the server's deployments:

* POLL_SERVER_CFN: the ``cfn`` collector calls DescribeStackResource signed with an EC2
  keypair of the resource's stack user;
* POLL_SERVER_HEAT: the ``heat`` collector reads the resource through the native API as
  the stack user, with its password.

POLL_TEMP_URL and ZAQAR_MESSAGE need Swift and Zaqar, which this engine has no client
for: they are refused at validation. The credentials reach this resource only.
"""

from typing import Any

from heat.common.i18n import _
from heat.engine import attributes, constraints, properties, support
from heat.engine.resources import signal_responder as responder

Schema = properties.Schema

PROPERTIES = (NAME, METADATA, TRANSPORT, SWIFT_DATA) = (
    "name",
    "metadata",
    "software_config_transport",
    "deployment_swift_data",
)
TRANSPORTS = (POLL_SERVER_CFN, POLL_SERVER_HEAT, POLL_TEMP_URL, ZAQAR_MESSAGE) = (
    "POLL_SERVER_CFN",
    "POLL_SERVER_HEAT",
    "POLL_TEMP_URL",
    "ZAQAR_MESSAGE",
)
UNAVAILABLE_TRANSPORTS = {POLL_TEMP_URL: "swift", ZAQAR_MESSAGE: "zaqar"}
ATTRIBUTES = (NAME_ATTR, OS_COLLECT_CONFIG) = ("name", "os_collect_config")
OCC = "os-collect-config"
DEPLOYMENTS = "deployments"


class DeployedServer(responder.SignalResponder):
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
        TRANSPORT: Schema(
            Schema.STRING,
            _(
                "How the server should receive the metadata required for software "
                "configuration. POLL_SERVER_CFN will allow calls to the cfn API action "
                "DescribeStackResource authenticated with the provided keypair. "
                "POLL_SERVER_HEAT will allow calls to the Heat API resource-show using the "
                "provided keystone credentials. POLL_TEMP_URL will create and populate a Swift "
                "TempURL with metadata for polling. ZAQAR_MESSAGE will create a dedicated zaqar "
                "queue and post the metadata for polling."
            ),
            default=POLL_SERVER_CFN,
            constraints=[constraints.AllowedValues(list(TRANSPORTS))],
            update_allowed=True,
        ),
        SWIFT_DATA: Schema(
            Schema.MAP,
            _(
                "Swift container and object to use for storing deployment data for the server "
                'resource. The parameter is a map value with the keys "container" and '
                '"object", and the values are the corresponding container and object names. '
                "The software_config_transport parameter must be set to POLL_TEMP_URL for "
                "swift to be used. If not specified, and software_config_transport is set to "
                "POLL_TEMP_URL, a container will be automatically created from the resource "
                "name, and the object name will be a generated uuid."
            ),
            default={},
            update_allowed=True,
            support_status=support.SupportStatus(version="9.0.0"),
            schema={
                "container": Schema(
                    Schema.STRING,
                    _("Name of the container."),
                    constraints=[constraints.Length(min=1)],
                ),
                "object": Schema(
                    Schema.STRING,
                    _("Name of the object."),
                    constraints=[constraints.Length(min=1)],
                ),
            },
        ),
    }
    attributes_schema = {
        NAME_ATTR: attributes.Schema(_("Name of the server."), type=attributes.Schema.STRING),
        OS_COLLECT_CONFIG: attributes.Schema(
            _(
                "The os-collect-config configuration for the server's local agent to be "
                "configured to connect to Heat to retrieve deployment data."
            ),
            type=attributes.Schema.MAP,
            support_status=support.SupportStatus(version="9.0.0"),
            cache_mode=attributes.Schema.CACHE_NONE,
        ),
    }

    def validate(self) -> None:
        super().validate()
        self.refuse_unavailable_transport(
            self.properties[TRANSPORT], UNAVAILABLE_TRANSPORTS, TRANSPORT
        )

    def _make_credentials(self) -> None:
        if self.properties[TRANSPORT] == POLL_SERVER_HEAT:
            if self.password is None:
                self.set_password(responder.generate_password())
            self.create_user()
        else:
            self.create_user()
            if not self.data().get("access_key"):
                self.create_keypair()

    def collect_config(self) -> dict[str, Any]:
        """The ``os-collect-config`` section of the metadata: the collectors and what the
        polling one needs."""
        if self.properties[TRANSPORT] == POLL_SERVER_HEAT:
            keystone = self.client_plugin("keystone")
            return {
                "collectors": ["heat", "local"],
                "heat": {
                    "user_id": self.user_id(),
                    "password": self.password,
                    "auth_url": keystone.server_keystone_endpoint_url(),
                    "project_id": self.stack.state_data.stack_user_project_id,
                    "stack_id": self.stack.identifier().stack_path(),
                    "resource_name": self.name,
                    "region_name": self.client_plugin("heat").region_name(),
                },
            }
        return {
            "collectors": ["cfn", "local"],
            "cfn": {
                "metadata_url": self.client_plugin("heat").get_cfn_metadata_server_url(),
                "access_key_id": self.data().get("access_key"),
                "secret_access_key": self.data().get("secret_key"),
                "stack_name": self.stack.name,
                "path": "%s.Metadata" % self.name,
            },
        }

    def _publish_collect_config(self) -> None:
        occ = self.collect_config()
        self.metadata_merge(
            lambda metadata: {**metadata, DEPLOYMENTS: metadata.get(DEPLOYMENTS, []), OCC: occ}
        )

    def handle_create(self) -> None:
        """Make the transport's credentials and tell the server where to poll."""
        self.resource_id_set(self.uuid)
        self._make_credentials()
        self._publish_collect_config()

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> None:
        """A new transport gets its credentials and a new ``os-collect-config``."""
        if TRANSPORT in prop_diff:
            self._make_credentials()
            self._publish_collect_config()

    def _resolve_attribute(self, name: str) -> Any:
        if name == NAME_ATTR:
            return self.properties[NAME] or self.physical_resource_name()
        if name == OS_COLLECT_CONFIG:
            return self.metadata_get(refresh=True).get(OCC, {})
        return None


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Heat::DeployedServer": DeployedServer}
