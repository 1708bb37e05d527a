"""The base of servers that poll heat for their software configuration (``OS::Nova::Server``,
``OS::Heat::DeployedServer``).

Heat lists a server's deployments in its resource's metadata, and tells the server's
os-collect-config where to poll in the ``os-collect-config`` key of the same metadata:

* POLL_SERVER_CFN: the ``cfn`` collector calls DescribeStackResource signed with an EC2
  keypair of the resource's stack user;
* POLL_SERVER_HEAT: the ``heat`` collector reads the resource through the native API as
  the stack user, with its password;
* POLL_TEMP_URL: the ``request`` collector reads a copy of the metadata in a Swift object
  (``deployment_swift_data``, else a container named after the resource and an object of a
  random name) through a temporary GET URL; heat writes the copy through a temporary PUT
  URL (:mod:`heat.engine.polled_metadata`) and deletes both with the resource;
* ZAQAR_MESSAGE: the ``zaqar`` collector takes the metadata off a Zaqar queue of the stack
  user's project, with the user's password; heat posts the metadata there as the user
  whenever it changes it (:mod:`heat.engine.queued_metadata`) and deletes the queue with
  the resource.

The credentials reach the server's own resource only.
"""

import uuid
from typing import Any

from heat.common.i18n import _
from heat.engine import (
    attributes,
    constraints,
    polled_metadata,
    properties,
    queued_metadata,
    support,
)
from heat.engine.resources import signal_responder as responder
from heat.engine.resources import zaqar_signal
from heat.engine.resources.configured_defaults import property_or_option

Schema = properties.Schema

TRANSPORT = "software_config_transport"
TRANSPORTS = (POLL_SERVER_CFN, POLL_SERVER_HEAT, POLL_TEMP_URL, ZAQAR_MESSAGE) = (
    "POLL_SERVER_CFN",
    "POLL_SERVER_HEAT",
    "POLL_TEMP_URL",
    "ZAQAR_MESSAGE",
)
# The service each transport needs besides Keystone.
TRANSPORT_SERVICES = {POLL_TEMP_URL: "swift", ZAQAR_MESSAGE: "zaqar"}
SWIFT_DATA = "deployment_swift_data"
# Resource data of a POLL_TEMP_URL server: where its metadata's copy is.
METADATA_CONTAINER, METADATA_OBJECT = "metadata_container", "metadata_object_name"
OCC = "os-collect-config"
DEPLOYMENTS = "deployments"

TRANSPORT_SCHEMA = Schema(
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
)

SWIFT_DATA_SCHEMA = Schema(
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
)


class ConfigTransportServer(responder.SignalResponder):
    """A resource whose server polls its metadata through ``software_config_transport``."""

    def config_transport(self) -> str:
        """The template's ``software_config_transport``, else
        ``default_software_config_transport``."""
        return property_or_option(self, TRANSPORT, "default_software_config_transport")

    def refuse_unavailable_config_transport(self) -> None:
        """ResourceTypeUnavailable for a transport whose service the stack cannot use."""
        self.refuse_unavailable_transport(self.config_transport(), TRANSPORT_SERVICES, TRANSPORT)

    def make_transport_credentials(self) -> None:
        """The stack user, with a password (POLL_SERVER_HEAT, ZAQAR_MESSAGE) or an EC2
        keypair (POLL_SERVER_CFN); none for POLL_TEMP_URL, whose URLs are the credentials."""
        if self.config_transport() == POLL_TEMP_URL:
            return
        if self.config_transport() in (POLL_SERVER_HEAT, ZAQAR_MESSAGE):
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
        if self.config_transport() == POLL_TEMP_URL:
            return {
                "collectors": ["request", "local"],
                "request": {"metadata_url": self._metadata_get_url()},
            }
        if self.config_transport() == ZAQAR_MESSAGE:
            return {"collectors": ["zaqar", "local"], "zaqar": self._metadata_queue()}
        if self.config_transport() == POLL_SERVER_HEAT:
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

    def publish_collect_config(self) -> dict[str, Any]:
        """Store ``os-collect-config`` (and an empty ``deployments`` list until there are
        some) in the metadata; the metadata stored."""
        occ = self.collect_config()
        self.metadata_merge(
            lambda metadata: {**metadata, DEPLOYMENTS: metadata.get(DEPLOYMENTS, []), OCC: occ}
        )
        self.push_polled_metadata()
        return self.metadata_get()

    def push_polled_metadata(self) -> None:
        """Write the metadata to the copy a POLL_TEMP_URL server polls, or post it to the
        queue a ZAQAR_MESSAGE server reads, if it has one."""
        queue = self.data().get(queued_metadata.QUEUE)
        if queue:
            project_id = self.stack.state_data.stack_user_project_id
            queued_metadata.post(
                self.stack.clients,
                self.user_id(),
                project_id,
                self.password,
                queue,
                self.metadata_get(),
            )
        put_url = self.data().get(polled_metadata.PUT_URL)
        if put_url:
            conf = self.stack.settings.conf
            timeout = conf.metadata_put_timeout if conf is not None else 60
            polled_metadata.put(put_url, self.metadata_get(), timeout)

    def _metadata_queue(self) -> dict[str, Any]:
        """What the ``zaqar`` collector needs: the stack user's credentials and the queue
        (named after the resource, kept in its data)."""
        queue = self.data().get(queued_metadata.QUEUE) or self.physical_resource_name()
        self.data_set(queued_metadata.QUEUE, queue)
        keystone = self.client_plugin("keystone")
        return {
            "user_id": self.user_id(),
            "password": self.password,
            "auth_url": keystone.server_keystone_endpoint_url(),
            "project_id": self.stack.state_data.stack_user_project_id,
            "queue_id": queue,
            "region_name": self.client_plugin("heat").region_name(),
        }

    def _metadata_get_url(self) -> str:
        """The temporary GET URL of the metadata's copy (container and PUT URL made, and
        kept, first)."""
        swift = self.client_plugin("swift")
        wanted = self.properties[SWIFT_DATA] or {}
        container = wanted.get("container") or self.physical_resource_name()
        name = wanted.get("object") or self.data().get(METADATA_OBJECT) or str(uuid.uuid4())
        swift.client().create_container(container)
        self.data_set(METADATA_CONTAINER, container)
        self.data_set(METADATA_OBJECT, name)
        put_url = swift.get_temp_url(container, name, method="PUT")
        self.data_set(polled_metadata.PUT_URL, put_url, redact=True)
        return swift.get_temp_url(container, name, method="GET")

    def delete_signals(self) -> None:
        """Also delete the metadata's queue, or its copy and the copy's container (when
        nothing else is in it)."""
        zaqar_signal.delete(self, queued_metadata.QUEUE)
        super().delete_signals()
        container = self.data().get(METADATA_CONTAINER)
        if not container:
            return
        swift = self.client_plugin("swift")
        for delete in (
            lambda: swift.delete_object(container, self.data()[METADATA_OBJECT]),
            lambda: swift.delete_container(container),
        ):
            try:
                delete()
            except Exception as error:
                if not (swift.is_not_found(error) or swift.is_conflict(error)):
                    raise
        for key in (polled_metadata.PUT_URL, METADATA_OBJECT, METADATA_CONTAINER):
            self.data_delete(key)

    def update_template_metadata(self, metadata: Any) -> None:
        """The template's new metadata, keeping the deployments heat lists there and the
        ``os-collect-config`` it published (the template's keys of it win)."""
        owned = {key: value for key, value in metadata.items() if key not in (OCC, DEPLOYMENTS)}

        def merged(stored: dict[str, Any]) -> dict[str, Any]:
            kept = dict(owned)
            if OCC in stored or OCC in metadata:
                kept[OCC] = {**stored.get(OCC, {}), **metadata.get(OCC, {})}
            if DEPLOYMENTS in stored:
                kept[DEPLOYMENTS] = stored[DEPLOYMENTS]
            return kept

        self.metadata_merge(merged)
        self.push_polled_metadata()

    def published_collect_config(self) -> dict[str, Any]:
        """What the ``os_collect_config`` attribute gives: the stored section, read afresh."""
        return self.metadata_get(refresh=True).get(OCC, {})


#: The ``os_collect_config`` attribute of the servers that take software configuration.
OS_COLLECT_CONFIG_ATTRIBUTE = attributes.Schema(
    _(
        "The os-collect-config configuration for the server's local agent to be "
        "configured to connect to Heat to retrieve deployment data."
    ),
    type=attributes.Schema.MAP,
    support_status=support.SupportStatus(version="9.0.0"),
    cache_mode=attributes.Schema.CACHE_NONE,
)
