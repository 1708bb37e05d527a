"""``OS::Blazar::Lease``: a Blazar lease reserving compute hosts (``physical:host``) or
instance capacity (``virtual:instance``) from a start date to an end date.

Nothing of it changes in place (as upstream: Blazar's updates name reservations by their
ids, which a template cannot know), and its create does not wait for the lease to start
(Blazar answers with the lease ``PENDING`` until its start date). A lease needs Blazar to
have a host; a reservation needs the fields of its type, checked before anything is made.
"""

from typing import Any

from openstack import exceptions as sdk_exceptions

from heat.common import exception
from heat.common.i18n import _
from heat.engine import attributes, support
from heat.engine.clients.os.blazar import LEASES, item_path
from heat.engine.resource import Resource
from heat.engine.resources.openstack.blazar import lease_schema as ls

NO_HOST = _("Couldn't find any host in Blazar. You must create a host before creating a lease.")
# The keys Blazar takes for a reservation of each type, and those it cannot do without.
TYPE_KEYS = {
    ls.PHYSICAL_HOST: (ls.MIN, ls.MAX, ls.HYPERVISOR_PROPERTIES, ls.RESOURCE_PROPERTIES),
    ls.VIRTUAL_INSTANCE: (
        ls.AMOUNT,
        ls.VCPUS,
        ls.MEMORY_MB,
        ls.DISK_GB,
        ls.AFFINITY,
        ls.RESOURCE_PROPERTIES,
    ),
}
NEEDED_KEYS = {
    ls.PHYSICAL_HOST: (ls.MIN, ls.MAX),
    ls.VIRTUAL_INSTANCE: (ls.AMOUNT, ls.VCPUS, ls.MEMORY_MB, ls.DISK_GB),
}


def reservation_body(reservation: dict[str, Any]) -> dict[str, Any]:
    """A reservation as Blazar takes it: its type and that type's keys, unset ones null
    (Blazar needs its ``*_properties`` keys present); ``before_end`` for hosts."""
    kind = reservation[ls.RESOURCE_TYPE]
    body = {ls.RESOURCE_TYPE: kind}
    body.update({key: reservation.get(key) for key in TYPE_KEYS[kind]})
    if kind == ls.PHYSICAL_HOST:
        body[ls.BEFORE_END] = reservation.get(ls.BEFORE_END)
    return body


class Lease(Resource):
    """A Blazar lease: reservations of hosts or of instances for a period of time."""

    support_status = support.SupportStatus(version="12.0.0")
    default_client_name = "blazar"
    properties_schema = ls.PROPERTIES_SCHEMA
    attributes_schema = {
        name: attributes.Schema(description, type=kind)
        for name, (description, kind) in ls.ATTRIBUTES.items()
    }

    def validate(self) -> None:
        """The reservations have their type's fields, and Blazar has a host to reserve."""
        super().validate()
        for index, reservation in enumerate(self.properties[ls.RESERVATIONS] or []):
            self._check_reservation(index, reservation)
        if not self.client_plugin().has_host():
            raise exception.StackValidationFailed(message=NO_HOST)

    def _check_reservation(self, index: int, reservation: dict[str, Any]) -> None:
        kind = str(reservation.get(ls.RESOURCE_TYPE))
        section = "Properties" if self.stack.t.RESOURCES == "Resources" else "properties"
        path = [self.name, section, ls.RESERVATIONS, index]
        for key in NEEDED_KEYS.get(kind, ()):
            if reservation.get(key) is None:
                message = _("%(key)s is required for a reservation of %(kind)s.") % {
                    "key": key,
                    "kind": kind,
                }
                raise exception.StackValidationFailed(path=[*path, key], message=message)
        low, high = reservation.get(ls.MIN), reservation.get(ls.MAX)
        if kind == ls.PHYSICAL_HOST and low is not None and high is not None and high < low:
            message = _("max (%(max)s) must not be less than min (%(min)s).") % {
                "max": high,
                "min": low,
            }
            raise exception.StackValidationFailed(path=[*path, ls.MAX], message=message)

    def handle_create(self) -> str:
        """Make the lease with its reservations and events."""
        body: dict[str, Any] = {
            "name": self.properties[ls.NAME],
            "start_date": self.properties[ls.START_DATE],
            "end_date": self.properties[ls.END_DATE],
            "reservations": [reservation_body(r) for r in self.properties[ls.RESERVATIONS]],
            "events": [dict(event) for event in self.properties[ls.EVENTS] or []],
        }
        if self.properties[ls.BEFORE_END_DATE] is not None:
            body["before_end_date"] = self.properties[ls.BEFORE_END_DATE]
        lease = self.client_plugin().create_lease(body)
        self.resource_id_set(lease["id"])
        return str(lease["id"])

    def _show_resource(self) -> dict[str, Any]:
        if self.resource_id is None:
            return {}
        try:
            return self.client_plugin().get_lease(self.resource_id)
        except exception.EntityNotFound:
            return {}

    def _resolve_attribute(self, name: str) -> Any:
        return self._show_resource().get(name)

    def handle_delete(self) -> None:
        """Delete the lease (Blazar frees what it reserved); one gone already is fine."""
        if self.resource_id is None:
            return
        try:
            self.client_plugin().call("delete", item_path(LEASES, self.resource_id))
        except sdk_exceptions.NotFoundException:
            pass


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Blazar::Lease": Lease}
