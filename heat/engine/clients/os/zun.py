"""The Zun client plugin: Zun's REST API v1 (containers and their networks) spoken through
a keystoneauth adapter of the ``container`` service, with the bodies Zun documents; a
container here is the plain dict Zun answers with.

Zun is microversioned (``OpenStack-API-Version: container <version>``); the versions are
those OpenStack Heat 27 asks for: 1.12 by default, 1.18 to update a container and to
list, attach and detach its networks, 1.36 to run one that says whether it has a TTY.
Below 1.20 Zun takes a command as one text, each word quoted (python-zunclient's form).
python-zunclient would bring its CLI's dependencies (websocket, docker) for a handful of
requests.
"""

from typing import Any
from urllib import parse

from heat.engine.clients.rest_plugin import RestClientPlugin

# Relative to the catalog's endpoint, which is Zun's versioned root (``.../v1``).
CONTAINERS = "/containers"
DEFAULT_VERSION, NETWORKS_VERSION, TTY_VERSION = "1.12", "1.18", "1.36"


def container_path(container_id: str, action: str = "") -> str:
    """The path of a container (``/containers/<uuid>``), or of one of its actions."""
    return "%s/%s%s" % (CONTAINERS, parse.quote(container_id, safe=""), action)


def command_text(words: list[str]) -> str:
    """A command as Zun takes it before API 1.20: each word in double quotes."""
    return " ".join('"%s"' % word for word in words)


class ZunClientPlugin(RestClientPlugin):
    """``client()`` is a keystoneauth adapter of the ``container`` service for the
    context."""

    name = "zun"
    service_type = "container"

    def call(
        self,
        method: str,
        path: str,
        body: Any = None,
        version: str = DEFAULT_VERSION,
        query: dict[str, Any] | None = None,
    ) -> Any:
        """Zun's answer to a request on ``path`` (``/containers``) at API ``version`` with
        the ``query`` parameters, decoded; its refusals raise openstacksdk's HTTP
        exceptions."""
        if query:
            path += "?" + parse.urlencode(query)
        headers = {"OpenStack-API-Version": "container %s" % version}
        return self.send(method, path, json=body, headers=headers)

    def run_container(self, fields: dict[str, Any]) -> dict[str, Any]:
        """Create a container and start it; the container as Zun answers (``Creating``).
        A container that says whether it has a TTY needs API 1.36."""
        version = TTY_VERSION if "tty" in fields else DEFAULT_VERSION
        return dict(self.call("post", CONTAINERS, fields, version, {"run": "true"}))

    def get_container(self, container_id: str) -> dict[str, Any]:
        """The container as Zun shows it."""
        return dict(self.call("get", container_path(container_id)))

    def update_container(self, container_id: str, changes: dict[str, Any]) -> None:
        """Rename a container or change its CPU or memory."""
        if changes:
            self.call("patch", container_path(container_id), changes, NETWORKS_VERSION)

    def delete_container(self, container_id: str) -> None:
        """Stop and delete a container."""
        self.call("delete", container_path(container_id), query={"stop": True})

    def network_list(self, container_id: str) -> list[dict[str, Any]]:
        """The container's interfaces: ``net_id``, ``port_id`` and ``fixed_ips`` each."""
        answer = self.call(
            "get", container_path(container_id, "/network_list"), None, NETWORKS_VERSION
        )
        return list(answer["networks"])

    def network_attach(self, container_id: str, **nic: str) -> None:
        """Attach a ``port``, or a ``network`` (with a ``fixed_ip``), to the container."""
        action = container_path(container_id, "/network_attach")
        self.call("post", action, version=NETWORKS_VERSION, query=nic)

    def network_detach(self, container_id: str, port: str) -> None:
        """Detach the container's interface on ``port``."""
        action = container_path(container_id, "/network_detach")
        self.call("post", action, version=NETWORKS_VERSION, query={"port": port})
