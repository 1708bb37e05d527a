"""The plumbing of the fake Magnum and Zun: a tiny HTTP server in a thread that records
every request and answers from a route table, with the few Nova, Glance, Neutron and
Cinder look-ups their types' constraints make (by id or by name, as openstacksdk asks).

Magnum and Zun cannot build anything on this machine (see fake_magnum.py and
fake_zun.py), so their types are tested at the HTTP boundary; the look-ups of other
services are answered here too, so that one catalog of one server is enough.
"""

import http.server
import json
import re
import threading
from typing import Any
from urllib import parse

from heat.common.context import RequestContext

#: The items the look-ups find, by kind: (id, name) pairs.
LOOKUPS = {
    "flavors": [("f-1", "m1.small"), ("f-2", "m1.medium")],
    "images": [("11111111-2222-3333-4444-555555555555", "fedora-coreos")],
    "keypairs": [("kp", "kp")],
    "networks": [("net-public", "public"), ("net-private", "private")],
    "subnets": [("sub-private", "private-subnet")],
    "ports": [("port-1", "port-one"), ("port-2", "port-two")],
    "volumes": [("vol-1", "data")],
}


def error(status: int, message: str) -> tuple[int, Any]:
    """The answer to a request refused, in the ``errors`` form Magnum and Zun use."""
    title = http.HTTPStatus(status).phrase
    return status, {"errors": [{"status": status, "title": title, "detail": message}]}


class FakeCloud:
    """Serves on 127.0.0.1 in a thread; ``url`` is its root. Subclasses add ``routes``
    of ``(method, path pattern, handler(body, query, *groups))``."""

    def __init__(self) -> None:
        self.requests: list[tuple[str, str, dict[str, str], Any]] = []
        self.lookups = {kind: list(items) for kind, items in LOOKUPS.items()}
        self.routes: list[tuple[str, str, Any]] = self.lookup_routes()
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.url = "http://127.0.0.1:%d" % self.server.server_address[1]
        self.thread = threading.Thread(
            target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )

    def __enter__(self) -> "FakeCloud":
        self.thread.start()
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.server.shutdown()
        self.server.server_close()

    def requests_to(self, prefix: str, method: str | None = None) -> list[tuple]:
        """The requests whose path starts with ``prefix`` (of ``method``), in order, as
        ``(method, path, headers, body)``."""
        return [
            request
            for request in self.requests
            if request[1].startswith(prefix) and method in (None, request[0])
        ]

    # -- look-ups of Nova, Glance, Neutron and Cinder ------------------------------------

    def lookup_routes(self) -> list[tuple[str, str, Any]]:
        kinds = {
            "flavors": ("/compute/v2.1/flavors", "flavor"),
            "keypairs": ("/compute/v2.1/os-keypairs", "keypair"),
            "images": ("/image/v2/images", None),
            "networks": ("/network/v2.0/networks", "network"),
            "subnets": ("/network/v2.0/subnets", "subnet"),
            "ports": ("/network/v2.0/ports", "port"),
            "volumes": ("/volume/v3/[^/]+/volumes", "volume"),
        }
        routes: list[tuple[str, str, Any]] = [
            ("GET", r"/compute/?", self.versions("v2.1", "/compute/v2.1/")),
            ("GET", r"/image/?", self.versions("v2.0", "/image/v2/")),
            ("GET", r"/network/?", self.versions("v2.0", "/network/v2.0/")),
            ("GET", r"/volume/?", self.versions("v3.0", "/volume/v3/")),
        ]
        for kind, (path, key) in kinds.items():
            routes.append(("GET", path + r"(?:/detail)?", self.listing(kind, key)))
            routes.append(("GET", path + r"/([^/]+)", self.showing(kind, key)))
        return routes

    def versions(self, version: str, path: str) -> Any:
        def answer(body: Any, query: dict) -> tuple[int, Any]:
            link = {"href": self.url + path, "rel": "self"}
            found = {"id": version, "status": "CURRENT", "links": [link]}
            if version == "v2.1":
                found.update(version="2.79", min_version="2.1")
            if version == "v3.0":
                found.update(version="3.70", min_version="3.0")
            return 200, {"versions": [found]}

        return answer

    def _item(self, kind: str, item_id: str, name: str) -> dict[str, Any]:
        item = {"id": item_id, "name": name}
        if kind == "keypairs":
            return {"keypair": {"name": name, "public_key": "ssh-rsa AAAA", "type": "ssh"}}
        if kind == "subnets":
            item["network_id"] = "net-private"
        if kind == "volumes":
            item["status"] = "available"
        return item

    def listing(self, kind: str, key: str | None) -> Any:
        def answer(body: Any, query: dict) -> tuple[int, Any]:
            items = [
                self._item(kind, item_id, name)
                for item_id, name in self.lookups[kind]
                if query.get("name") in (None, name)
            ]
            return 200, {kind: items}

        return answer

    def showing(self, kind: str, key: str | None) -> Any:
        def answer(body: Any, query: dict, identifier: str) -> tuple[int, Any]:
            for item_id, name in self.lookups[kind]:
                if identifier == item_id or (kind == "keypairs" and identifier == name):
                    item = self._item(kind, item_id, name)
                    return 200, item if key is None or kind == "keypairs" else {key: item}
            return error(404, "%s %s could not be found." % (kind, identifier))

        return answer

    # -- serving ---------------------------------------------------------------------------

    def answer(self, method: str, path: str, body: Any) -> tuple[int, Any]:
        route, _, query_text = path.partition("?")
        query = dict(parse.parse_qsl(query_text, keep_blank_values=True))
        for route_method, pattern, handler in self.routes:
            match = re.fullmatch(pattern, route)
            if match and route_method == method:
                return handler(body, query, *map(parse.unquote, match.groups()))
        return error(404, "No route %s %s" % (method, path))

    def _handler(self) -> type:
        fake = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def _serve(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length).decode() if length else ""
                body = json.loads(raw) if raw else None
                headers = {key.lower(): value for key, value in self.headers.items()}
                fake.requests.append((self.command, self.path, headers, body))
                status, answer = fake.answer(self.command, self.path, body)
                data = b"" if answer is None else json.dumps(answer).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = _serve  # noqa: N815 (the server's names)

            def log_message(self, *args: Any) -> None:
                pass

        return Handler


# -- stacks whose services are the fake's -------------------------------------------------

PERSON = {"domain": {"id": "default", "name": "Default"}}
#: The other services' entries of the catalog, relative to the fake's root.
OTHER_SERVICES = {
    "compute": "/compute/v2.1",
    "image": "/image",
    "network": "/network",
    "block-storage": "/volume/v3/project-a",
}


def catalog_entry(service_type: str, url: str) -> dict:
    """The catalog's entry of a service with one public endpoint."""
    endpoint = {"id": "e-" + service_type, "interface": "public", "region": "RegionOne"}
    endpoint.update(region_id="RegionOne", url=url)
    return {"type": service_type, "id": "s-" + service_type, "endpoints": [endpoint]}


def token_document(root: str, services: dict[str, str]) -> dict:
    """A Keystone v3 token whose catalog holds ``services`` (type: path) of the fake at
    ``root``, with Nova, Glance, Neutron and Cinder."""
    catalog = {**OTHER_SERVICES, **services}
    return {
        "token": {
            "methods": ["token"],
            "expires_at": "2099-01-01T00:00:00.000000Z",
            "issued_at": "2024-01-01T00:00:00.000000Z",
            "user": {"id": "user-a", "name": "alice", **PERSON},
            "project": {"id": "project-a", "name": "demo", **PERSON},
            "roles": [{"id": "role-m", "name": "member"}],
            "catalog": [catalog_entry(kind, root + path) for kind, path in catalog.items()],
        }
    }


def context(root: str, services: dict[str, str]) -> Any:
    """A request context whose token (as keystonemiddleware hands it over) has the
    catalog of :func:`token_document`."""
    return RequestContext(
        auth_token="user-token",
        auth_token_info=token_document(root, services),
        auth_url=root + "/v3",
        project_id="project-a",
        user_id="user-a",
        username="alice",
    )
