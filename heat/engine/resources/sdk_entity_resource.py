"""Resources that are one item of an openstacksdk proxy (``get_<entity>``,
``delete_<entity>``), shown as the service describes the item."""

from typing import Any

from heat.engine.resources.entity_resource import EntityResource


def service_view(item: Any) -> dict[str, Any]:
    """An openstacksdk resource as the service described it (the service's key names)."""
    return item.to_dict(headers=False, computed=False, original_names=True)


class SdkEntityResource(EntityResource):
    """A resource whose physical id names an item that ``client().get_<entity>`` reads and
    ``client().delete_<entity>`` deletes."""

    def entity_get(self) -> Any:
        return getattr(self.client(), "get_" + self.entity)(self.resource_id)

    def _show_resource(self) -> Any:
        if self.resource_id is None:
            return None
        try:
            return service_view(self.entity_get())
        except Exception as error:  # the service's "not found" is a normal answer here
            self.client_plugin().ignore_not_found(error)
            return None

    def handle_delete(self) -> None:
        """Delete the item; one already gone is not an error."""
        if self.resource_id is None:
            return
        try:
            getattr(self.client(), "delete_" + self.entity)(self.resource_id)
        except Exception as error:  # see _show_resource
            self.client_plugin().ignore_not_found(error)
