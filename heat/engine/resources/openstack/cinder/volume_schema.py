"""The properties and attributes of ``OS::Cinder::Volume``, as OpenStack Heat declares them."""

from heat.common.i18n import _
from heat.engine import attributes, constraints, properties, support

PROPERTIES = (
    AVAILABILITY_ZONE,
    SIZE,
    SNAPSHOT_ID,
    BACKUP_ID,
    NAME,
    DESCRIPTION,
    VOLUME_TYPE,
    METADATA,
    IMAGE_REF,
    IMAGE,
    SOURCE_VOLID,
    SCHEDULER_HINTS,
    READ_ONLY,
    MULTI_ATTACH,
) = (
    "availability_zone",
    "size",
    "snapshot_id",
    "backup_id",
    "name",
    "description",
    "volume_type",
    "metadata",
    "imageRef",
    "image",
    "source_volid",
    "scheduler_hints",
    "read_only",
    "multiattach",
)

ATTRIBUTES = (
    AVAILABILITY_ZONE_ATTR,
    SIZE_ATTR,
    SNAPSHOT_ID_ATTR,
    DISPLAY_NAME_ATTR,
    DISPLAY_DESCRIPTION_ATTR,
    VOLUME_TYPE_ATTR,
    METADATA_ATTR,
    SOURCE_VOLID_ATTR,
    STATUS,
    CREATED_AT,
    BOOTABLE,
    METADATA_VALUES_ATTR,
    ENCRYPTED_ATTR,
    ATTACHMENTS,
    ATTACHMENTS_LIST,
    MULTI_ATTACH_ATTR,
) = (
    "availability_zone",
    "size",
    "snapshot_id",
    "display_name",
    "display_description",
    "volume_type",
    "metadata",
    "source_volid",
    "status",
    "created_at",
    "bootable",
    "metadata_values",
    "encrypted",
    "attachments",
    "attachments_list",
    "multiattach",
)

_STRING, _MAP, _BOOLEAN = (
    properties.Schema.STRING,
    properties.Schema.MAP,
    properties.Schema.BOOLEAN,
)

PROPERTIES_SCHEMA = {
    AVAILABILITY_ZONE: properties.Schema(
        _STRING, _("The availability zone in which the volume will be created.")
    ),
    SIZE: properties.Schema(
        properties.Schema.INTEGER,
        _(
            "The size of the volume in GB. On update only increase in size is supported. "
            "This property is required unless property %(backup)s or %(vol)s or "
            "%(snapshot)s is specified."
        )
        % {"backup": BACKUP_ID, "vol": SOURCE_VOLID, "snapshot": SNAPSHOT_ID},
        update_allowed=True,
        constraints=[constraints.Range(min=1)],
    ),
    SNAPSHOT_ID: properties.Schema(
        _STRING,
        _("If specified, the snapshot to create the volume from."),
        constraints=[constraints.CustomConstraint("cinder.snapshot")],
    ),
    BACKUP_ID: properties.Schema(
        _STRING,
        _("If specified, the backup to create the volume from."),
        update_allowed=True,
        constraints=[constraints.CustomConstraint("cinder.backup")],
    ),
    NAME: properties.Schema(
        _STRING, _("A name used to distinguish the volume."), update_allowed=True
    ),
    DESCRIPTION: properties.Schema(_STRING, _("A description of the volume."), update_allowed=True),
    VOLUME_TYPE: properties.Schema(
        _STRING,
        _("If specified, the type of volume to use, mapping to a specific backend."),
        constraints=[constraints.CustomConstraint("cinder.vtype")],
        update_allowed=True,
    ),
    METADATA: properties.Schema(
        _MAP, _("Key/value pairs to associate with the volume."), update_allowed=True, default={}
    ),
    IMAGE_REF: properties.Schema(
        _STRING,
        _("The ID of the image to create the volume from."),
        support_status=support.SupportStatus(
            status=support.HIDDEN,
            message=_("Use property %s.") % IMAGE,
            version="5.0.0",
            previous_status=support.SupportStatus(status=support.DEPRECATED, version="2014.1"),
        ),
    ),
    IMAGE: properties.Schema(
        _STRING,
        _("If specified, the name or ID of the image to create the volume from."),
        constraints=[constraints.CustomConstraint("glance.image")],
    ),
    SOURCE_VOLID: properties.Schema(
        _STRING,
        _("If specified, the volume to use as source."),
        constraints=[constraints.CustomConstraint("cinder.volume")],
    ),
    SCHEDULER_HINTS: properties.Schema(
        _MAP,
        _(
            "Arbitrary key-value pairs specified by the client to help the Cinder scheduler "
            "creating a volume."
        ),
        support_status=support.SupportStatus(version="2015.1"),
    ),
    READ_ONLY: properties.Schema(
        _BOOLEAN,
        _("Enables or disables read-only access mode of volume."),
        support_status=support.SupportStatus(version="5.0.0"),
        update_allowed=True,
    ),
    MULTI_ATTACH: properties.Schema(
        _BOOLEAN,
        _("Whether allow the volume to be attached more than once."),
        default=False,
        support_status=support.SupportStatus(
            status=support.HIDDEN,
            version="13.0.0",
            previous_status=support.SupportStatus(version="6.0.0"),
        ),
    ),
}


def _attribute(
    description: str, type: str = attributes.Schema.STRING, **kwargs
) -> attributes.Schema:
    return attributes.Schema(description, type=type, **kwargs)


_LIVE = attributes.Schema.CACHE_NONE

ATTRIBUTES_SCHEMA = {
    AVAILABILITY_ZONE_ATTR: _attribute(_("The availability zone in which the volume is located.")),
    SIZE_ATTR: _attribute(_("The size of the volume in GB.")),
    SNAPSHOT_ID_ATTR: _attribute(_("The snapshot the volume was created from, if any.")),
    DISPLAY_NAME_ATTR: _attribute(_("Name of the volume.")),
    DISPLAY_DESCRIPTION_ATTR: _attribute(_("Description of the volume.")),
    VOLUME_TYPE_ATTR: _attribute(_("The type of the volume mapping to a backend, if any.")),
    METADATA_ATTR: _attribute(_("Key/value pairs associated with the volume.")),
    SOURCE_VOLID_ATTR: _attribute(_("The volume used as source, if any.")),
    STATUS: _attribute(_("The current status of the volume."), cache_mode=_LIVE),
    CREATED_AT: _attribute(_("The timestamp indicating volume creation.")),
    BOOTABLE: _attribute(_("Boolean indicating if the volume can be booted or not.")),
    METADATA_VALUES_ATTR: _attribute(
        _("Key/value pairs associated with the volume in raw dict form."),
        attributes.Schema.MAP,
    ),
    ENCRYPTED_ATTR: _attribute(_("Boolean indicating if the volume is encrypted or not.")),
    ATTACHMENTS: _attribute(
        _("A string representation of the list of attachments of the volume."),
        cache_mode=_LIVE,
        support_status=support.SupportStatus(
            status=support.DEPRECATED,
            message=_("Use property %s.") % ATTACHMENTS_LIST,
            version="9.0.0",
            previous_status=support.SupportStatus(version="2015.1"),
        ),
    ),
    ATTACHMENTS_LIST: _attribute(
        _("The list of attachments of the volume."),
        attributes.Schema.LIST,
        cache_mode=_LIVE,
        support_status=support.SupportStatus(version="9.0.0"),
    ),
    MULTI_ATTACH_ATTR: _attribute(
        _("Boolean indicating whether allow the volume to be attached more than once."),
        attributes.Schema.BOOLEAN,
        support_status=support.SupportStatus(version="6.0.0"),
    ),
}
