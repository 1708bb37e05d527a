"""A tiny HTTP server answering as Zun's API v1 does (with the Neutron and Cinder look-ups
of fake_cloud.py): Zun's compute service needs a running Docker daemon, and this machine
has only the docker CLI, so its container type is tested at the HTTP boundary.

The bodies follow Zun's API reference (application-container): a container run is
accepted (202, the container ``Creating``), reports ``Creating`` to ``busy_polls`` reads
then ``outcome`` (``Running``, ``Stopped`` or ``Error`` with ``status_reason``); a PATCH
answers the container changed; a delete of a running container needs ``stop``, and the
container is then ``Deleting`` for ``busy_polls`` reads before it is gone. A network
attach makes an interface (on the port given, or on a new port of the network), a detach
removes it, ``network_list`` lists them (API 1.18's form). Errors are ``{"errors": [...]}``.
"""

import uuid
from typing import Any

from tests.unit.engine.resources.openstack.magnum.fake_cloud import FakeCloud, error

ROOT = "/zun/v1"
SUBNET = "sub-private"


class FakeZun(FakeCloud):
    """Zun (``/zun/v1``) and the look-ups of the other services."""

    def __init__(self) -> None:
        super().__init__()
        self.containers: dict[str, dict] = {}
        self.busy_polls = 1
        self.outcome: dict[str, Any] = {"status": "Running"}
        self._polls: dict[str, int] = {}
        container = ROOT + "/containers/([^/]+)"
        self.routes += [
            ("POST", ROOT + "/containers", self.run),
            ("GET", container, self.show),
            ("PATCH", container, self.patch),
            ("DELETE", container, self.delete),
            ("GET", container + "/network_list", self.network_list),
            ("POST", container + "/network_attach", self.network_attach),
            ("POST", container + "/network_detach", self.network_detach),
        ]

    def zun_requests(self, method: str | None = None) -> list[tuple]:
        """The requests made to Zun (of ``method``), in order."""
        return self.requests_to(ROOT, method)

    def _interface(self, container: dict, network: str, port: str, address: str) -> None:
        entry = {"subnet_id": SUBNET, "version": 4, "addr": address, "port": port}
        container["addresses"].setdefault(network, []).append(entry)

    def run(self, body: dict, query: dict) -> tuple[int, Any]:
        if query.get("run") != "true":
            return error(400, "Only runs are answered here.")
        container_id = str(uuid.uuid4())
        container = dict(body, uuid=container_id, status="Creating", status_reason=None)
        container.setdefault("name", "zun-%s" % container_id[:8])
        container.update(addresses={}, links=[], task_state=None)
        for number, net in enumerate(body.get("nets") or [{"network": "net-private"}]):
            port = net.get("port") or "port-made-%d" % number
            network = net.get("network") or "net-private"
            address = net.get("v4-fixed-ip") or "10.0.0.%d" % (10 + number)
            self._interface(container, network, port, address)
        self.containers[container_id] = container
        self._polls[container_id] = 0
        return 202, container

    def _find(self, identifier: str) -> dict | None:
        return self.containers.get(identifier)

    def show(self, body: Any, query: dict, identifier: str) -> tuple[int, Any]:
        container = self._find(identifier)
        if container is None:
            return error(404, "Container %s could not be found." % identifier)
        if container["status"] in ("Creating", "Deleting"):
            self._polls[identifier] += 1
            if self._polls[identifier] > self.busy_polls:
                if container["status"] == "Deleting":
                    del self.containers[identifier]
                    return error(404, "Container %s could not be found." % identifier)
                container.update(self.outcome)
        return 200, container

    def patch(self, body: dict, query: dict, identifier: str) -> tuple[int, Any]:
        container = self._find(identifier)
        if container is None:
            return error(404, "Container %s could not be found." % identifier)
        container.update(body)
        return 200, container

    def delete(self, body: Any, query: dict, identifier: str) -> tuple[int, Any]:
        container = self._find(identifier)
        if container is None:
            return error(404, "Container %s could not be found." % identifier)
        if container["status"] == "Running" and query.get("stop") != "True":
            message = "Cannot delete container %s in Running state." % identifier
            return error(409, message)
        container["status"] = "Deleting"
        self._polls[identifier] = 0
        return 204, None

    def network_list(self, body: Any, query: dict, identifier: str) -> tuple[int, Any]:
        container = self._find(identifier)
        if container is None:
            return error(404, "Container %s could not be found." % identifier)
        listed = [
            {
                "net_id": network,
                "port_id": entry["port"],
                "fixed_ips": [
                    {"subnet_id": entry["subnet_id"], "version": 4, "ip_address": entry["addr"]}
                ],
            }
            for network, entries in container["addresses"].items()
            for entry in entries
        ]
        return 200, {"networks": listed}

    def network_attach(self, body: Any, query: dict, identifier: str) -> tuple[int, Any]:
        container = self._find(identifier)
        if container is None:
            return error(404, "Container %s could not be found." % identifier)
        if not (query.get("network") or query.get("port")):
            return error(400, "Either network or port should be provided.")
        port = query.get("port") or "port-%s" % uuid.uuid4().hex[:8]
        network = query.get("network") or "net-private"
        self._interface(container, network, port, query.get("fixed_ip") or "10.0.0.99")
        return 202, None

    def network_detach(self, body: Any, query: dict, identifier: str) -> tuple[int, Any]:
        container = self._find(identifier)
        if container is None:
            return error(404, "Container %s could not be found." % identifier)
        for network, entries in list(container["addresses"].items()):
            container["addresses"][network] = [e for e in entries if e["port"] != query["port"]]
            if not container["addresses"][network]:
                del container["addresses"][network]
        return 202, None
