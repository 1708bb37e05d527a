"""A tiny HTTP server answering as Ironic's API v1 does to the requests of ports, nodes and
port groups (the lab does not run Ironic yet): the bodies and rules of Ironic 39.

A request must ask for a microversion (``X-OpenStack-Ironic-API-Version``) Ironic serves, up
to 1.115, else 406. A port is created from the fields Ironic's schema allows (address a MAC,
the node's UUID, no null ``pxe_enabled``, which Ironic's port object refuses) and patched
with a JSON patch of its allowed fields. Errors are Ironic's doubly encoded
``{"error_message": "{\\"faultstring\\": ...}"}``.
"""

import json
import re
import uuid
from typing import Any

from tests.unit.engine.resources.openstack.ironic.fake_service import Answer, FakeService

MIN_VERSION, MAX_VERSION = "1.1", "1.115"
STAMP = "2024-01-01T00:00:00+00:00"
CREATE_FIELDS = {
    "address",
    "node_uuid",
    "node_ident",
    "portgroup_uuid",
    "local_link_connection",
    "pxe_enabled",
    "physical_network",
    "extra",
    "is_smartnic",
    "uuid",
    "name",
    "description",
    "vendor",
    "category",
}
PATCH_FIELDS = CREATE_FIELDS - {"uuid"}
MAC = re.compile(r"^([0-9a-fA-F]{2}[:-]){5}[0-9a-fA-F]{2}$")
# Fields of Ironic's port object that cannot be None.
NOT_NULL = ("address", "node_uuid", "pxe_enabled")


def version_tuple(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split("."))


class FakeIronic(FakeService):
    """Ironic's ``/v1`` at ``url + "/v1"``; ``nodes`` and ``portgroups`` are seeded by tests."""

    def __init__(self) -> None:
        super().__init__()
        self.nodes: dict[str, dict] = {}
        self.portgroups: dict[str, dict] = {}
        self.ports: dict[str, dict] = {}
        # A port deleted stays visible to this many more reads, as a slow conductor's would.
        self.lingering_reads = 0
        self._lingering: dict[str, tuple[dict, int]] = {}
        self.routes = [
            ("GET", r"/v1/nodes/(.+)", self.lookup(self.nodes, "Node")),
            ("GET", r"/v1/portgroups/(.+)", self.lookup(self.portgroups, "Portgroup")),
            ("POST", r"/v1/ports", self.create_port),
            ("GET", r"/v1/ports/(.+)", self.show_port),
            ("PATCH", r"/v1/ports/(.+)", self.patch_port),
            ("DELETE", r"/v1/ports/(.+)", self.delete_port),
        ]

    def add_node(self, name: str) -> str:
        node_uuid = str(uuid.uuid4())
        self.nodes[node_uuid] = {"uuid": node_uuid, "name": name, "provision_state": "enroll"}
        return node_uuid

    def add_portgroup(self, name: str, node_uuid: str) -> str:
        group_uuid = str(uuid.uuid4())
        self.portgroups[group_uuid] = {"uuid": group_uuid, "name": name, "node_uuid": node_uuid}
        return group_uuid

    def versions(self) -> list[str]:
        """The microversion header of each request, in order."""
        return [
            headers.get("x-openstack-ironic-api-version") for _m, _p, headers, _b in self.requests
        ]

    def fault(self, status: int, message: str) -> Answer:
        error = json.dumps({"faultstring": message, "faultcode": "Client", "debuginfo": None})
        return status, {"error_message": error}, {}

    def refuse(self, method: str, headers: dict[str, str]) -> Answer | None:
        asked = headers.get("x-openstack-ironic-api-version", MIN_VERSION)
        if version_tuple(asked) > version_tuple(MAX_VERSION):
            answer = self.fault(
                406, "Version %s was requested but the maximum is %s" % (asked, MAX_VERSION)
            )
            limits = {
                "X-OpenStack-Ironic-API-Minimum-Version": MIN_VERSION,
                "X-OpenStack-Ironic-API-Maximum-Version": MAX_VERSION,
            }
            return answer[0], answer[1], limits
        return None

    def lookup(self, collection: dict, kind: str) -> Any:
        def show(body: Any, ident: str) -> Answer:
            for item in collection.values():
                if ident in (item["uuid"], item["name"]):
                    return 200, item, {}
            return self.fault(404, "%s %s could not be found." % (kind, ident))

        return show

    def _invalid(self, port: dict) -> str | None:
        for field in NOT_NULL:
            if port.get(field) is None:
                return "Field `%s' cannot be None" % field
        if not MAC.match(port["address"]):
            return "Expected a MAC address but received %s." % port["address"]
        if port["node_uuid"] not in self.nodes:
            return "Node %s could not be found." % port["node_uuid"]
        group = port.get("portgroup_uuid")
        if group is not None and group not in self.portgroups:
            return "Portgroup %s could not be found." % group
        return None

    def create_port(self, body: dict) -> Answer:
        unknown = set(body) - CREATE_FIELDS
        if unknown or "address" not in body or "node_uuid" not in body:
            return self.fault(400, "Schema error for port: %s" % sorted(unknown or body))
        port = {
            "uuid": str(uuid.uuid4()),
            "portgroup_uuid": None,
            "local_link_connection": {},
            "pxe_enabled": True,
            "physical_network": None,
            "internal_info": {},
            "extra": {},
            "is_smartnic": False,
            "name": None,
            "created_at": STAMP,
            "updated_at": None,
        }
        port.update(body)
        invalid = self._invalid(port)
        if invalid:
            # Ironic's port object refuses a null where it has no default: a 500.
            return self.fault(500 if "None" in invalid else 400, invalid)
        self.ports[port["uuid"]] = port
        return 201, port, {}

    def show_port(self, body: Any, port_id: str) -> Answer:
        port = self.ports.get(port_id)
        if port is None and port_id in self._lingering:
            port, reads = self._lingering[port_id]
            if reads:
                self._lingering[port_id] = (port, reads - 1)
            else:
                del self._lingering[port_id]
                port = None
        if port is None:
            return self.fault(404, "Port %s could not be found." % port_id)
        return 200, port, {}

    def patch_port(self, patch: list, port_id: str) -> Answer:
        port = self.ports.get(port_id)
        if port is None:
            return self.fault(404, "Port %s could not be found." % port_id)
        changed = dict(port)
        for operation in patch:
            field = operation["path"].lstrip("/")
            if field not in PATCH_FIELDS:
                return self.fault(400, "Cannot update %s" % operation["path"])
            if operation["op"] == "remove":
                changed[field] = None
            elif operation["op"] in ("add", "replace"):
                changed[field] = operation["value"]
            else:
                return self.fault(400, "Unknown operation %s" % operation["op"])
        invalid = self._invalid(changed)
        if invalid:
            return self.fault(500 if "None" in invalid else 400, invalid)
        port.update(changed, updated_at=STAMP)
        return 200, port, {}

    def delete_port(self, body: Any, port_id: str) -> Answer:
        port = self.ports.pop(port_id, None)
        if port is None:
            return self.fault(404, "Port %s could not be found." % port_id)
        self._lingering[port_id] = (port, self.lingering_reads)
        return 204, None, {}
