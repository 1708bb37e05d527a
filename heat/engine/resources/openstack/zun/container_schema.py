"""The properties and attributes of ``OS::Zun::Container`` (OpenStack Heat 27's), and the
checks of its restart policy, mounts and networks that need no service."""

from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import attributes, constraints, properties, support

Schema = properties.Schema
PROPERTIES = (
    NAME,
    IMAGE,
    COMMAND,
    CPU,
    MEMORY,
    ENVIRONMENT,
    WORKDIR,
    LABELS,
    IMAGE_PULL_POLICY,
    RESTART_POLICY,
    INTERACTIVE,
    IMAGE_DRIVER,
    HINTS,
    HOSTNAME,
    SECURITY_GROUPS,
    MOUNTS,
    NETWORKS,
    TTY,
) = (
    "name",
    "image",
    "command",
    "cpu",
    "memory",
    "environment",
    "workdir",
    "labels",
    "image_pull_policy",
    "restart_policy",
    "interactive",
    "image_driver",
    "hints",
    "hostname",
    "security_groups",
    "mounts",
    "networks",
    "tty",
)
MOUNT_KEYS = (VOLUME_ID, MOUNT_PATH, VOLUME_SIZE) = ("volume_id", "mount_path", "volume_size")
NETWORK_KEYS = (NETWORK, FIXED_IP, PORT) = ("network", "fixed_ip", "port")
ATTRIBUTES = (NAME_ATTR, ADDRESSES) = ("name", "addresses")
RESTART_POLICIES = ("no", "on-failure", "always", "unless-stopped")


def _since(version: str) -> support.SupportStatus:
    return support.SupportStatus(version=version)


def _typed(kind: str, description: str, **options: Any) -> Schema:
    return Schema(kind, description, **options)


MOUNT_SCHEMA = Schema(
    Schema.MAP,
    schema={
        VOLUME_ID: Schema(
            Schema.STRING,
            _("The ID or name of the cinder volume mount to the container."),
            constraints=[constraints.CustomConstraint("cinder.volume")],
        ),
        VOLUME_SIZE: Schema(Schema.INTEGER, _("The size of the cinder volume to create.")),
        MOUNT_PATH: Schema(
            Schema.STRING, _("The filesystem path inside the container."), required=True
        ),
    },
)

NETWORK_SCHEMA = Schema(
    Schema.MAP,
    schema={
        NETWORK: Schema(
            Schema.STRING,
            _("Name or ID of network to create a port on."),
            constraints=[constraints.CustomConstraint("neutron.network")],
        ),
        FIXED_IP: Schema(
            Schema.STRING,
            _("Fixed IP address to specify for the port created on the requested network."),
            constraints=[constraints.CustomConstraint("ip_addr")],
        ),
        PORT: Schema(
            Schema.STRING,
            _("ID of an existing port to associate with this container."),
            constraints=[constraints.CustomConstraint("neutron.port")],
        ),
    },
)

PROPERTIES_SCHEMA = {
    NAME: _typed(Schema.STRING, _("Name of the container."), update_allowed=True),
    IMAGE: _typed(Schema.STRING, _("Name or ID of the image."), required=True),
    COMMAND: _typed(Schema.STRING, _("Send command to the container.")),
    CPU: _typed(Schema.NUMBER, _("The number of virtual cpus."), update_allowed=True),
    MEMORY: _typed(Schema.INTEGER, _("The container memory size in MiB."), update_allowed=True),
    ENVIRONMENT: _typed(Schema.MAP, _("The environment variables.")),
    WORKDIR: _typed(Schema.STRING, _("The working directory for commands to run in.")),
    LABELS: _typed(
        Schema.MAP, _("Adds a map of labels to a container. May be used multiple times.")
    ),
    IMAGE_PULL_POLICY: _typed(
        Schema.STRING,
        _(
            "The policy which determines if the image should be pulled prior to starting the "
            "container."
        ),
        constraints=[constraints.AllowedValues(["ifnotpresent", "always", "never"])],
    ),
    RESTART_POLICY: _typed(
        Schema.STRING,
        _(
            'Restart policy to apply when a container exits. Possible values are "no", '
            '"on-failure[:max-retry]", "always", and "unless-stopped".'
        ),
    ),
    INTERACTIVE: _typed(Schema.BOOLEAN, _("Keep STDIN open even if not attached.")),
    TTY: _typed(
        Schema.BOOLEAN,
        _("Whether the container allocates a TTY for itself."),
        support_status=_since("14.0.0"),
    ),
    IMAGE_DRIVER: _typed(
        Schema.STRING,
        _("The image driver to use to pull container image."),
        constraints=[constraints.AllowedValues(["docker", "glance"])],
    ),
    HINTS: _typed(
        Schema.MAP,
        _("Arbitrary key-value pairs for scheduler to select host."),
        support_status=_since("10.0.0"),
    ),
    HOSTNAME: _typed(
        Schema.STRING, _("The hostname of the container."), support_status=_since("10.0.0")
    ),
    SECURITY_GROUPS: _typed(
        Schema.LIST,
        _("List of security group names or IDs."),
        support_status=_since("10.0.0"),
        default=[],
    ),
    MOUNTS: _typed(
        Schema.LIST, _("A list of volumes mounted inside the container."), schema=MOUNT_SCHEMA
    ),
    NETWORKS: _typed(
        Schema.LIST,
        _(
            "An ordered list of nics to be added to this server, with information about "
            "connected networks, fixed ips, port etc."
        ),
        support_status=_since("11.0.0"),
        schema=NETWORK_SCHEMA,
        update_allowed=True,
    ),
}

ATTRIBUTES_SCHEMA = {
    NAME_ATTR: attributes.Schema(_("Name of the container."), type=attributes.Schema.STRING),
    ADDRESSES: attributes.Schema(
        _(
            "A dict of all network addresses with corresponding port_id. Each network will "
            "have two keys in dict, they are network name and network id. The port ID may be "
            'obtained through the following expression: "{get_attr: [<container>, addresses, '
            '<network name_or_id>, 0, port]}".'
        ),
        type=attributes.Schema.MAP,
    ),
}


def restart_policy(policy: str) -> dict[str, str] | None:
    """Zun's restart policy (``{"Name", "MaximumRetryCount"}``) for the template's text;
    None when the text is not one."""
    name, colon, count = policy.partition(":")
    if not colon:
        return {"Name": name, "MaximumRetryCount": "0"} if name in RESTART_POLICIES else None
    if name != "on-failure" or not (count == "" or count.isdigit()):
        return None
    return {"Name": name, "MaximumRetryCount": count or "0"}


def validate(container_name: str, values: Any) -> None:
    """StackValidationFailed (naming the property) for a restart policy, mount or network
    that Zun could not honour."""
    policy = values[RESTART_POLICY]
    if policy and restart_policy(policy) is None:
        message = _(
            'restart_policy "%s" is invalid. Valid values are "no", "on-failure[:max-retry]", '
            '"always", and "unless-stopped".'
        )
        raise exception.StackValidationFailed(message=message % policy)
    for mount in values[MOUNTS] or []:
        _validate_mount(container_name, mount)
    for nic in values[NETWORKS] or []:
        if nic.get(NETWORK) is None and nic.get(PORT) is None:
            raise exception.PropertyUnspecifiedError(props=", ".join((NETWORK, PORT)))
        if nic.get(FIXED_IP) and nic.get(PORT) is not None:
            props = "%s.%s, %s.%s" % (NETWORKS, FIXED_IP, NETWORKS, PORT)
            raise exception.ResourcePropertyConflict(props=props)


def _validate_mount(container_name: str, mount: dict[str, Any]) -> None:
    volume_id, size = mount.get(VOLUME_ID), mount.get(VOLUME_SIZE)
    if volume_id is None and size is None:
        message = _(
            'One of the properties "%(id)s" or "%(size)s" should be set for the specified '
            'mount of container "%(container)s".'
        ) % {"id": VOLUME_ID, "size": VOLUME_SIZE, "container": container_name}
        raise exception.StackValidationFailed(message=message)
    if volume_id and size:
        props = "%s/%s, %s/%s" % (MOUNTS, VOLUME_ID, MOUNTS, VOLUME_SIZE)
        raise exception.ResourcePropertyConflict(props=props)
