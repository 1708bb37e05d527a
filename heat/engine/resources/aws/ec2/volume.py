"""``AWS::EC2::Volume`` and ``AWS::EC2::VolumeAttachment``: Cinder volumes and Nova volume
attachments as CloudFormation templates spell them; nothing changes in place."""

from typing import Any

from heat.common.i18n import _
from heat.engine import constraints, properties
from heat.engine.resources.volume_base import BaseVolume, BaseVolumeAttachment

VOLUME_PROPERTIES = (AVAILABILITY_ZONE, SIZE, BACKUP_ID, TAGS) = (
    "AvailabilityZone",
    "Size",
    "SnapshotId",
    "Tags",
)
TAG_KEY, TAG_VALUE = "Key", "Value"
ATTACHMENT_PROPERTIES = (INSTANCE_ID, VOLUME_ID, DEVICE) = ("InstanceId", "VolumeId", "Device")


def _immutable(data_type: str, description: str | None = None, **kwargs: Any) -> properties.Schema:
    return properties.Schema(data_type, description, immutable=True, **kwargs)


class Volume(BaseVolume):
    """A Cinder volume, empty or restored from a backup (CloudFormation's ``SnapshotId``),
    whose tags become the volume's metadata."""

    creating_statuses = ("creating", "restoring-backup")

    properties_schema = {
        AVAILABILITY_ZONE: _immutable(
            properties.Schema.STRING,
            _("The availability zone in which the volume will be created."),
            required=True,
        ),
        SIZE: _immutable(
            properties.Schema.INTEGER,
            _("The size of the volume in GB."),
            constraints=[constraints.Range(min=1)],
        ),
        BACKUP_ID: _immutable(
            properties.Schema.STRING,
            _("If specified, the backup used as the source to create the volume."),
            constraints=[constraints.CustomConstraint("cinder.backup")],
        ),
        TAGS: _immutable(
            properties.Schema.LIST,
            _("The list of tags to associate with the volume."),
            schema=properties.Schema(
                properties.Schema.MAP,
                schema={
                    TAG_KEY: properties.Schema(properties.Schema.STRING, required=True),
                    TAG_VALUE: properties.Schema(properties.Schema.STRING, required=True),
                },
            ),
        ),
    }

    def _backup_id(self) -> str | None:
        return self.properties[BACKUP_ID]

    def _create_arguments(self) -> dict[str, Any]:
        tags = self.properties[TAGS]
        return {
            "size": self.properties[SIZE],
            "availability_zone": self.properties[AVAILABILITY_ZONE] or None,
            "metadata": {tag[TAG_KEY]: tag[TAG_VALUE] for tag in tags} if tags else None,
        }


class VolumeAttachment(BaseVolumeAttachment):
    """A volume attached to an instance at a ``/dev/vd[b-z]`` device."""

    server_property, volume_property, device_property = ATTACHMENT_PROPERTIES

    properties_schema = {
        INSTANCE_ID: _immutable(
            properties.Schema.STRING,
            _("The ID of the instance to which the volume attaches."),
            required=True,
            constraints=[constraints.CustomConstraint("nova.server")],
        ),
        VOLUME_ID: _immutable(
            properties.Schema.STRING,
            _("The ID of the volume to be attached."),
            required=True,
            constraints=[constraints.CustomConstraint("cinder.volume")],
        ),
        DEVICE: _immutable(
            properties.Schema.STRING,
            _(
                "The device where the volume is exposed on the instance. This assignment may "
                "not be honored and it is advised that the path "
                "/dev/disk/by-id/virtio-<VolumeId> be used instead."
            ),
            required=True,
            constraints=[constraints.AllowedPattern("/dev/vd[b-z]")],
        ),
    }


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"AWS::EC2::Volume": Volume, "AWS::EC2::VolumeAttachment": VolumeAttachment}
