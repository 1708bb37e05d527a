"""A tiny HTTP server answering as Blazar's API v1 does to the requests of leases and compute
hosts (the lab does not run Blazar yet): the bodies and checks of Blazar 18's manager.

A host is registered by the name of a Nova compute host, its other keys stored as extra
capabilities and shown among its fields. A lease's dates are ``"%Y-%m-%d %H:%M"`` (or
``now``), its start not in the past and its end after its start; a host reservation needs
``min`` and ``max`` and its ``*_properties`` keys present, an instance reservation its
sizes, affinity and ``resource_properties``. A lease made is ``PENDING``. Errors are
``{"error_code", "error_message", "error_name"}``.
"""

import datetime
import uuid
from typing import Any

from tests.unit.engine.resources.openstack.ironic.fake_service import Answer, FakeService

STAMP = "2024-01-01T00:00:00.000000"
DATE_FORMAT = "%Y-%m-%d %H:%M"
HOST_KEYS = ("min", "max", "hypervisor_properties", "resource_properties")
INSTANCE_KEYS = ("vcpus", "memory_mb", "disk_gb", "amount", "affinity", "resource_properties")


class Refused(Exception):
    """Blazar's 400 of a lease or reservation it refuses."""


def parse_date(text: str) -> datetime.datetime:
    if text == "now":
        return datetime.datetime.now(datetime.UTC).replace(second=0, microsecond=0, tzinfo=None)
    try:
        return datetime.datetime.strptime(text, DATE_FORMAT)
    except (TypeError, ValueError):
        raise Refused("Invalid date format: %s. Expected %s" % (text, DATE_FORMAT)) from None


def check_reservation(reservation: dict) -> None:
    kind = reservation.get("resource_type")
    needed = {"physical:host": HOST_KEYS, "virtual:instance": INSTANCE_KEYS}.get(kind)
    if needed is None:
        raise Refused("The %s resource type is not supported" % kind)
    missing = [key for key in needed if key not in reservation]
    if missing:
        raise Refused("Missing parameter %s" % ",".join(missing))
    if kind == "physical:host":
        if not isinstance(reservation["min"], int) or not isinstance(reservation["max"], int):
            raise Refused("Malformed parameter min")
        if reservation["max"] < reservation["min"]:
            raise Refused("Invalid values for min/max of hosts.")
        if reservation.get("before_end", "default") not in ("default", "snapshot"):
            raise Refused("Malformed parameter before_end")


class FakeBlazar(FakeService):
    """Blazar's ``/v1`` at ``url + "/v1"``."""

    def __init__(self) -> None:
        super().__init__()
        self.hosts: dict[str, dict] = {}
        self.leases: dict[str, dict] = {}
        self.routes = [
            ("GET", r"/v1/os-hosts", lambda body: (200, {"hosts": list(self.hosts.values())})),
            ("POST", r"/v1/os-hosts", self.create_host),
            ("GET", r"/v1/os-hosts/(.+)", self.show(self.hosts, "host")),
            ("DELETE", r"/v1/os-hosts/(.+)", self.delete(self.hosts, "host")),
            ("POST", r"/v1/leases", self.create_lease),
            ("GET", r"/v1/leases/(.+)", self.show(self.leases, "lease")),
            ("DELETE", r"/v1/leases/(.+)", self.delete(self.leases, "lease")),
        ]

    def fault(self, status: int, message: str) -> Answer:
        return status, {"error_code": status, "error_message": message, "error_name": status}, {}

    def create_host(self, body: dict) -> Answer:
        body = dict(body)
        name = body.pop("name", None)
        if name is None:
            return self.fault(400, "Invalid host: %s" % body)
        if any(len(key) > 64 for key in body):
            return self.fault(400, "Extra capability keys cannot exceed 64 characters")
        host = {
            "id": str(len(self.hosts) + 1),
            "hypervisor_hostname": name,
            "hypervisor_type": "QEMU",
            "hypervisor_version": 8002000,
            "vcpus": 8,
            "cpu_info": '{"arch": "x86_64"}',
            "memory_mb": 16384,
            "local_gb": 100,
            "service_name": name,
            "availability_zone": "nova",
            "status": None,
            "trust_id": uuid.uuid4().hex,
            "reservable": True,
            "created_at": STAMP,
            "updated_at": None,
            **body,
        }
        self.hosts[host["id"]] = host
        return 201, {"host": host}

    def _lease(self, body: dict) -> dict:
        for key in ("name", "start_date", "end_date"):
            if key not in body:
                raise Refused("Missing parameter %s" % key)
        start, end = parse_date(body["start_date"]), parse_date(body["end_date"])
        if start < parse_date("now"):
            raise Refused("Start date must be later than current date")
        if end <= start:
            raise Refused("End date must be later than start date.")
        if body.get("before_end_date"):
            before_end = parse_date(body["before_end_date"])
            if not start <= before_end <= end:
                raise Refused("Date %s is not within the lease" % body["before_end_date"])
        for reservation in body.get("reservations", []):
            check_reservation(reservation)
        lease_id = str(uuid.uuid4())
        reservations = [
            dict(r, id=str(uuid.uuid4()), lease_id=lease_id, status="pending")
            for r in body.get("reservations", [])
        ]
        events = [
            *body.get("events", []),
            {"event_type": "start_lease", "time": start.isoformat(), "status": "UNDONE"},
            {"event_type": "end_lease", "time": end.isoformat(), "status": "UNDONE"},
        ]
        return {
            "id": lease_id,
            "name": body["name"],
            "start_date": start.isoformat(),
            "end_date": end.isoformat(),
            "status": "PENDING",
            "degraded": False,
            "user_id": "user-a",
            "project_id": "project-a",
            "trust_id": uuid.uuid4().hex,
            "created_at": STAMP,
            "updated_at": None,
            "reservations": reservations,
            "events": events,
        }

    def create_lease(self, body: dict) -> Answer:
        try:
            lease = self._lease(body)
        except Refused as refused:
            return self.fault(400, str(refused))
        if any(existing["name"] == lease["name"] for existing in self.leases.values()):
            return self.fault(409, "Lease with name %s already exists" % lease["name"])
        self.leases[lease["id"]] = lease
        return 201, {"lease": lease}

    def show(self, collection: dict, kind: str) -> Any:
        def answer(body: Any, identifier: str) -> Answer:
            if identifier not in collection:
                return self.fault(404, "Object with {'%s_id': '%s'} not found" % (kind, identifier))
            return 200, {kind: collection[identifier]}, {}

        return answer

    def delete(self, collection: dict, kind: str) -> Any:
        def answer(body: Any, identifier: str) -> Answer:
            if collection.pop(identifier, None) is None:
                return self.fault(404, "Object with {'%s_id': '%s'} not found" % (kind, identifier))
            return 204, None, {}

        return answer
