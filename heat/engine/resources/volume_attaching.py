"""Attaching a Cinder volume to a Nova server and detaching it, as step generators.

Nova's volume-attachment API does the work; Cinder's volume status says when it is done
(``in-use`` once attached, ``available`` once detached) and Nova's attachment list says
when the server itself let go, so that the volume may be attached again at once.
"""

from typing import Any

from openstack.compute.v2 import server as sdk_server

from heat.common import exception
from heat.common.i18n import _
from heat.engine.resources.progress import Steps


def attach(resource: Any, server_id: str, volume_id: str, device: str | None) -> str | None:
    """Ask Nova to attach the volume; the attachment's id, or None when Nova answered
    409 (the server or volume is busy: try again later)."""
    nova = resource.client_plugin("nova")
    try:
        attachment = nova.client().create_volume_attachment(
            server_id, volume=volume_id, device=device or None
        )
    except Exception as error:  # the service's refusals are classified by the plugin
        if nova.is_conflict(error):
            return None
        if nova.is_client_error(error):
            raise exception.Error(
                _("Failed to attach volume %(vol)s to server %(srv)s - %(err)s")
                % {"vol": volume_id, "srv": server_id, "err": error}
            ) from error
        raise
    return str(attachment.id)


def attach_steps(
    resource: Any, server_id: str, volume_id: str, device: str | None, record: bool = False
) -> Steps:
    """Attach the volume, retrying while Nova answers 409, and wait until it is in use;
    with ``record`` the attachment id becomes the resource's physical id."""
    attachment_id = attach(resource, server_id, volume_id, device)
    while attachment_id is None:
        yield
        attachment_id = attach(resource, server_id, volume_id, device)
    if record:
        resource.resource_id_set(attachment_id)
    cinder = resource.client_plugin("cinder")
    while not cinder.check_attach_volume_complete(volume_id):
        yield


def detach(resource: Any, server_id: str, attachment_id: str) -> bool:
    """Ask Nova to detach; False when Nova answered 409 (try again later). An attachment or
    server already gone is detached."""
    nova = resource.client_plugin("nova")
    try:
        # A typed server: with a bare id openstacksdk looks the server up to guess the
        # order of its arguments, and swaps them when the server is gone.
        server = sdk_server.Server(id=server_id)
        nova.client().delete_volume_attachment(server, attachment_id, ignore_missing=True)
    except Exception as error:  # see attach
        if nova.is_conflict(error):
            return False
        if not (nova.is_not_found(error) or getattr(error, "status_code", None) == 400):
            raise exception.Error(
                _("Could not detach attachment %(att)s from server %(srv)s.")
                % {"srv": server_id, "att": attachment_id}
            ) from error
    return True


def detach_steps(resource: Any, server_id: str, volume_id: str, attachment_id: str) -> Steps:
    """Detach the volume and wait until Cinder and Nova both say it is detached."""
    while not detach(resource, server_id, attachment_id):
        yield
    cinder = resource.client_plugin("cinder")
    while not cinder.check_detach_volume_complete(volume_id, server_id):
        yield
    while _nova_still_attached(resource, server_id, attachment_id):
        yield


def _nova_still_attached(resource: Any, server_id: str, attachment_id: str) -> bool:
    nova = resource.client_plugin("nova")
    try:
        nova.client().get_volume_attachment(server_id, attachment_id)
    except Exception as error:  # see attach
        nova.ignore_not_found(error)
        return False
    return True
