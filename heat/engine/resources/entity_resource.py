"""Resources that are one item of a client's collection (``client().<entity>``).

Most resources of another service are such an item: a Keystone project, a Nova server. The
item's id is the physical id; ``show`` gives the item as the service describes it, and
deleting the resource deletes the item (one already gone is not an error).
"""

from typing import Any, ClassVar

from heat.engine.resource import Resource


class EntityResource(Resource):
    """A resource whose physical id names an item of ``getattr(self.client(), entity)``."""

    entity: ClassVar[str]

    def entity_manager(self) -> Any:
        """The client's collection of this type's items."""
        return getattr(self.client(), self.entity)

    def entity_get(self) -> Any:
        """The item itself, as the service describes it now."""
        return self.entity_manager().get(self.resource_id)

    def _show_resource(self) -> Any:
        if self.resource_id is None:
            return None
        try:
            item = self.entity_get()
        except Exception as error:  # the client's own "not found" is a normal answer here
            self.client_plugin().ignore_not_found(error)
            return None
        return item.to_dict() if hasattr(item, "to_dict") else item

    def handle_delete(self) -> None:
        """Delete the item; one already gone is not an error."""
        if self.resource_id is None:
            return
        try:
            self.entity_manager().delete(self.resource_id)
        except Exception as error:  # see _show_resource
            self.client_plugin().ignore_not_found(error)
