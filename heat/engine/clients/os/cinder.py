"""The Cinder client plugin: openstacksdk's block-storage proxy, and volumes, snapshots,
backups, volume types and QoS specs named or identified."""

from typing import Any

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
