"""The Designate client plugin: openstacksdk's DNS proxy (Designate's API v2), and zones
named or identified."""

from typing import Any

from heat.engine.clients.sdk_plugin import SdkClientPlugin


class DesignateClientPlugin(SdkClientPlugin):
    """``client()`` is openstacksdk's dns proxy acting as the context."""

    name = "designate"
    service_type = "dns"
    proxy = "dns"

    def get_zone(self, zone: str) -> Any:
        """The zone whose id or name (``example.org.``) is ``zone``."""
        return self.find("zone", zone, "Designate Zone")

    def get_zone_id(self, zone: str) -> str:
        return str(self.get_zone(zone).id)
