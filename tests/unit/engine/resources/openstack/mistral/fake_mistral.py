"""A tiny HTTP server answering as Mistral's API v2 does, as Keystone's v3 does to the calls
that make and delete a stack user, and as Zaqar's v2 does to subscriptions: Mistral does
not run in the lab (yet), so its types are tested at the HTTP boundary.

The bodies follow Mistral's API reference (the data samples of its v2 resources): a
workflow's ``input`` is the text of its input names, an execution's ``input``, ``output``
and ``params`` and a cron trigger's ``workflow_input`` are JSON texts, errors are
``{"faultstring": ...}``. Every request is recorded as ``(method, path, content type,
body)``; an execution started reports ``RUNNING`` to ``running_polls`` reads, then
``outcome``.
"""

import http.server
import json
import re
import threading
import uuid
from typing import Any
from urllib import parse

import yaml

STAMP = "1970-01-01T00:00:00.000000"
PROJECT = "a7eb669e9819420ea4bd1453e672c0a7"
STACK_USER_ROLE = {"id": "role-1", "name": "heat_stack_user"}


def fault(status: int, message: str) -> tuple[int, Any]:
    """Mistral's answer to a request it refuses."""
    return status, {"faultstring": message, "faultcode": "Client", "debuginfo": None}


class FakeMistral:
    """Serves on 127.0.0.1 in a thread; ``url`` is its root (``/v2`` Mistral's API,
    ``/v3`` Keystone's)."""

    def __init__(self) -> None:
        self.requests: list[tuple[str, str, str, Any]] = []
        self.workflows: dict[str, dict] = {}
        self.executions: dict[str, dict] = {}
        self.cron_triggers: dict[str, dict] = {}
        self.users: dict[str, dict] = {}
        self.subscriptions: dict[str, dict] = {}
        self.running_polls = 0
        self.outcome: dict[str, Any] = {"state": "SUCCESS", "output": {}}
        self._polls: dict[str, int] = {}
        self.routes = [
            ("POST", r"/v2/workflows", self.save_workflows),
            ("PUT", r"/v2/workflows", self.save_workflows),
            ("GET", r"/v2/workflows/(.+)", self.item(self.workflows, "Workflow")),
            ("DELETE", r"/v2/workflows/(.+)", self.delete(self.workflows, "Workflow")),
            ("POST", r"/v2/executions", self.start_execution),
            ("GET", r"/v2/executions/(.+)", self.poll_execution),
            ("DELETE", r"/v2/executions/(.+)", self.delete(self.executions, "Execution")),
            ("POST", r"/v2/cron_triggers", self.create_cron_trigger),
            ("GET", r"/v2/cron_triggers/(.+)", self.item(self.cron_triggers, "Cron trigger")),
            ("DELETE", r"/v2/cron_triggers/(.+)", self.delete(self.cron_triggers, "Cron trigger")),
            ("GET", r"/zaqar/?", self.zaqar_versions),
            ("POST", r"/zaqar/v2/queues/(.+)/subscriptions", self.subscribe),
            ("PATCH", r"/zaqar/v2/queues/(.+)/subscriptions/(.+)", self.change_subscription),
            ("GET", r"/zaqar/v2/queues/(.+)/subscriptions/(.+)", self.show_subscription),
            ("DELETE", r"/zaqar/v2/queues/.+/subscriptions/(.+)", self.unsubscribe),
            ("POST", r"/v3/users", self.create_user),
            ("GET", r"/v3/users/(.+)", self.item(self.users, "User", key="user")),
            ("DELETE", r"/v3/users/(.+)", self.delete(self.users, "User")),
            ("GET", r"/v3/roles", lambda body: (200, {"roles": [STACK_USER_ROLE]})),
            ("PUT", r"/v3/projects/.+/users/.+/roles/.+", lambda body: (204, None)),
            ("POST", r"/v3/credentials", self.create_credential),
            ("DELETE", r"/v3/credentials/.+", lambda body: (204, None)),
        ]
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.url = "http://127.0.0.1:%d" % self.server.server_address[1]
        self.thread = threading.Thread(
            target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )

    def __enter__(self) -> "FakeMistral":
        self.thread.start()
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.server.shutdown()
        self.server.server_close()

    def mistral_requests(self, method: str | None = None) -> list[tuple[str, str, str, Any]]:
        """The requests made to Mistral (of ``method``), in order."""
        return [
            request
            for request in self.requests
            if request[1].startswith("/v2/") and method in (None, request[0])
        ]

    # -- Mistral -------------------------------------------------------------------------

    def save_workflows(self, definition: str) -> tuple[int, Any]:
        document = yaml.safe_load(definition)
        made = []
        for name, body in document.items():
            if name == "version":
                continue
            workflow = self.workflows.get(name) or {"id": str(uuid.uuid4()), "created_at": STAMP}
            workflow.update(
                name=name,
                input=", ".join(body.get("input", [])),
                definition=definition,
                tags=body.get("tags", []),
                scope="private",
                project_id=PROJECT,
                updated_at=STAMP,
            )
            self.workflows[name] = workflow
            made.append(workflow)
        return 201, {"workflows": made}

    def start_execution(self, body: dict) -> tuple[int, Any]:
        name = body.get("workflow_name") or body.get("workflow_id")
        if name not in self.workflows:
            return fault(404, "Workflow not found [workflow_identifier=%s]" % name)
        execution = {
            "id": str(uuid.uuid4()),
            "workflow_name": name,
            "workflow_id": self.workflows[name]["id"],
            "description": body.get("description", ""),
            "params": body.get("params", "{}"),
            "task_execution_id": None,
            "state": "RUNNING",
            "state_info": None,
            "input": body.get("input", "{}"),
            "output": "{}",
            "created_at": STAMP,
            "updated_at": STAMP,
        }
        self.executions[execution["id"]] = execution
        return 201, execution

    def poll_execution(self, body: Any, execution_id: str) -> tuple[int, Any]:
        execution = self.executions.get(execution_id)
        if execution is None:
            return fault(404, "Execution not found [id=%s]" % execution_id)
        polls = self._polls[execution_id] = self._polls.get(execution_id, 0) + 1
        if execution["state"] == "RUNNING" and polls > self.running_polls:
            execution["state"] = self.outcome["state"]
            execution["state_info"] = self.outcome.get("state_info")
            execution["output"] = json.dumps(self.outcome.get("output", {}))
        return 200, execution

    def create_cron_trigger(self, body: dict) -> tuple[int, Any]:
        trigger = {
            "id": str(uuid.uuid4()),
            "name": body["name"],
            "workflow_name": body.get("workflow_name"),
            "workflow_id": body.get("workflow_id"),
            "workflow_input": body.get("workflow_input", "{}"),
            "workflow_params": "{}",
            "scope": "private",
            "pattern": body.get("pattern"),
            "remaining_executions": body.get("remaining_executions"),
            "first_execution_time": body.get("first_execution_time"),
            "next_execution_time": "2030-01-01 00:00:00",
            "created_at": STAMP,
            "updated_at": STAMP,
        }
        self.cron_triggers[trigger["name"]] = trigger
        return 201, trigger

    # -- Zaqar (subscriptions) ----------------------------------------------------------

    def zaqar_versions(self, body: Any) -> tuple[int, Any]:
        link = {"href": self.url + "/zaqar/v2/", "rel": "self"}
        return 300, {"versions": [{"id": "2", "status": "CURRENT", "links": [link]}]}

    def subscribe(self, body: dict, queue: str) -> tuple[int, Any]:
        subscription_id = uuid.uuid4().hex
        self.subscriptions[subscription_id] = dict(body, id=subscription_id, source=queue, age=0)
        return 201, {"subscription_id": subscription_id}

    def change_subscription(self, body: dict, queue: str, identifier: str) -> tuple[int, Any]:
        self.subscriptions[identifier].update(body)
        return 204, None

    def show_subscription(self, body: Any, queue: str, identifier: str) -> tuple[int, Any]:
        return 200, self.subscriptions[identifier]

    def unsubscribe(self, body: Any, identifier: str) -> tuple[int, Any]:
        self.subscriptions.pop(identifier, None)
        return 204, None

    # -- Keystone (stack users) ----------------------------------------------------------

    def create_user(self, body: dict) -> tuple[int, Any]:
        user = dict(body["user"], id=uuid.uuid4().hex, enabled=True)
        self.users[user["id"]] = user
        return 201, {"user": user}

    def create_credential(self, body: dict) -> tuple[int, Any]:
        return 201, {"credential": dict(body["credential"], id=uuid.uuid4().hex)}

    # -- collections ---------------------------------------------------------------------

    @staticmethod
    def item(collection: dict, kind: str, key: str | None = None) -> Any:
        def show(body: Any, identifier: str) -> tuple[int, Any]:
            found = collection.get(identifier)
            if found is None:
                return fault(404, "%s not found [identifier=%s]" % (kind, identifier))
            return 200, {key: found} if key else found

        return show

    @staticmethod
    def delete(collection: dict, kind: str) -> Any:
        def remove(body: Any, identifier: str) -> tuple[int, Any]:
            if collection.pop(identifier, None) is None:
                return fault(404, "%s not found [identifier=%s]" % (kind, identifier))
            return 204, None

        return remove

    def answer(self, method: str, path: str, body: Any) -> tuple[int, Any]:
        route = path.split("?", 1)[0]
        for route_method, pattern, handler in self.routes:
            match = re.fullmatch(pattern, route)
            if match and route_method == method:
                return handler(body, *map(parse.unquote, match.groups()))
        return fault(404, "No route %s %s" % (method, path))

    def _handler(self) -> type:
        fake = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def _serve(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length).decode() if length else ""
                content_type = self.headers.get("Content-Type") or ""
                body = json.loads(raw) if raw and "json" in content_type else raw or None
                fake.requests.append((self.command, self.path, content_type, body))
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
