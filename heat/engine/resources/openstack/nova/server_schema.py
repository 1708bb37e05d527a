"""The properties and attributes of ``OS::Nova::Server``, as OpenStack Heat 27 declares them.

``networks`` items and block device mappings have schemas of their own
(:mod:`.network_schema`, :mod:`.block_device_schema`); the software config transport's are
shared with ``OS::Heat::DeployedServer``.
"""

from typing import Any

from heat.common.i18n import _
from heat.engine import attributes, constraints, properties, support
from heat.engine.resources import server_config_transport as transport
from heat.engine.resources.openstack.nova import block_device_schema, network_schema

Schema = properties.Schema

PROPERTIES = (
    NAME,
    IMAGE,
    BLOCK_DEVICE_MAPPING,
    BLOCK_DEVICE_MAPPING_V2,
    FLAVOR,
    FLAVOR_UPDATE_POLICY,
    IMAGE_UPDATE_POLICY,
    KEY_NAME,
    ADMIN_USER,
    AVAILABILITY_ZONE,
    SECURITY_GROUPS,
    NETWORKS,
    SCHEDULER_HINTS,
    METADATA,
    USER_DATA_FORMAT,
    USER_DATA,
    RESERVATION_ID,
    CONFIG_DRIVE,
    DISK_CONFIG,
    PERSONALITY,
    ADMIN_PASS,
    TRANSPORT,
    USER_DATA_UPDATE_POLICY,
    TAGS,
    SWIFT_DATA,
) = (
    "name",
    "image",
    "block_device_mapping",
    "block_device_mapping_v2",
    "flavor",
    "flavor_update_policy",
    "image_update_policy",
    "key_name",
    "admin_user",
    "availability_zone",
    "security_groups",
    "networks",
    "scheduler_hints",
    "metadata",
    "user_data_format",
    "user_data",
    "reservation_id",
    "config_drive",
    "diskConfig",
    "personality",
    "admin_pass",
    transport.TRANSPORT,
    "user_data_update_policy",
    "tags",
    "deployment_swift_data",
)
FLAVOR_POLICIES = (RESIZE, REPLACE) = ("RESIZE", "REPLACE")
IMAGE_POLICIES = (REBUILD, REBUILD_PRESERVE_EPHEMERAL) = ("REBUILD", "REBUILD_PRESERVE_EPHEMERAL")
USER_DATA_POLICIES = (IGNORE,) = ("IGNORE",)

ATTRIBUTES = (
    NAME_ATTR,
    ADDRESSES,
    NETWORKS_ATTR,
    FIRST_ADDRESS,
    INSTANCE_NAME,
    ACCESSIPV4,
    ACCESSIPV6,
    CONSOLE_URLS,
    TAGS_ATTR,
    OS_COLLECT_CONFIG,
) = (
    "name",
    "addresses",
    "networks",
    "first_address",
    "instance_name",
    "accessIPv4",
    "accessIPv6",
    "console_urls",
    "tags",
    "os_collect_config",
)

PROPERTIES_SCHEMA = {
    ADMIN_PASS: Schema(
        Schema.STRING,
        _("The administrator password for the server."),
        update_allowed=True,
    ),
    AVAILABILITY_ZONE: Schema(
        Schema.STRING,
        _("Name of the availability zone for server placement."),
    ),
    BLOCK_DEVICE_MAPPING: Schema(
        Schema.LIST,
        _("Block device mappings for this server."),
        schema=Schema(Schema.MAP, schema=block_device_schema.MAPPING_SCHEMA),
    ),
    BLOCK_DEVICE_MAPPING_V2: Schema(
        Schema.LIST,
        _("Block device mappings v2 for this server."),
        schema=Schema(Schema.MAP, schema=block_device_schema.MAPPING_V2_SCHEMA),
        support_status=support.SupportStatus(version="2015.1"),
    ),
    CONFIG_DRIVE: Schema(
        Schema.BOOLEAN,
        _("If True, enable config drive on the server."),
    ),
    SWIFT_DATA: transport.SWIFT_DATA_SCHEMA,
    DISK_CONFIG: Schema(
        Schema.STRING,
        _("Control how the disk is partitioned when the server is created."),
        constraints=[constraints.AllowedValues(["AUTO", "MANUAL"])],
    ),
    FLAVOR: Schema(
        Schema.STRING,
        _("The ID or name of the flavor to boot onto."),
        required=True,
        update_allowed=True,
        constraints=[constraints.CustomConstraint("nova.flavor")],
    ),
    FLAVOR_UPDATE_POLICY: Schema(
        Schema.STRING,
        _(
            "Policy on how to apply a flavor update; either by requesting a server "
            "resize or by replacing the entire server."
        ),
        default="RESIZE",
        update_allowed=True,
        constraints=[constraints.AllowedValues(["RESIZE", "REPLACE"])],
    ),
    IMAGE: Schema(
        Schema.STRING,
        _("The ID or name of the image to boot with."),
        update_allowed=True,
        constraints=[constraints.CustomConstraint("glance.image")],
    ),
    IMAGE_UPDATE_POLICY: Schema(
        Schema.STRING,
        _(
            "Policy on how to apply an image-id update; either by requesting a server "
            "rebuild or by replacing the entire server."
        ),
        default="REBUILD",
        update_allowed=True,
        constraints=[
            constraints.AllowedValues(["REBUILD", "REPLACE", "REBUILD_PRESERVE_EPHEMERAL"])
        ],
    ),
    KEY_NAME: Schema(
        Schema.STRING,
        _("Name of keypair to inject into the server."),
        constraints=[constraints.CustomConstraint("nova.keypair")],
    ),
    METADATA: Schema(
        Schema.MAP,
        _(
            "Arbitrary key/value metadata to store for this server. Both keys and "
            "values must be 255 characters or less. Non-string values will be "
            "serialized to JSON (and the serialized string must be 255 characters or "
            "less)."
        ),
        default={},
        update_allowed=True,
    ),
    NAME: Schema(
        Schema.STRING,
        _("Server name."),
        update_allowed=True,
    ),
    NETWORKS: Schema(
        Schema.LIST,
        _(
            "An ordered list of nics to be added to this server, with information about"
            " connected networks, fixed ips, port etc."
        ),
        update_allowed=True,
        schema=Schema(Schema.MAP, schema=network_schema.NIC_SCHEMA),
    ),
    PERSONALITY: Schema(
        Schema.MAP,
        _(
            "A map of files to create/overwrite on the server upon boot. Keys are file "
            "names and values are the file contents."
        ),
        default={},
    ),
    RESERVATION_ID: Schema(
        Schema.STRING,
        _("A UUID for the set of servers being requested."),
    ),
    SCHEDULER_HINTS: Schema(
        Schema.MAP,
        _("Arbitrary key-value pairs specified by the client to help boot a server."),
    ),
    SECURITY_GROUPS: Schema(
        Schema.LIST,
        _(
            "List of security group names or IDs. Cannot be used if neutron ports are "
            "associated with this server; assign security groups to the ports instead."
        ),
        default=[],
    ),
    TRANSPORT: transport.TRANSPORT_SCHEMA,
    TAGS: Schema(
        Schema.LIST,
        _("Server tags. Supported since client version 2.26."),
        update_allowed=True,
        schema=Schema(Schema.STRING),
        support_status=support.SupportStatus(version="8.0.0"),
    ),
    USER_DATA: Schema(
        Schema.STRING,
        _(
            "User data script to be executed by cloud-init or CoreOS ignition. Changes "
            "cause replacement of the resource by default, but can be ignored "
            "altogether by setting the `user_data_update_policy` property."
        ),
        default="",
        update_allowed=True,
    ),
    USER_DATA_FORMAT: Schema(
        Schema.STRING,
        _(
            "How the user_data should be formatted for the server. For HEAT_CFNTOOLS, "
            "the user_data is bundled as part of the heat-cfntools cloud-init boot "
            "configuration data. For RAW the user_data is passed to Nova unmodified. "
            "For SOFTWARE_CONFIG user_data is bundled as part of the software config "
            "data, and metadata is derived from any associated SoftwareDeployment "
            "resources. And if the user_data is in CoreOS ignition(json) format, the "
            "metadata will be injected into the user_data automatically by Heat."
        ),
        default="HEAT_CFNTOOLS",
        constraints=[constraints.AllowedValues(["HEAT_CFNTOOLS", "RAW", "SOFTWARE_CONFIG"])],
    ),
    USER_DATA_UPDATE_POLICY: Schema(
        Schema.STRING,
        _(
            "Policy on how to apply a user_data update; by ignoring it, by replacing "
            "the entire server, or rebuild the server."
        ),
        default="REPLACE",
        update_allowed=True,
        constraints=[constraints.AllowedValues(["REPLACE", "IGNORE", "REBUILD"])],
    ),
    ADMIN_USER: Schema(
        Schema.STRING,
        _("Name of the administrative user to use on the server."),
        support_status=support.SupportStatus(status=support.HIDDEN, version="5.0.0"),
    ),
}

ADDRESSES_DESCRIPTION = _(
    "A dict of all network addresses with corresponding port_id and subnets. Each network"
    " will have two keys in dict, they are network name and network id. The port ID may "
    "be obtained through the following expression: ``{get_attr: [<server>, addresses, "
    "<network name_or_id>, 0, port]}``. The subnets may be obtained trough the following "
    "expression: ``{get_attr: [<server>, addresses, <network name_or_id>, 0, subnets]}``."
    " The network may be obtained through the following expression: ``{get_attr: "
    "[<server>, addresses, <network name_or_id>, 0, network]}``."
)
NETWORKS_DESCRIPTION = _(
    'A dict of assigned network addresses of the form: {"public": [ip1, ip2...], '
    '"private": [ip3, ip4], "public_uuid": [ip1, ip2...], "private_uuid": [ip3, ip4]}. '
    "Each network will have two keys in dict, they are network name and network id."
)
CONSOLE_URLS_DESCRIPTION = _(
    "URLs of server's consoles. To get a specific console type, the requested type can be"
    " specified as parameter to the get_attr function, e.g. get_attr: [ <server>, "
    "console_urls, novnc ]. Currently supported types are novnc, xvpvnc, spice-html5, "
    "rdp-html5, serial and webmks."
)


def _attribute(description: str, type: str, **status: Any) -> attributes.Schema:
    return attributes.Schema(description, type=type, support_status=support.SupportStatus(**status))


ATTRIBUTES_SCHEMA = {
    NAME_ATTR: _attribute(_("Name of the server."), attributes.Schema.STRING, version="2015.1"),
    ADDRESSES: _attribute(ADDRESSES_DESCRIPTION, attributes.Schema.MAP),
    NETWORKS_ATTR: _attribute(NETWORKS_DESCRIPTION, attributes.Schema.MAP),
    FIRST_ADDRESS: _attribute(
        _(
            "Convenience attribute to fetch the first assigned network address, or an "
            "empty string if nothing has been assigned at this time. Result may not be "
            "predictable if the server has addresses from more than one network."
        ),
        attributes.Schema.STRING,
        status=support.HIDDEN,
        version="5.0.0",
    ),
    INSTANCE_NAME: _attribute(_("AWS compatible instance name."), attributes.Schema.STRING),
    ACCESSIPV4: _attribute(
        _("The manually assigned alternative public IPv4 address of the server."),
        attributes.Schema.STRING,
    ),
    ACCESSIPV6: _attribute(
        _("The manually assigned alternative public IPv6 address of the server."),
        attributes.Schema.STRING,
    ),
    CONSOLE_URLS: _attribute(CONSOLE_URLS_DESCRIPTION, attributes.Schema.MAP, version="2015.1"),
    TAGS_ATTR: _attribute(
        _("Tags from the server. Supported since client version 2.26."),
        attributes.Schema.LIST,
        version="8.0.0",
    ),
    OS_COLLECT_CONFIG: transport.OS_COLLECT_CONFIG_ATTRIBUTE,
}
