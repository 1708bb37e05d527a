"""What every ``OS::Octavia::*`` type shares: an object of Octavia's REST API, made from the
properties under the field names Octavia documents, read back for attributes and ``show``.

``OctaviaObject`` is an object changed at once (flavors, profiles, availability zones);
``ProvisionedObject`` one that Octavia builds in the background (a load balancer and what
hangs from it): each change waits until its ``provisioning_status`` is ACTIVE again (ERROR
fails the action) and is sent again while the load balancer is immutable (409 Conflict,
its status PENDING_*), as one change at a time is all Octavia takes.
"""

from typing import Any, ClassVar

from heat.common import exception
from heat.common.i18n import _
from heat.engine import support
from heat.engine.resource import Resource

NAME = "name"


class OctaviaObject(Resource):
    """An object at ``<collection>/<id>`` in Octavia, its body wrapped in ``key``."""

    default_client_name: ClassVar[str | None] = "octavia"
    support_status = support.SupportStatus(version="10.0.0")
    #: Octavia's collection (``/lbaas/listeners``) and the key wrapping its bodies.
    collection: ClassVar[str]
    key: ClassVar[str]
    #: Properties sent under another name: property -> Octavia's field.
    renamed: ClassVar[dict[str, str]] = {}
    #: Properties naming another object: property -> the octavia plugin's finder of its id
    #: (``neutron.subnet`` for a Neutron subnet).
    finders: ClassVar[dict[str, str]] = {}
    #: Whether Octavia's object has a name heat chooses when the template gives none.
    named: ClassVar[bool] = True
    #: The field of Octavia's object that identifies it (the physical id).
    id_field: ClassVar[str] = "id"

    # -- paths and bodies ----------------------------------------------------------------

    def collection_path(self) -> str:
        return self.collection

    def object_path(self) -> str:
        return "%s/%s" % (self.collection_path(), self.resource_id)

    def resolve(self, name: str, value: Any) -> Any:
        """The id of the object that property ``name``'s ``value`` names."""
        finder = self.finders.get(name)
        if finder is None or value is None:
            return value
        if finder == "neutron.subnet":
            return self.client_plugin("neutron").find_resourceid_by_name_or_id("subnet", value)
        return getattr(self.client_plugin(), finder)(value)

    def fields(self, values: dict[str, Any], keep_unset: bool = False) -> dict[str, Any]:
        """Octavia's fields for these property values (unset ones left out, unless an
        update unsets them)."""
        return {
            self.renamed.get(name, name): self.resolve(name, value)
            for name, value in values.items()
            if keep_unset or value is not None
        }

    def create_fields(self) -> dict[str, Any]:
        """The body of the create request."""
        fields = self.fields(dict(self.properties))
        if self.named and fields.get(NAME) is None:
            fields[NAME] = self.physical_resource_name()
        return fields

    def update_fields(self, prop_diff: dict[str, Any]) -> dict[str, Any]:
        """The body of the update request; a name taken away falls back to heat's."""
        fields = self.fields(prop_diff, keep_unset=True)
        if self.named and NAME in fields and fields[NAME] is None:
            fields[NAME] = self.physical_resource_name()
        return fields

    # -- the object as Octavia has it ------------------------------------------------------

    def _show_resource(self) -> Any:
        if self.resource_id is None:
            return None
        try:
            return self.client_plugin().show(self.object_path(), self.key)
        except Exception as error:  # the service's "not found" is a normal answer here
            self.client_plugin().ignore_not_found(error)
            return None

    def _resolve_attribute(self, name: str) -> Any:
        found = self._show_resource()
        return None if found is None else found.get(name)

    def handle_check(self) -> None:
        """The object still exists in Octavia."""
        self.client_plugin().show(self.object_path(), self.key)

    # -- actions ---------------------------------------------------------------------------

    def handle_create(self) -> Any:
        made = self.client_plugin().create(self.collection_path(), self.key, self.create_fields())
        self.resource_id_set(made[self.id_field])

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> Any:
        if prop_diff:
            self.client_plugin().update(self.object_path(), self.key, self.update_fields(prop_diff))

    def handle_delete(self) -> Any:
        """Delete the object; one already gone is not an error."""
        if self.resource_id is None:
            return
        try:
            self.client_plugin().delete(self.object_path())
        except Exception as error:  # see _show_resource
            self.client_plugin().ignore_not_found(error)


class Pending:
    """A request still to send (Octavia may refuse it for a while), then the wait for ACTIVE."""

    def __init__(self, fields: dict[str, Any] | None):
        self.fields = fields
        self.sent = False


class ProvisionedObject(OctaviaObject):
    """An object Octavia provisions in the background (``provisioning_status``)."""

    def _provisioned(self, wanted: str = "ACTIVE") -> bool:
        """Whether the object's provisioning_status is ``wanted``; ERROR fails the action."""
        found = self.client_plugin().show(self.object_path(), self.key)
        status = found.get("provisioning_status")
        if status == "ERROR":
            raise exception.ResourceInError(
                resource_status=status,
                status_reason=_("Octavia could not provision %s %s") % (self.key, self.resource_id),
            )
        return bool(status == wanted)

    def _send(self, pending: Pending, request: Any) -> bool:
        """Send the pending request once; False while Octavia says the load balancer is
        immutable (409), to try again on the next check."""
        if pending.sent:
            return True
        try:
            request()
        except Exception as error:  # Octavia's conflict is classified by the plugin
            if not self.client_plugin().is_conflict(error):
                raise
            return False
        pending.sent = True
        return True

    def handle_create(self) -> Pending:
        return Pending(self.create_fields())

    def check_create_complete(self, pending: Pending) -> bool:
        def create() -> None:
            made = self.client_plugin().create(self.collection_path(), self.key, pending.fields)
            self.resource_id_set(made[self.id_field])

        return self._send(pending, create) and self._provisioned()

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> Pending:
        return Pending(self.update_fields(prop_diff) if prop_diff else None)

    def check_update_complete(self, pending: Pending) -> bool:
        if pending.fields is None:
            return True

        def update() -> None:
            self.client_plugin().update(self.object_path(), self.key, pending.fields)

        return self._send(pending, update) and self._provisioned()

    def handle_delete(self) -> Pending:
        return Pending(None)

    def check_delete_complete(self, pending: Pending) -> bool:
        """Deleted once Octavia no longer has the object (or calls it DELETED)."""
        if self.resource_id is None:
            return True
        try:
            if not self._send(pending, lambda: self.client_plugin().delete(self.object_path())):
                return False
            return self._provisioned("DELETED")
        except Exception as error:  # gone is what is wanted
            self.client_plugin().ignore_not_found(error)
            return True
