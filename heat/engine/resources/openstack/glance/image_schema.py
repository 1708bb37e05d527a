"""The properties of ``OS::Glance::WebImage``, as OpenStack Heat declares them."""

from heat.common.i18n import _
from heat.engine import constraints, properties

PROPERTIES = (
    NAME,
    IMAGE_ID,
    MIN_DISK,
    MIN_RAM,
    PROTECTED,
    DISK_FORMAT,
    CONTAINER_FORMAT,
    LOCATION,
    TAGS,
    ARCHITECTURE,
    KERNEL_ID,
    OS_DISTRO,
    OS_VERSION,
    OWNER,
    VISIBILITY,
    RAMDISK_ID,
    ACTIVE,
    MEMBERS,
    EXTRA_PROPERTIES,
) = (
    "name",
    "id",
    "min_disk",
    "min_ram",
    "protected",
    "disk_format",
    "container_format",
    "location",
    "tags",
    "architecture",
    "kernel_id",
    "os_distro",
    "os_version",
    "owner",
    "visibility",
    "ramdisk_id",
    "active",
    "members",
    "extra_properties",
)

_STRING, _INTEGER, _BOOLEAN = (
    properties.Schema.STRING,
    properties.Schema.INTEGER,
    properties.Schema.BOOLEAN,
)
_UUID = constraints.AllowedPattern(
    "^([0-9a-fA-F]){8}-([0-9a-fA-F]){4}-([0-9a-fA-F]){4}-([0-9a-fA-F]){4}-([0-9a-fA-F]){12}$"
)

PROPERTIES_SCHEMA = {
    NAME: properties.Schema(
        _STRING,
        _("Name for the image. The name of an image is not unique to a Image Service node."),
    ),
    IMAGE_ID: properties.Schema(
        _STRING, _("The image ID. Glance will generate a UUID if not specified.")
    ),
    MIN_DISK: properties.Schema(
        _INTEGER,
        _(
            "Amount of disk space (in GB) required to boot image. Default value is 0 if not "
            "specified and means no limit on the disk size."
        ),
        constraints=[constraints.Range(min=0)],
        default=0,
    ),
    MIN_RAM: properties.Schema(
        _INTEGER,
        _(
            "Amount of ram (in MB) required to boot image. Default value is 0 if not "
            "specified and means no limit on the ram size."
        ),
        constraints=[constraints.Range(min=0)],
        default=0,
    ),
    PROTECTED: properties.Schema(
        _BOOLEAN,
        _(
            "Whether the image can be deleted. If the value is True, the image is protected "
            "and cannot be deleted."
        ),
        default=False,
        update_allowed=True,
    ),
    DISK_FORMAT: properties.Schema(
        _STRING,
        _("Disk format of image."),
        required=True,
        constraints=[
            constraints.AllowedValues(
                ["ami", "ari", "aki", "vhd", "vhdx", "vmdk", "raw", "qcow2", "vdi", "iso", "ploop"]
            )
        ],
    ),
    CONTAINER_FORMAT: properties.Schema(
        _STRING,
        _("Container format of image."),
        required=True,
        constraints=[
            constraints.AllowedValues(["ami", "ari", "aki", "bare", "ovf", "ova", "docker"])
        ],
    ),
    LOCATION: properties.Schema(
        _STRING,
        _(
            "URL where the data for this image already resides. For example, if the image "
            'data is stored in swift, you could specify "swift://example.com/container/obj".'
        ),
        required=True,
    ),
    TAGS: properties.Schema(properties.Schema.LIST, _("List of image tags."), update_allowed=True),
    ARCHITECTURE: properties.Schema(
        _STRING, _("Operating system architecture."), update_allowed=True
    ),
    KERNEL_ID: properties.Schema(
        _STRING,
        _(
            "ID of image stored in Glance that should be used as the kernel when booting an "
            "AMI-style image."
        ),
        update_allowed=True,
        constraints=[_UUID],
    ),
    OS_DISTRO: properties.Schema(
        _STRING,
        _("The common name of the operating system distribution in lowercase."),
        update_allowed=True,
    ),
    OS_VERSION: properties.Schema(
        _STRING,
        _("Operating system version as specified by the distributor."),
        update_allowed=True,
    ),
    OWNER: properties.Schema(_STRING, _("Owner of the image."), update_allowed=True),
    VISIBILITY: properties.Schema(
        _STRING,
        _("Scope of image accessibility."),
        update_allowed=True,
        default="private",
        constraints=[constraints.AllowedValues(["public", "private", "community", "shared"])],
    ),
    RAMDISK_ID: properties.Schema(
        _STRING,
        _(
            "ID of image stored in Glance that should be used as the ramdisk when booting an "
            "AMI-style image."
        ),
        update_allowed=True,
        constraints=[_UUID],
    ),
    ACTIVE: properties.Schema(
        _BOOLEAN,
        _("Activate or deactivate the image. Requires Admin Access."),
        default=True,
        update_allowed=True,
    ),
    MEMBERS: properties.Schema(
        properties.Schema.LIST,
        _(
            "List of additional members that are permitted to read the image. This may be a "
            "Keystone Project IDs or User IDs, depending on the Glance configuration in use."
        ),
        schema=properties.Schema(
            _STRING,
            _(
                "A member ID. This may be a Keystone Project ID or User ID, depending on the "
                "Glance configuration in use."
            ),
        ),
        update_allowed=True,
    ),
    EXTRA_PROPERTIES: properties.Schema(
        properties.Schema.MAP,
        _("Arbitrary properties to associate with the image."),
        update_allowed=True,
        default={},
    ),
}
