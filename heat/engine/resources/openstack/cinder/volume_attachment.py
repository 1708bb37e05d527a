"""``OS::Cinder::VolumeAttachment``: an existing volume attached to a server; any change
detaches it and attaches the (new) volume to the (new) server."""

from typing import Any

from heat.common.i18n import _
from heat.engine import constraints, properties
from heat.engine.resources import progress, volume_attaching
from heat.engine.resources.progress import Steps
from heat.engine.resources.volume_base import BaseVolumeAttachment

PROPERTIES = (INSTANCE_ID, VOLUME_ID, DEVICE) = ("instance_uuid", "volume_id", "mountpoint")


class CinderVolumeAttachment(BaseVolumeAttachment):
    """A volume attached to a server.

    Nova attaches the volume at the device the template asks for, when the hypervisor
    honours it. Changing the server, the volume or the device detaches the volume and
    attaches again.
    """

    server_property, volume_property, device_property = PROPERTIES

    properties_schema = {
        INSTANCE_ID: properties.Schema(
            properties.Schema.STRING,
            _("The ID of the server to which the volume attaches."),
            required=True,
            update_allowed=True,
        ),
        VOLUME_ID: properties.Schema(
            properties.Schema.STRING,
            _("The ID of the volume to be attached."),
            required=True,
            update_allowed=True,
            constraints=[constraints.CustomConstraint("cinder.volume")],
        ),
        DEVICE: properties.Schema(
            properties.Schema.STRING,
            _(
                "The location where the volume is exposed on the instance. This assignment "
                "may not be honored and it is advised that the path "
                "/dev/disk/by-id/virtio-<VolumeId> be used instead."
            ),
            update_allowed=True,
        ),
    }

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> Steps | None:
        return self._reattach_steps() if prop_diff else None

    def check_update_complete(self, steps: Steps | None) -> bool:
        return progress.advance(steps)

    def _reattach_steps(self) -> Steps:
        before = self.previous_properties
        assert before is not None  # set by the engine for the length of an update
        if self.resource_id is not None:
            yield from volume_attaching.detach_steps(
                self, before[INSTANCE_ID], before[VOLUME_ID], self.resource_id
            )
        yield from volume_attaching.attach_steps(
            self,
            self.properties[INSTANCE_ID],
            self.properties[VOLUME_ID],
            self._device(self.properties),
            record=True,
        )


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Cinder::VolumeAttachment": CinderVolumeAttachment}
