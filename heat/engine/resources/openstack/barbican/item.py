"""What Barbican's secrets, orders and containers share as resources: the physical id is
the item's reference (its URL, as Barbican gives it and upstream shows it), ``show`` is the
item as Barbican describes it, and deleting the resource deletes the item."""

from typing import Any, ClassVar

from heat.common import exception
from heat.engine.clients.os.barbican import ref_id
from heat.engine.resource import Resource

ACTIVE, ERROR = "ACTIVE", "ERROR"


class BarbicanItem(Resource):
    """A resource whose physical id is the reference of an item of Barbican's
    ``collection`` (``secrets``, ``orders``, ``containers``)."""

    default_client_name = "barbican"
    collection: ClassVar[str]

    def item(self) -> dict[str, Any]:
        """The item as Barbican describes it now."""
        return self.client_plugin().show(self.collection, self.resource_id)

    def _show_resource(self) -> Any:
        if self.resource_id is None:
            return None
        try:
            return self.item()
        except exception.EntityNotFound:
            return None

    def create_item(self, body: dict[str, Any]) -> str:
        """Ask Barbican for a new item; record and return its reference."""
        answer = self.client_plugin().call("post", "/" + self.collection, body)
        reference = answer[self.collection[:-1] + "_ref"]
        self.resource_id_set(reference)
        return str(reference)

    def check_create_complete(self, reference: str) -> bool:
        """Whether Barbican is done making the item (ACTIVE); its failure raised as
        :meth:`failed` says."""
        item = self.item()
        if item.get("status") == ERROR:
            self.failed(item)
        return bool(item.get("status") == ACTIVE)

    def failed(self, item: dict[str, Any]) -> None:
        """Raise why Barbican failed the item, as upstream words it."""
        raise NotImplementedError

    def handle_delete(self) -> None:
        """Delete the item; one already gone is not an error."""
        if self.resource_id is None:
            return
        path = "/%s/%s" % (self.collection, ref_id(self.resource_id))
        try:
            self.client_plugin().call("delete", path)
        except Exception as error:  # Barbican's "not found" is a normal answer here
            self.client_plugin().ignore_not_found(error)


def failure_details(item: dict[str, Any], name: str) -> dict[str, Any]:
    """The values of a failure message: the resource's name, Barbican's code and reason."""
    return {"name": name, "code": item.get("error_status_code"), "reason": item.get("error_reason")}
