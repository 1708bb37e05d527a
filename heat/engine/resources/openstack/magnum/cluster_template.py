"""``OS::Magnum::ClusterTemplate``: what Magnum builds the clusters made from it with (their
orchestration engine, image, flavors, networks, drivers, proxies...); and the hidden
``OS::Magnum::BayModel`` it replaced, which OpenStack Heat 27 still makes as one.

Only ``public`` changes in place (a JSON patch Magnum applies at once); the networks are
sent as Neutron ids, the image, flavors and key pair as the template names them (Magnum
takes names or ids).
"""

from typing import Any

from openstack import exceptions as sdk_exceptions

from heat.common import exception
from heat.common.i18n import _
from heat.engine import constraints, properties, support
from heat.engine.clients.os.magnum import CLUSTER_TEMPLATES, item_path, replace_patch
from heat.engine.resource import Resource

Schema = properties.Schema
PROPERTIES = (
    NAME,
    IMAGE,
    FLAVOR,
    MASTER_FLAVOR,
    KEYPAIR,
    EXTERNAL_NETWORK,
    FIXED_NETWORK,
    FIXED_SUBNET,
    DNS_NAMESERVER,
    DOCKER_VOLUME_SIZE,
    DOCKER_STORAGE_DRIVER,
    COE,
    NETWORK_DRIVER,
    VOLUME_DRIVER,
    HTTP_PROXY,
    HTTPS_PROXY,
    NO_PROXY,
    LABELS,
    TLS_DISABLED,
    PUBLIC,
    REGISTRY_ENABLED,
    SERVER_TYPE,
    MASTER_LB_ENABLED,
    FLOATING_IP_ENABLED,
) = (
    "name",
    "image",
    "flavor",
    "master_flavor",
    "keypair",
    "external_network",
    "fixed_network",
    "fixed_subnet",
    "dns_nameserver",
    "docker_volume_size",
    "docker_storage_driver",
    "coe",
    "network_driver",
    "volume_driver",
    "http_proxy",
    "https_proxy",
    "no_proxy",
    "labels",
    "tls_disabled",
    "public",
    "registry_enabled",
    "server_type",
    "master_lb_enabled",
    "floating_ip_enabled",
)
# The properties Magnum takes as ``<property>_id`` (a name or an id).
ID_FIELDS = (IMAGE, FLAVOR, MASTER_FLAVOR, KEYPAIR)
# The properties naming Neutron networks or subnets, sent as ids.
NEUTRON_FIELDS = {EXTERNAL_NETWORK: "network", FIXED_NETWORK: "network", FIXED_SUBNET: "subnet"}
# The volume drivers each orchestration engine can use.
VOLUME_DRIVERS = {"kubernetes": ["cinder"], "swarm": ["rexray"], "mesos": ["rexray"]}
# The key of old BayModel templates that OpenStack Heat drops.
SSH_AUTHORIZED_KEY = "ssh_authorized_key"


def _string(description: str, constraint: str | None = None, **options: Any) -> Schema:
    checks = [constraints.CustomConstraint(constraint)] if constraint else []
    return Schema(Schema.STRING, description, constraints=checks, **options)


def _flag(description: str, default: bool, **options: Any) -> Schema:
    return Schema(Schema.BOOLEAN, description, default=default, **options)


class ClusterTemplate(Resource):
    """A Magnum cluster template: how the clusters made from it are built."""

    support_status = support.SupportStatus(version="9.0.0")
    default_client_name = "magnum"

    properties_schema = {
        NAME: _string(_("The cluster template name.")),
        IMAGE: _string(
            _("The image name or UUID to use as a base image for cluster."),
            "glance.image",
            required=True,
        ),
        FLAVOR: _string(
            _("The nova flavor name or UUID to use when launching the cluster."), "nova.flavor"
        ),
        MASTER_FLAVOR: _string(
            _("The nova flavor name or UUID to use when launching the master node of the cluster."),
            "nova.flavor",
        ),
        KEYPAIR: _string(
            _("The name of the SSH keypair to load into the cluster nodes."), "nova.keypair"
        ),
        EXTERNAL_NETWORK: _string(
            _("The external neutron network name or UUID to attach the Cluster."),
            "neutron.network",
            required=True,
        ),
        FIXED_NETWORK: _string(
            _("The fixed neutron network name or UUID to attach the Cluster."), "neutron.network"
        ),
        FIXED_SUBNET: _string(
            _("The fixed neutron subnet name or UUID to attach the Cluster."), "neutron.subnet"
        ),
        DNS_NAMESERVER: _string(_("The DNS nameserver address."), "ip_addr"),
        DOCKER_VOLUME_SIZE: Schema(
            Schema.INTEGER,
            _("The size in GB of the docker volume."),
            constraints=[constraints.Range(min=1)],
        ),
        DOCKER_STORAGE_DRIVER: Schema(
            Schema.STRING,
            _("Select a docker storage driver."),
            constraints=[constraints.AllowedValues(["devicemapper", "overlay"])],
            default="devicemapper",
        ),
        COE: Schema(
            Schema.STRING,
            _("The Container Orchestration Engine for cluster."),
            constraints=[constraints.AllowedValues(["kubernetes", "swarm", "mesos"])],
            required=True,
        ),
        NETWORK_DRIVER: _string(
            _(
                "The name of the driver used for instantiating container networks. By "
                "default, Magnum will choose the pre-configured network driver based on COE "
                "type."
            )
        ),
        VOLUME_DRIVER: Schema(
            Schema.STRING,
            _("The volume driver name for instantiating container volume."),
            constraints=[constraints.AllowedValues(["cinder", "rexray"])],
        ),
        HTTP_PROXY: _string(_("The http_proxy address to use for nodes in cluster.")),
        HTTPS_PROXY: _string(_("The https_proxy address to use for nodes in cluster.")),
        NO_PROXY: _string(
            _(
                "A comma separated list of addresses for which proxies should not be used in "
                "the cluster."
            )
        ),
        LABELS: Schema(
            Schema.MAP,
            _("Arbitrary labels in the form of key=value pairs to associate with cluster."),
        ),
        TLS_DISABLED: _flag(_("Disable TLS in the cluster."), False),
        PUBLIC: _flag(
            _(
                "Make the cluster template public. To enable this option, you must own the "
                "right to publish in magnum. Which default set to admin only."
            ),
            False,
            update_allowed=True,
        ),
        REGISTRY_ENABLED: _flag(_("Enable the docker registry in the cluster."), False),
        SERVER_TYPE: Schema(
            Schema.STRING,
            _("Specify the server type to be used."),
            constraints=[constraints.AllowedValues(["vm", "bm"])],
            default="vm",
        ),
        MASTER_LB_ENABLED: _flag(
            _(
                "Indicates whether created clusters should have a load balancer for master nodes "
                "or not."
            ),
            True,
        ),
        FLOATING_IP_ENABLED: _flag(
            _("Indicates whether created clusters should have a floating ip or not."), True
        ),
    }

    def validate(self) -> None:
        """The volume driver must be one the orchestration engine can use."""
        super().validate()
        coe, driver = self.properties[COE], self.properties[VOLUME_DRIVER]
        supported = VOLUME_DRIVERS.get(coe)
        if driver is not None and supported is not None and driver not in supported:
            message = _(
                "Volume driver type %(driver)s is not supported by COE:%(coe)s, expecting a "
                "%(supported_volume_driver)s volume driver."
            ) % {"driver": driver, "coe": coe, "supported_volume_driver": supported}
            raise exception.StackValidationFailed(message=message)

    def _fields(self) -> dict[str, Any]:
        """The body of Magnum's create: the given properties, named as Magnum names them."""
        fields: dict[str, Any] = {"name": self.properties[NAME] or self.physical_resource_name()}
        neutron = self.client_plugin("neutron")
        for name in PROPERTIES[1:]:
            value = self.properties[name]
            if value is None:
                continue
            if name in NEUTRON_FIELDS:
                value = neutron.find_resourceid_by_name_or_id(NEUTRON_FIELDS[name], value)
            key = name + "_id" if name in ID_FIELDS or name == EXTERNAL_NETWORK else name
            fields[key] = value
        return fields

    def handle_create(self) -> None:
        made = self.client_plugin().call("post", CLUSTER_TEMPLATES, self._fields())
        self.resource_id_set(made["uuid"])

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> None:
        """Patch the changed fields; Magnum answers with the template changed."""
        if prop_diff:
            path = item_path(CLUSTER_TEMPLATES, str(self.resource_id))
            self.client_plugin().call("patch", path, replace_patch(prop_diff))

    def handle_delete(self) -> None:
        """Delete the template; one gone already is fine."""
        if self.resource_id is None:
            return
        try:
            self.client_plugin().call("delete", item_path(CLUSTER_TEMPLATES, self.resource_id))
        except sdk_exceptions.NotFoundException:
            pass

    def _show_resource(self) -> Any:
        if self.resource_id is None:
            return {}
        return self.client_plugin().call("get", item_path(CLUSTER_TEMPLATES, self.resource_id))


_BAY_MODEL_MESSAGE = _("Please use OS::Magnum::ClusterTemplate instead.")


class BayModel(ClusterTemplate):
    """The cluster template's old name, hidden: it still makes a cluster template, so the
    stacks that hold one can be updated and deleted (an ``ssh_authorized_key`` is
    ignored)."""

    support_status = support.SupportStatus(
        support.HIDDEN,
        version="11.0.0",
        message=_BAY_MODEL_MESSAGE,
        previous_status=support.SupportStatus(
            support.DEPRECATED,
            version="9.0.0",
            message=_BAY_MODEL_MESSAGE,
            previous_status=support.SupportStatus(version="5.0.0"),
            substitute_class=ClusterTemplate,
        ),
    )

    def make_properties(self, definition: Any) -> properties.Properties:
        made = super().make_properties(definition)
        if SSH_AUTHORIZED_KEY not in (made.data or {}):
            return made
        data = {key: value for key, value in made.data.items() if key != SSH_AUTHORIZED_KEY}
        return properties.Properties(
            made.schema, data, made.resolve, made.parent_name, made.context, made.section
        )


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Magnum::ClusterTemplate": ClusterTemplate, "OS::Magnum::BayModel": BayModel}
