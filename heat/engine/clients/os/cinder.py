"""The Cinder client plugin: openstacksdk's block-storage proxy, and volumes, snapshots,
backups, volume types and QoS specs named or identified."""

from typing import Any

from keystoneauth1 import exceptions as ks_exceptions
from openstack import exceptions as sdk_exceptions

from heat.common import exception
from heat.common.i18n import _
from heat.engine.clients.sdk_plugin import SdkClientPlugin


class CinderClientPlugin(SdkClientPlugin):
    """``client()`` is openstacksdk's block-storage proxy (Block Storage API v3)."""

    name = "cinder"
    service_type = "block-storage"
    proxy = "block_storage"
    microversion_option = "max_cinder_api_microversion"

    def url(self) -> str | None:
        # Clouds register Cinder under "volumev3" as often as under "block-storage".
        session = self.clients.client_plugin("keystone").client().session
        for service_type in (self.service_type, "volumev3"):
            found = session.get_endpoint(
                service_type=service_type,
                interface=self.endpoint_type(),
                region_name=self.region_name(),
            )
            if found:
                return str(found)
        return None

    def get_volume(self, volume: str) -> Any:
        return self.find("volume", volume, "Volume")

    def get_volume_snapshot(self, snapshot: str) -> Any:
        return self.find("snapshot", snapshot, "VolumeSnapshot")

    def get_volume_backup(self, backup: str) -> Any:
        return self.find("backup", backup, "Volume backup")

    def get_volume_type(self, volume_type: str) -> Any:
        return self.find("type", volume_type, "VolumeType")

    def get_qos_specs(self, qos_specs: str) -> Any:
        return self.find("qos_spec", qos_specs, "QoSSpecs")

    # -- volume states (volumes) ---------------------------------------------------------

    def volume_error_message(self, volume_id: str) -> str:
        """Cinder's latest user message about the volume (why it went to error), else
        ``Unknown``. The messages API needs microversion 3.3; filtering on the volume
        needs 3.34 and a cloud whose resource filters allow it, so the messages are
        filtered here too."""
        mine = [m for m in self._volume_messages(volume_id) if m.get("resource_uuid") == volume_id]
        if not mine:
            return "Unknown"
        return str(max(mine, key=lambda m: m.get("created_at") or "").get("user_message"))

    def _volume_messages(self, volume_id: str) -> list[dict]:
        queries: tuple[tuple[str, dict[str, str]], ...] = (
            ("3.34", {"resource_uuid": volume_id}),
            ("3.3", {}),
        )
        for microversion, params in queries:
            try:
                response = self.client().get("/messages", params=params, microversion=microversion)
            except (sdk_exceptions.SDKException, ks_exceptions.ClientException):
                continue
            if response.ok:
                return list(response.json().get("messages", []))
        return []

    def check_attach_volume_complete(self, volume_id: str) -> bool:
        """Whether the volume is attached (``in-use``); ResourceUnknownStatus when the
        attachment went wrong."""
        volume = self.client().get_volume(volume_id)
        if volume.status in ("available", "attaching", "reserved"):
            return False
        if volume.status != "in-use":
            raise exception.ResourceUnknownStatus(
                resource_status=volume.status, result=_("Volume attachment failed")
            )
        return True

    def check_detach_volume_complete(self, volume_id: str, server_id: str | None = None) -> bool:
        """Whether the volume is no longer attached to the server (or gone);
        ResourceUnknownStatus when the detachment went wrong."""
        try:
            volume = self.client().get_volume(volume_id)
        except sdk_exceptions.NotFoundException:
            return True
        servers = [a.get("server_id") for a in volume.attachments or []]
        if server_id and server_id not in servers:
            return True
        if volume.status in ("in-use", "detaching", "reserved"):
            return False
        if volume.status not in ("available", "deleting"):
            raise exception.ResourceUnknownStatus(
                resource_status=volume.status, result=_("Volume detachment failed")
            )
        return True
