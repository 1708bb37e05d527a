"""The schemas of one item of ``OS::Nova::Server``'s ``block_device_mapping`` (a volume or
snapshot at a device name) and ``block_device_mapping_v2`` (Nova's block device mapping v2)."""

from heat.common.i18n import _
from heat.engine import constraints, properties

Schema = properties.Schema

MAPPING_SCHEMA = {
    "delete_on_termination": Schema(
        Schema.BOOLEAN,
        _("Indicate whether the volume should be deleted when the server is terminated."),
    ),
    "device_name": Schema(
        Schema.STRING,
        _(
            "A device name where the volume will be attached in the system at "
            "/dev/device_name. This value is typically vda."
        ),
        required=True,
    ),
    "snapshot_id": Schema(
        Schema.STRING,
        _("The ID of the snapshot to create a volume from."),
        constraints=[constraints.CustomConstraint("cinder.snapshot")],
    ),
    "volume_id": Schema(
        Schema.STRING,
        _(
            "The ID of the volume to boot from. Only one of volume_id or snapshot_id "
            "should be provided."
        ),
        constraints=[constraints.CustomConstraint("cinder.volume")],
    ),
    "volume_size": Schema(
        Schema.INTEGER,
        _(
            "The size of the volume, in GB. It is safe to leave this blank and have the"
            " Compute service infer the size."
        ),
    ),
}

MAPPING_V2_SCHEMA = {
    "boot_index": Schema(
        Schema.INTEGER,
        _(
            "Integer used for ordering the boot disks. If it is not specified, value "
            '"0" will be set for bootable sources (volume, snapshot, image); value "-1"'
            " will be set for non-bootable sources."
        ),
    ),
    "delete_on_termination": Schema(
        Schema.BOOLEAN,
        _(
            "Indicate whether the volume should be deleted when the server is "
            'terminated. Defaults to "False" in case of a volume, snapshot or image and'
            ' to "True" in case of swap or ephemeral.'
        ),
    ),
    "device_name": Schema(
        Schema.STRING,
        _(
            "A device name where the volume will be attached in the system at "
            "/dev/device_name. This value is typically vda."
        ),
    ),
    "device_type": Schema(
        Schema.STRING,
        _("Device type: at the moment we can make distinction only between disk and cdrom."),
        constraints=[constraints.AllowedValues(["cdrom", "disk"])],
    ),
    "disk_bus": Schema(
        Schema.STRING,
        _("Bus of the device: hypervisor driver chooses a suitable default if omitted."),
        constraints=[
            constraints.AllowedValues(["ide", "lame_bus", "sata", "scsi", "usb", "virtio"])
        ],
    ),
    "ephemeral_format": Schema(
        Schema.STRING,
        _(
            "The format of the local ephemeral block device. If no format is specified,"
            " uses default value, defined in nova configuration file."
        ),
        constraints=[constraints.AllowedValues(["ext2", "ext3", "ext4", "xfs", "ntfs"])],
    ),
    "ephemeral_size": Schema(
        Schema.INTEGER,
        _("The size of the local ephemeral block device, in GB."),
        constraints=[constraints.Range(min=1)],
    ),
    "image": Schema(
        Schema.STRING,
        _("The ID or name of the image to create a volume from."),
        constraints=[constraints.CustomConstraint("glance.image")],
    ),
    "image_id": Schema(
        Schema.STRING,
        _("The ID of the image to create a volume from."),
        constraints=[constraints.CustomConstraint("glance.image")],
    ),
    "snapshot_id": Schema(
        Schema.STRING,
        _("The ID of the snapshot to create a volume from."),
        constraints=[constraints.CustomConstraint("cinder.snapshot")],
    ),
    "swap_size": Schema(
        Schema.INTEGER,
        _("The size of the swap, in MB."),
    ),
    "volume_id": Schema(
        Schema.STRING,
        _("The volume_id can be boot or non-boot device to the server."),
        constraints=[constraints.CustomConstraint("cinder.volume")],
    ),
    "volume_size": Schema(
        Schema.INTEGER,
        _("Size of the block device in GB. If it is omitted, hypervisor driver calculates size."),
    ),
    "volume_type": Schema(
        Schema.STRING,
        _(
            "The type of volume to use when creating a volume from image, snapshot, or "
            "blank source. Maps to a specific Cinder backend. Requires Nova API "
            "microversion 2.67 or later."
        ),
        constraints=[constraints.CustomConstraint("cinder.vtype")],
    ),
}
