"""What Cinder volumes and their attachments share, whether a template names them
``OS::Cinder::*`` or ``AWS::EC2::*``: create and wait until available, check, delete and
wait until gone; attach through Nova and wait until in use, detach on delete.
"""

from typing import Any, ClassVar

from heat.common import exception
from heat.common.i18n import _
from heat.engine.resource import Resource
from heat.engine.resources import progress, volume_attaching
from heat.engine.resources.progress import Steps
from heat.engine.resources.sdk_entity_resource import service_view

CHECKED_STATUSES = ["available", "in-use"]


def check_deletion_policy(policy: str, conf: Any) -> None:
    """StackValidationFailed for the Snapshot policy when ``[volumes] backups_enabled`` is
    off, in upstream's words."""
    if policy == "Snapshot" and conf is not None and not conf.volumes.backups_enabled:
        message = _('"%s" deletion policy not supported - volume backup service is not enabled.')
        raise exception.StackValidationFailed(message=message % policy)


class BaseVolume(Resource):
    """A Cinder volume; subclasses say how it is named and what it is created from."""

    default_client_name: ClassVar[str | None] = "cinder"
    # Statuses on the way to ``available`` after a create.
    creating_statuses: ClassVar[tuple[str, ...]] = ("creating", "restoring-backup", "downloading")

    def validate(self) -> None:
        """As upstream: a Snapshot deletion policy needs the backup service
        (``[volumes] backups_enabled``)."""
        super().validate()
        check_deletion_policy(self.t.deletion_policy(), self.stack.settings.conf)

    def _name(self) -> str:
        return self.physical_resource_name()

    def _description(self) -> str | None:
        return self.physical_resource_name()

    def _backup_id(self) -> str | None:
        """The backup the volume is restored from, if any."""
        return None

    def _create_arguments(self) -> dict[str, Any]:
        """openstacksdk ``create_volume`` arguments besides the name and description."""
        return {}

    def volume(self) -> Any:
        """The volume as Cinder describes it now."""
        return self.client().get_volume(self.resource_id)

    def handle_create(self) -> str:
        """Create the volume, or restore the backup into a new one and name it."""
        cinder = self.client()
        naming = {"name": self._name(), "description": self._description()}
        backup_id = self._backup_id()
        if backup_id:
            volume_id = cinder.restore_backup(backup_id, name=naming["name"]).volume_id
            cinder.update_volume(volume_id, **naming)
        else:
            volume_id = cinder.create_volume(**self._create_arguments(), **naming).id
        self.resource_id_set(volume_id)
        return str(volume_id)

    def check_create_complete(self, volume_id: str) -> bool:
        volume = self.client().get_volume(volume_id)
        if volume.status == "available":
            return True
        if volume.status in self.creating_statuses:
            return False
        if volume.status == "error":
            reason = self.client_plugin().volume_error_message(volume_id)
            raise exception.ResourceInError(resource_status=volume.status, status_reason=reason)
        raise exception.ResourceUnknownStatus(
            resource_status=volume.status, result=_("Volume create failed")
        )

    def handle_check(self) -> None:
        """The volume is usable: available or in use."""
        status = self.volume().status
        if status not in CHECKED_STATUSES:
            raise exception.Error(
                _("'%(attr)s': expected '%(expected)s', got '%(current)s'")
                % {"attr": "status", "expected": CHECKED_STATUSES, "current": status}
            )

    def handle_delete(self) -> Steps | None:
        return None if self.resource_id is None else self._delete_steps()

    def check_delete_complete(self, steps: Steps | None) -> bool:
        return progress.advance(steps)

    def _delete_steps(self) -> Steps:
        """Delete the volume unless it is attached, and wait until Cinder forgot it."""
        cinder = self.client()
        volume = self._volume_or_none()
        if volume is None:
            return
        if volume.status == "in-use":
            raise exception.Error(_("Volume in use"))
        if volume.status != "deleting":
            cinder.delete_volume(volume, ignore_missing=True)
        while (volume := self._volume_or_none()) is not None:
            if volume.status.lower() == "error_deleting":
                raise exception.ResourceInError(
                    status_reason="delete", resource_status=volume.status
                )
            yield

    def _volume_or_none(self) -> Any:
        try:
            return self.volume()
        except Exception as error:  # the service's "not found" is classified by the plugin
            self.client_plugin().ignore_not_found(error)
            return None

    def _show_resource(self) -> Any:
        volume = None if self.resource_id is None else self._volume_or_none()
        return None if volume is None else service_view(volume)


class BaseVolumeAttachment(Resource):
    """A volume attached to a server through Nova; the physical id is Nova's attachment id."""

    default_client_name: ClassVar[str | None] = "cinder"
    # Property names of the server, the volume and the device, which subclasses spell.
    server_property: ClassVar[str]
    volume_property: ClassVar[str]
    device_property: ClassVar[str]

    def _device(self, properties: Any) -> str | None:
        return properties[self.device_property] or None

    def handle_create(self) -> Steps:
        return volume_attaching.attach_steps(
            self,
            self.properties[self.server_property],
            self.properties[self.volume_property],
            self._device(self.properties),
            record=True,
        )

    def check_create_complete(self, steps: Steps) -> bool:
        return progress.advance(steps)

    def handle_delete(self) -> Steps | None:
        if self.resource_id is None:
            return None
        return volume_attaching.detach_steps(
            self,
            self.properties[self.server_property],
            self.properties[self.volume_property],
            self.resource_id,
        )

    def check_delete_complete(self, steps: Steps | None) -> bool:
        return progress.advance(steps)
