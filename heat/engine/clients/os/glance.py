"""The Glance client plugin: openstacksdk's image proxy, and images named or identified."""

from typing import Any

from openstack import exceptions as sdk_exceptions

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

    # -- images as Glance describes them (volumes) ---------------------------------------

    def _checked(self, response: Any) -> Any:
        sdk_exceptions.raise_from_response(response)
        return response

    def create_image_record(self, fields: dict[str, Any]) -> dict[str, Any]:
        """A new image (no data yet) with Glance's own field names and extra properties."""
        return self._checked(self.client().post("/images", json=fields, raise_exc=False)).json()

    def show_image(self, image_id: str) -> dict[str, Any]:
        """The image exactly as Glance's API gives it."""
        return self._checked(self.client().get("/images/" + image_id, raise_exc=False)).json()

    def patch_image(self, image_id: str, operations: list[dict[str, Any]]) -> None:
        """Apply JSON-patch ``operations`` (``add``/``replace``/``remove`` of a field)."""
        headers = {"Content-Type": "application/openstack-images-v2.1-json-patch"}
        response = self.client().patch(
            "/images/" + image_id, json=operations, headers=headers, raise_exc=False
        )
        self._checked(response)
