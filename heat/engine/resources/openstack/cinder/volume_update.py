"""Updating an ``OS::Cinder::Volume`` in place, as one sequence of steps.

Name, description and metadata change at once; a new type is a retype (never migrating).
Growing, restoring a backup into the volume and changing its read-only mode need the
volume detached, so an attached volume is detached first and attached again to the same
server and device at the end. Shrinking is refused before anything changes.
"""

from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine.resources import volume_attaching
from heat.engine.resources.openstack.cinder.volume_schema import (
    BACKUP_ID,
    DESCRIPTION,
    METADATA,
    NAME,
    READ_ONLY,
    SIZE,
    VOLUME_TYPE,
)
from heat.engine.resources.progress import Steps


def update_steps(resource: Any, prop_diff: dict[str, Any]) -> Steps:
    """Make the changes of ``prop_diff`` to the volume of ``resource``."""
    cinder = resource.client()
    volume = resource.volume()
    grow = SIZE in prop_diff and _grows(volume, prop_diff[SIZE])
    if NAME in prop_diff or DESCRIPTION in prop_diff:
        cinder.update_volume(
            volume,
            name=resource.properties[NAME] or resource.physical_resource_name(),
            description=resource.properties[DESCRIPTION],
        )
    if METADATA in prop_diff:
        volume.set_metadata(cinder, metadata=prop_diff[METADATA] or {}, replace=True)
    if VOLUME_TYPE in prop_diff:
        cinder.retype_volume(volume, prop_diff[VOLUME_TYPE], migration_policy="never")
    if not (grow or BACKUP_ID in prop_diff or READ_ONLY in prop_diff):
        return
    attachment = (volume.attachments or [None])[0]
    if attachment:
        yield from volume_attaching.detach_steps(
            resource, attachment["server_id"], volume.id, attachment["id"]
        )
    if BACKUP_ID in prop_diff:
        yield from _restore_steps(resource, prop_diff[BACKUP_ID])
    if grow:
        yield from _extend_steps(resource, prop_diff[SIZE])
    if READ_ONLY in prop_diff and prop_diff[READ_ONLY] is not None:
        cinder.set_volume_readonly(volume, prop_diff[READ_ONLY])
    if attachment:
        yield from volume_attaching.attach_steps(
            resource, attachment["server_id"], volume.id, attachment.get("device")
        )


def _grows(volume: Any, new_size: int) -> bool:
    if new_size < volume.size:
        raise exception.NotSupported(feature=_("Shrinking volume"))
    return new_size > volume.size


def _restore_steps(resource: Any, backup_id: str) -> Steps:
    cinder = resource.client()
    try:
        cinder.restore_backup(backup_id, volume=resource.resource_id)
    except Exception as error:  # the service's refusals are classified by the plugin
        if not resource.client_plugin().is_client_error(error):
            raise
        raise exception.Error(
            _("Failed to restore volume %(vol)s from backup %(backup)s - %(err)s")
            % {"vol": resource.resource_id, "backup": backup_id, "err": error}
        ) from error
    yield from _wait_available(resource, "restoring-backup", _("Volume backup restore failed"))


def _extend_steps(resource: Any, new_size: int) -> Steps:
    while resource.volume().status != "available":
        yield
    try:
        resource.client().extend_volume(resource.resource_id, new_size)
    except Exception as error:  # see _restore_steps
        if not resource.client_plugin().is_client_error(error):
            raise
        raise exception.Error(
            _("Failed to extend volume %(vol)s - %(err)s")
            % {"vol": resource.resource_id, "err": error}
        ) from error
    yield from _wait_available(resource, "extending", _("Volume resize failed"))


def _wait_available(resource: Any, busy_status: str, failure: str) -> Steps:
    while True:
        yield
        status = resource.volume().status
        if status == "available":
            return
        if status != busy_status:
            raise exception.ResourceUnknownStatus(resource_status=status, result=failure)
