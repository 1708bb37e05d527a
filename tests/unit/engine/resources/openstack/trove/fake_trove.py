"""A tiny HTTP server answering as Trove's API v1.0 does, and as Neutron's v2.0 does to the
lookups of networks and ports: Trove cannot run here (its instances need a guest agent
inside a VM booted from a Trove guest image, and the lab's Nova has a fake driver that
boots no VM), so its types are tested at the HTTP boundary.

The bodies follow Trove's API reference (api-ref/source/samples of openstack/trove) and
the requests python-troveclient sends: ``{"instance": ...}``, ``{"cluster": ...}``,
actions on ``/instances/<id>/action``, users named ``name@host``, errors as
``{"itemNotFound": {"code", "message"}}``. Every request is recorded as ``(method, path,
body)``. A new instance is ``BUILD`` for ``build_polls`` reads, then ``outcome`` (a status,
and a fault for ``ERROR``); a resized one is ``RESIZE`` for one read; a deleted one is
``SHUTDOWN`` for ``delete_polls`` reads, then gone. A cluster's instances follow the same
build, and its task is ``DELETING`` for ``delete_polls`` reads once deleted.
"""

import http.server
import json
import re
import threading
import uuid
from typing import Any
from urllib import parse

PROJECT = "project-a"
STAMP = "2024-01-01T00:00:00"
FAULTS = {400: "badRequest", 404: "itemNotFound", 409: "conflictingRequest", 413: "overLimit"}


def fault(status: int, message: str) -> tuple[int, Any]:
    """Trove's answer to a request it refuses."""
    return status, {FAULTS[status]: {"code": status, "message": message}}


class FakeTrove:
    """Serves on 127.0.0.1 in a thread; ``url`` is its root (``/v1.0/<project>`` Trove's
    API, ``/networking`` Neutron's)."""

    def __init__(self) -> None:
        self.requests: list[tuple[str, str, Any]] = []
        self.flavors = [
            {"id": "1", "name": "m1.tiny", "ram": 512},
            {"id": "2", "name": "m1.small", "ram": 2048},
        ]
        self.datastores = {"mysql": ["5.7", "8.0"], "mongodb": ["4.0"]}
        self.instances: dict[str, dict] = {}
        self.clusters: dict[str, dict] = {}
        self.databases: dict[str, list[dict]] = {}
        self.users: dict[str, list[dict]] = {}
        self.networks = [{"id": "net-1-id", "name": "private"}]
        self.ports = [{"id": "port-1-id", "name": "db-port"}]
        self.build_polls = 1
        self.delete_polls = 1
        self.outcome: dict[str, Any] = {"status": "ACTIVE"}
        self.over_limit_polls = 0
        self.routes = self._trove_routes() + self._neutron_routes()
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.url = "http://127.0.0.1:%d" % self.server.server_address[1]
        self.thread = threading.Thread(
            target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )

    def __enter__(self) -> "FakeTrove":
        self.thread.start()
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.server.shutdown()
        self.server.server_close()

    def trove_requests(self, method: str | None = None) -> list[tuple[str, str, Any]]:
        """The requests made to Trove (of ``method``), paths relative to the project's root."""
        root = "/v1.0/%s" % PROJECT
        return [
            (verb, path[len(root) :], body)
            for verb, path, body in self.requests
            if path.startswith(root) and method in (None, verb)
        ]

    def _trove_routes(self) -> list:
        item = r"/v1\.0/%s/instances/([^/]+)" % PROJECT
        cluster = r"/v1\.0/%s/clusters/([^/]+)" % PROJECT
        user = item + r"/users/([^/]+)"
        return [
            ("GET", r"/v1\.0/%s/flavors" % PROJECT, self.list_flavors),
            ("GET", r"/v1\.0/%s/flavors/([^/]+)" % PROJECT, self.show_flavor),
            ("GET", r"/v1\.0/%s/datastores/([^/]+)/versions" % PROJECT, self.versions),
            ("POST", r"/v1\.0/%s/instances" % PROJECT, self.create_instance),
            ("GET", item, self.show_instance),
            ("PUT", item, self.update_instance),
            ("DELETE", item, self.delete_instance),
            ("POST", item + "/action", self.instance_action),
            ("GET", item + "/databases", self.list_databases),
            ("POST", item + "/databases", self.create_databases),
            ("DELETE", item + r"/databases/([^/]+)", self.delete_database),
            ("GET", item + "/users", self.list_users),
            ("POST", item + "/users", self.create_users),
            ("GET", user, self.show_user),
            ("PUT", user, self.update_user),
            ("DELETE", user, self.delete_user),
            ("PUT", user + "/databases", self.grant),
            ("DELETE", user + r"/databases/([^/]+)", self.revoke),
            ("POST", r"/v1\.0/%s/clusters" % PROJECT, self.create_cluster),
            ("GET", cluster, self.show_cluster),
            ("DELETE", cluster, self.delete_cluster),
        ]

    def _neutron_routes(self) -> list:
        routes: list = [("GET", r"/networking/?", self.neutron_versions)]
        for kind, items in (("networks", self.networks), ("ports", self.ports)):
            routes.append(("GET", r"/networking/v2\.0/%s" % kind, self.neutron_list(kind, items)))
            routes.append(
                ("GET", r"/networking/v2\.0/%s/([^/]+)" % kind, self.neutron_show(kind, items))
            )
        return routes

    # -- flavors and datastores ----------------------------------------------------------

    def list_flavors(self, body: Any) -> tuple[int, Any]:
        return 200, {"flavors": self.flavors}

    def show_flavor(self, body: Any, flavor_id: str) -> tuple[int, Any]:
        for flavor in self.flavors:
            if flavor["id"] == flavor_id:
                return 200, {"flavor": flavor}
        return fault(404, "Resource %s could not be found." % flavor_id)

    def versions(self, body: Any, datastore: str) -> tuple[int, Any]:
        if datastore not in self.datastores:
            return fault(404, "Datastore '%s' cannot be found." % datastore)
        versions = [
            {"id": uuid.uuid4().hex, "name": name, "datastore": datastore}
            for name in self.datastores[datastore]
        ]
        return 200, {"versions": versions}

    # -- instances -----------------------------------------------------------------------

    def _link(self, collection: str, identifier: str) -> list[dict]:
        href = "%s/v1.0/%s/%s/%s" % (self.url, PROJECT, collection, identifier)
        return [
            {"href": href, "rel": "self"},
            {"href": href.replace("/v1.0/%s" % PROJECT, ""), "rel": "bookmark"},
        ]

    def _new_instance(self, request: dict, polls: int) -> dict:
        identifier = str(uuid.uuid4())
        instance = {
            "id": identifier,
            "name": request.get("name"),
            "status": "BUILD",
            "links": self._link("instances", identifier),
            "flavor": {
                "id": request["flavorRef"],
                "links": self._link("flavors", request["flavorRef"]),
            },
            "volume": dict(request.get("volume") or {}),
            "datastore": request.get("datastore", {"type": "mysql", "version": "5.7"}),
            "created": STAMP,
            "updated": STAMP,
            "_polls": polls,
        }
        self.instances[identifier] = instance
        return instance

    def create_instance(self, body: dict) -> tuple[int, Any]:
        request = body["instance"]
        instance = self._new_instance(request, self.build_polls)
        self.databases[instance["id"]] = [
            {"name": db["name"]} for db in request.get("databases", [])
        ]
        self.users[instance["id"]] = [dict(user) for user in request.get("users", [])]
        return 200, {"instance": self._view(instance)}

    @staticmethod
    def _view(instance: dict) -> dict:
        return {key: value for key, value in instance.items() if not key.startswith("_")}

    def _step(self, instance: dict) -> None:
        """A read of ``instance``: it moves on once its polls are used up."""
        instance["_polls"] -= 1
        if instance["_polls"] >= 0:
            return
        if instance["status"] == "BUILD":
            instance.update({key: value for key, value in self.outcome.items()})
            instance["hostname"] = "%s.troveexampledb.com" % instance["id"][:8]
        elif instance["status"] == "RESIZE":
            instance.update(instance.pop("_after"))
            instance["status"] = "ACTIVE"
        elif instance["status"] == "SHUTDOWN":
            del self.instances[instance["id"]]

    def show_instance(self, body: Any, identifier: str) -> tuple[int, Any]:
        if self.over_limit_polls:
            self.over_limit_polls -= 1
            return fault(413, "This request was rate-limited.")
        instance = self.instances.get(identifier)
        if instance is None:
            return fault(404, "The resource could not be found.")
        self._step(instance)
        if identifier not in self.instances:
            return fault(404, "The resource could not be found.")
        return 200, {"instance": self._view(instance)}

    def update_instance(self, body: dict, identifier: str) -> tuple[int, Any]:
        instance = self.instances[identifier]
        if body["instance"].get("name") == instance["name"]:
            return fault(400, "No change was requested to the instance.")
        instance.update(body["instance"])
        return 202, None

    def delete_instance(self, body: Any, identifier: str) -> tuple[int, Any]:
        instance = self.instances.get(identifier)
        if instance is None:
            return fault(404, "The resource could not be found.")
        instance.update(status="SHUTDOWN", _polls=self.delete_polls)
        return 202, None

    def instance_action(self, body: dict, identifier: str) -> tuple[int, Any]:
        instance = self.instances[identifier]
        resize = body["resize"]
        after = {"volume": resize["volume"]} if "volume" in resize else {}
        if "flavorRef" in resize:
            after["flavor"] = {"id": resize["flavorRef"], "links": []}
        instance.update(status="RESIZE", _after=after, _polls=0)
        return 202, None

    # -- databases and users -------------------------------------------------------------

    def list_databases(self, body: Any, identifier: str) -> tuple[int, Any]:
        return 200, {"databases": self.databases[identifier], "links": []}

    def create_databases(self, body: dict, identifier: str) -> tuple[int, Any]:
        self.databases[identifier] += [{"name": db["name"]} for db in body["databases"]]
        return 202, None

    def delete_database(self, body: Any, identifier: str, name: str) -> tuple[int, Any]:
        self.databases[identifier] = [db for db in self.databases[identifier] if db["name"] != name]
        return 202, None

    def _user(self, identifier: str, user: str) -> dict | None:
        name, _, host = user.partition("@")
        for found in self.users[identifier]:
            if found["name"] == name and found.get("host", "%") == (host or "%"):
                return found
        return None

    def list_users(self, body: Any, identifier: str) -> tuple[int, Any]:
        users = [
            {
                "name": user["name"],
                "host": user.get("host", "%"),
                "databases": user.get("databases", []),
            }
            for user in self.users[identifier]
        ]
        return 200, {"users": users, "links": []}

    def create_users(self, body: dict, identifier: str) -> tuple[int, Any]:
        self.users[identifier] += [dict(user) for user in body["users"]]
        return 202, None

    def show_user(self, body: Any, identifier: str, user: str) -> tuple[int, Any]:
        found = self._user(identifier, user)
        if found is None:
            return fault(404, "User %s cannot be found on the instance." % user)
        view = {
            "name": found["name"],
            "host": found.get("host", "%"),
            "databases": found.get("databases", []),
        }
        return 200, {"user": view}

    def update_user(self, body: dict, identifier: str, user: str) -> tuple[int, Any]:
        found = self._user(identifier, user)
        if found is None:
            return fault(404, "User %s cannot be found on the instance." % user)
        found.update(body["user"])
        return 202, None

    def delete_user(self, body: Any, identifier: str, user: str) -> tuple[int, Any]:
        found = self._user(identifier, user)
        if found is None:
            return fault(404, "User %s cannot be found on the instance." % user)
        self.users[identifier].remove(found)
        return 202, None

    def grant(self, body: dict, identifier: str, user: str) -> tuple[int, Any]:
        found = self._user(identifier, user)
        assert found is not None
        found["databases"] = found.get("databases", []) + body["databases"]
        return 202, None

    def revoke(self, body: Any, identifier: str, user: str, database: str) -> tuple[int, Any]:
        found = self._user(identifier, user)
        assert found is not None
        found["databases"] = [db for db in found.get("databases", []) if db["name"] != database]
        return 202, None

    # -- clusters ------------------------------------------------------------------------

    def create_cluster(self, body: dict) -> tuple[int, Any]:
        request = body["cluster"]
        identifier = str(uuid.uuid4())
        members = []
        for number, wanted in enumerate(request.get("instances", [])):
            member = self._new_instance(
                dict(wanted, name="%s-member-%d" % (request["name"], number + 1)), self.build_polls
            )
            member["type"] = "member"
            members.append(member["id"])
        self.clusters[identifier] = {
            "id": identifier,
            "name": request["name"],
            "task": {"id": 2, "name": "BUILDING", "description": "Building the initial cluster."},
            "datastore": request["datastore"],
            "links": self._link("clusters", identifier),
            "created": STAMP,
            "updated": STAMP,
            "_members": members,
            "_polls": self.delete_polls,
        }
        return 200, {"cluster": self._cluster_view(self.clusters[identifier], step=False)}

    def _cluster_view(self, cluster: dict, step: bool = True) -> dict:
        members = []
        for member_id in cluster["_members"]:
            member = self.instances[member_id]
            if step:
                self._step(member)
            members.append(
                {key: member[key] for key in ("id", "name", "status", "type", "flavor", "volume")}
            )
        # Trove's task manager resets the task once the build ends, whatever its outcome.
        settled = all(member["status"] != "BUILD" for member in members)
        if settled and cluster["task"]["name"] == "BUILDING":
            cluster["task"] = {"id": 1, "name": "NONE", "description": "No tasks for the cluster."}
        view = dict(self._view(cluster), instances=members)
        if cluster["task"]["name"] == "NONE":
            view["ip"] = sorted("10.0.0.%d" % (number + 10) for number in range(len(members)))
        return view

    def show_cluster(self, body: Any, identifier: str) -> tuple[int, Any]:
        cluster = self.clusters.get(identifier)
        if cluster is None:
            return fault(404, "The resource could not be found.")
        if cluster["task"]["name"] == "DELETING":
            cluster["_polls"] -= 1
            if cluster["_polls"] < 0:
                for member_id in self.clusters.pop(identifier)["_members"]:
                    del self.instances[member_id]
                return fault(404, "The resource could not be found.")
            return 200, {"cluster": self._cluster_view(cluster, step=False)}
        return 200, {"cluster": self._cluster_view(cluster)}

    def delete_cluster(self, body: Any, identifier: str) -> tuple[int, Any]:
        cluster = self.clusters.get(identifier)
        if cluster is None:
            return fault(404, "The resource could not be found.")
        if cluster["task"]["name"] != "NONE":
            return fault(
                409,
                "This action cannot be performed on the cluster while the current cluster "
                "task is '%s'." % cluster["task"]["name"],
            )
        cluster["task"] = {"id": 3, "name": "DELETING", "description": "Deleting the cluster."}
        cluster["_polls"] = self.delete_polls
        return 202, None

    # -- Neutron (lookups) ---------------------------------------------------------------

    def neutron_versions(self, body: Any) -> tuple[int, Any]:
        link = {"href": self.url + "/networking/v2.0/", "rel": "self"}
        return 200, {"versions": [{"id": "v2.0", "status": "CURRENT", "links": [link]}]}

    @staticmethod
    def neutron_list(kind: str, items: list) -> Any:
        def listing(body: Any, query: dict | None = None) -> tuple[int, Any]:
            wanted = (query or {}).get("name")
            return 200, {kind: [item for item in items if wanted in (None, item["name"])]}

        return listing

    @staticmethod
    def neutron_show(kind: str, items: list) -> Any:
        def show(body: Any, identifier: str) -> tuple[int, Any]:
            for item in items:
                if item["id"] == identifier:
                    return 200, {kind[:-1]: item}
            return 404, {
                "NeutronError": {
                    "type": "NotFound",
                    "message": "%s could not be found" % identifier,
                    "detail": "",
                }
            }

        return show

    # -- serving -------------------------------------------------------------------------

    def answer(self, method: str, path: str, body: Any) -> tuple[int, Any]:
        route, _, query = path.partition("?")
        for route_method, pattern, handler in self.routes:
            match = re.fullmatch(pattern, route)
            if match and route_method == method:
                arguments = [parse.unquote(group) for group in match.groups()]
                if query and not arguments:
                    return handler(body, dict(parse.parse_qsl(query)))
                return handler(body, *arguments)
        return fault(404, "No route %s %s" % (method, path))

    def _handler(self) -> type:
        fake = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def _serve(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length).decode() if length else ""
                body = json.loads(raw) if raw else None
                fake.requests.append((self.command, self.path, body))
                status, answer = fake.answer(self.command, self.path, body)
                data = b"" if answer is None else json.dumps(answer).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_POST = do_PUT = do_DELETE = _serve  # noqa: N815 (the server's names)

            def log_message(self, *args: Any) -> None:
                pass

        return Handler
