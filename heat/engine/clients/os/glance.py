"""The Glance client plugin: openstacksdk's image proxy, and images named or identified."""

from typing import Any

from heat.engine.clients.sdk_plugin import SdkClientPlugin


class GlanceClientPlugin(SdkClientPlugin):
    """``client()`` is openstacksdk's image proxy (Image API v2) acting as the context."""

    name = "glance"
    service_type = "image"
    proxy = "image"

    def get_image(self, image: str) -> Any:
        """The image whose id or name is ``image``."""
        return self.find("image", image, "Image")

    def find_image_by_name_or_id(self, image: str) -> str:
        return str(self.get_image(image).id)
