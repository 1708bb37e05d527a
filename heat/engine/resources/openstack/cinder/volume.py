"""``OS::Cinder::Volume``: a block storage volume, empty or made from an image, a snapshot,
a backup or another volume; grows, retypes and renames in place."""

import json
from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine.resources import progress
from heat.engine.resources.openstack.cinder import volume_update
from heat.engine.resources.openstack.cinder.volume_schema import (
    ATTACHMENTS_LIST,
    ATTRIBUTES_SCHEMA,
    AVAILABILITY_ZONE,
    BACKUP_ID,
    DESCRIPTION,
    DISPLAY_DESCRIPTION_ATTR,
    DISPLAY_NAME_ATTR,
    IMAGE,
    IMAGE_REF,
    METADATA,
    METADATA_ATTR,
    METADATA_VALUES_ATTR,
    NAME,
    PROPERTIES_SCHEMA,
    READ_ONLY,
    SCHEDULER_HINTS,
    SIZE,
    SNAPSHOT_ID,
    SOURCE_VOLID,
    VOLUME_TYPE,
)
from heat.engine.resources.progress import Steps
from heat.engine.resources.scheduler_hints import with_stack_hints
from heat.engine.resources.volume_base import BaseVolume

# Properties handed to Cinder as they are, when given.
_PASSED_AS_IS = {
    SNAPSHOT_ID: "snapshot_id",
    VOLUME_TYPE: "volume_type",
    SOURCE_VOLID: "source_volume_id",
    METADATA: "metadata",
}


class CinderVolume(BaseVolume):
    """A Cinder volume: block storage that servers attach.

    The volume is empty (give its size) or made from an image, a snapshot, a backup or
    another volume. Its name, description, metadata and type change in place, and so does
    its size, which may only grow.
    """

    properties_schema = PROPERTIES_SCHEMA
    attributes_schema = ATTRIBUTES_SCHEMA

    def _name(self) -> str:
        return self.properties[NAME] or self.physical_resource_name()

    def _description(self) -> str | None:
        return self.properties[DESCRIPTION]

    def _backup_id(self) -> str | None:
        return self.properties[BACKUP_ID]

    def _create_arguments(self) -> dict[str, Any]:
        arguments: dict[str, Any] = {
            "size": self.properties[SIZE],
            "availability_zone": self.properties[AVAILABILITY_ZONE] or None,
        }
        hints = with_stack_hints(self, self.properties[SCHEDULER_HINTS])
        if hints:
            arguments["scheduler_hints"] = hints
        if self.properties[IMAGE]:
            glance = self.client_plugin("glance")
            arguments["image_id"] = glance.find_image_by_name_or_id(self.properties[IMAGE])
        elif self.properties[IMAGE_REF]:
            arguments["image_id"] = self.properties[IMAGE_REF]
        for name, argument in _PASSED_AS_IS.items():
            if self.properties[name] is not None:
                arguments[argument] = self.properties[name]
        return arguments

    def check_create_complete(self, volume_id: str) -> bool:
        """Available, then made read-only when asked (Cinder takes the flag only then)."""
        if not super().check_create_complete(volume_id):
            return False
        if self.properties[READ_ONLY] is not None:
            self.client().set_volume_readonly(volume_id, self.properties[READ_ONLY])
        return True

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> Steps:
        return volume_update.update_steps(self, prop_diff)

    def check_update_complete(self, steps: Steps) -> bool:
        return progress.advance(steps)

    def validate(self) -> None:
        """An image given once; without a backup, one source at most, and exactly one of a
        snapshot or a source volume when no size is given."""
        super().validate()
        if self.properties[IMAGE] and self.properties[IMAGE_REF]:
            raise exception.ResourcePropertyConflict(props=", ".join((IMAGE, IMAGE_REF)))
        if not self.properties[BACKUP_ID]:
            self._validate_sources()

    def _validate_sources(self) -> None:
        sources = (SNAPSHOT_ID, SOURCE_VOLID, IMAGE, IMAGE_REF)
        given = [name for name in sources if self.properties[name]]
        sized_by_source = [name for name in given if name in (SNAPSHOT_ID, SOURCE_VOLID)]
        size = self.properties[SIZE]
        if size is None and (len(sized_by_source) != 1 or len(given) != 1):
            raise exception.StackValidationFailed(
                message=_(
                    'If neither "%(backup_id)s" nor "%(size)s" is provided, one and only one '
                    'of "%(source_vol)s", "%(snapshot_id)s" must be specified, but currently '
                    "specified options: %(exclusive_options)s."
                )
                % {
                    "backup_id": BACKUP_ID,
                    "size": SIZE,
                    "source_vol": SOURCE_VOLID,
                    "snapshot_id": SNAPSHOT_ID,
                    "exclusive_options": given,
                }
            )
        if size and len(given) > 1:
            raise exception.StackValidationFailed(
                message=_(
                    'If "%(size)s" is provided, only one of "%(image)s", "%(image_ref)s", '
                    '"%(source_vol)s", "%(snapshot_id)s" can be specified, but currently '
                    "specified options: %(exclusive_options)s."
                )
                % {
                    "size": SIZE,
                    "image": IMAGE,
                    "image_ref": IMAGE_REF,
                    "source_vol": SOURCE_VOLID,
                    "snapshot_id": SNAPSHOT_ID,
                    "exclusive_options": given,
                }
            )

    def parse_live_resource_data(self, properties: Any, data: Any) -> dict[str, Any]:
        """Name (when the template gave one), description, size and metadata as Cinder has
        them; the type keeps the template's name or id while it is still the same type."""
        live = {
            DESCRIPTION: data.get("description"),
            SIZE: data.get("size"),
            METADATA: data.get("metadata") or {},
        }
        if properties.get(NAME) is not None:
            live[NAME] = data.get("name")
        wanted, actual = properties.get(VOLUME_TYPE), data.get("volume_type")
        if wanted and actual:
            same = self.client_plugin().get_volume_type(wanted).name == actual
            live[VOLUME_TYPE] = wanted if same else actual
        return live

    def _resolve_attribute(self, name: str) -> Any:
        volume = self._show_resource()
        if volume is None:
            return None
        metadata = volume.get("metadata") or {}
        special = {
            METADATA_ATTR: lambda: json.dumps(metadata),
            METADATA_VALUES_ATTR: lambda: metadata,
            DISPLAY_NAME_ATTR: lambda: volume.get("name"),
            DISPLAY_DESCRIPTION_ATTR: lambda: volume.get("description"),
            ATTACHMENTS_LIST: lambda: volume.get("attachments"),
        }
        if name in special:
            return special[name]()
        return str(volume.get(name))


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Cinder::Volume": CinderVolume}
