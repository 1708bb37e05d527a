"""Stacks of the ``aws_heat`` deployment driven through its native REST API with a token.

``NativeStacks`` creates stacks from the templates of tests/templates/wait_conditions as
one Keystone user, waits for states, reads resources (with their attributes) and outputs,
and deletes at the end what its tests made. ``stack_user_token`` authenticates as a stack
user from the credentials a ``HEAT_SIGNAL`` handle hands out.
"""

import dataclasses
import json
import pathlib
import time
import uuid
from urllib import parse

import pytest
import requests

TEMPLATES = pathlib.Path(__file__).resolve().parents[2] / "templates" / "wait_conditions"


def template(name: str) -> str:
    """The text of a template of tests/templates/wait_conditions."""
    return (TEMPLATES / name).read_text()


@dataclasses.dataclass
class Stack:
    """A stack made here: its name and id, and its API path (``/v1/<tenant>/stacks/...``)."""

    name: str
    id: str
    path: str


class NativeStacks:
    """One Keystone user's stack calls on the native API."""

    def __init__(self, native_url: str, keystone, user, templates: pathlib.Path = TEMPLATES):
        self.url = native_url
        self.templates = templates
        self.keystone = keystone
        self.user = user
        self.token = keystone.user_token(user)
        self.made: list[Stack] = []

    def call(self, method: str, path: str, **kwargs) -> requests.Response:
        """The raw answer of ``method path`` with the user's token."""
        headers = {"X-Auth-Token": self.token, **kwargs.pop("headers", {})}
        return requests.request(method, self.url + path, headers=headers, timeout=60, **kwargs)

    def _json(self, method: str, path: str, **kwargs) -> dict:
        answer = self.call(method, path, **kwargs)
        assert answer.status_code < 400, answer.text
        return answer.json() if answer.content else {}

    def create(self, template_name: str, parameters: dict | None = None) -> Stack:
        """Start creating a stack of the template; it is deleted at the end."""
        name = "wait-%s" % uuid.uuid4().hex[:8]
        body = {
            "stack_name": name,
            "template": (self.templates / template_name).read_text(),
            "parameters": parameters or {},
            "disable_rollback": True,
        }
        created = self._json("POST", "/v1/%s/stacks" % self.user.project_id, json=body)
        stack_id = created["stack"]["id"]
        stack = Stack(
            name, stack_id, "/v1/%s/stacks/%s/%s" % (self.user.project_id, name, stack_id)
        )
        self.made.append(stack)
        return stack

    def update(self, stack: Stack, template_name: str, parameters: dict | None = None) -> None:
        """Start updating the stack to the template (and ``parameters``)."""
        body = {
            "template": (self.templates / template_name).read_text(),
            "parameters": parameters or {},
            "disable_rollback": True,
        }
        self._json("PUT", stack.path, json=body)

    def show(self, stack: Stack) -> dict:
        """The stack as the API shows it."""
        return self._json("GET", stack.path)["stack"]

    def wait_for(self, stack: Stack, status: str, timeout: float = 90) -> dict:
        """The stack once its status is no longer IN_PROGRESS (asserted to be ``status``)."""
        deadline = time.monotonic() + timeout
        while True:
            shown = self.show(stack)
            if not shown["stack_status"].endswith("IN_PROGRESS"):
                assert shown["stack_status"] == status, shown["stack_status_reason"]
                return shown
            assert time.monotonic() < deadline, "still %s" % shown["stack_status"]
            time.sleep(0.5)

    def resource(self, stack: Stack, name: str) -> dict:
        """The resource ``name`` with its attributes."""
        return self._json("GET", "%s/resources/%s" % (stack.path, name))["resource"]

    def wait_for_resource(self, stack: Stack, name: str, status: str, timeout: float = 60) -> dict:
        """The resource ``name`` once it is ``status`` (not once it failed)."""
        deadline = time.monotonic() + timeout
        while True:
            resource = self.resource(stack, name)
            if resource["resource_status"] == status:
                return resource
            assert not resource["resource_status"].endswith("FAILED"), resource
            assert time.monotonic() < deadline, "%s is still %s" % (name, resource)
            time.sleep(0.3)

    def created_resource(self, stack: Stack, name: str) -> dict:
        """The resource ``name`` once it is CREATE_COMPLETE."""
        return self.wait_for_resource(stack, name, "CREATE_COMPLETE")

    def attribute(self, stack: Stack, resource: str, name: str):
        """An attribute of the resource once it is created."""
        return self.created_resource(stack, resource)["attributes"][name]

    def outputs(self, stack: Stack) -> dict:
        """The stack's outputs by key."""
        outputs = self.show(stack)["outputs"]
        return {output["output_key"]: output["output_value"] for output in outputs}

    def events(self, stack: Stack) -> list[dict]:
        """The stack's events."""
        return self._json("GET", stack.path + "/events")["events"]

    def delete(self, stack: Stack, timeout: float = 90) -> None:
        """Delete the stack and wait until it is DELETE_COMPLETE (or not found)."""
        self.call("DELETE", stack.path)
        self.wait_until_deleted(stack, timeout)

    def wait_until_deleted(self, stack: Stack, timeout: float = 90) -> None:
        """Wait until the delete under way is DELETE_COMPLETE (or the stack not found)
        without asking again: a second DELETE restarts the one in progress."""
        deadline = time.monotonic() + timeout
        while True:
            answer = self.call("GET", stack.path)
            if answer.status_code == 404:
                return
            shown = answer.json()["stack"]
            if shown["stack_status"] == "DELETE_COMPLETE":
                return
            assert shown["stack_status"] != "DELETE_FAILED", shown["stack_status_reason"]
            assert time.monotonic() < deadline, "the stack is still %s" % shown["stack_status"]
            time.sleep(0.5)

    def delete_all(self) -> None:
        """Delete every stack made here, one after the other.

        One at a time, and waiting, so that no delete overlaps what the next test asks of
        Keystone: Keystone 30 served by gunicorn threads was seen to give a concurrent
        request the domain scope of the stack domain admin's (create_trust then fails)."""
        for stack in self.made:
            self.delete(stack)


def stack_user_token(keystone, signal: dict) -> str:
    """A token of the stack user whose credentials a HEAT_SIGNAL handle's ``signal`` holds,
    on the stack's user project."""
    body = {
        "auth": {
            "identity": {
                "methods": ["password"],
                "password": {"user": {"id": signal["user_id"], "password": signal["password"]}},
            },
            "scope": {"project": {"id": signal["project_id"]}},
        }
    }
    answer = requests.post(signal["auth_url"] + "/auth/tokens", json=body, timeout=10)
    answer.raise_for_status()
    return answer.headers["X-Subject-Token"]


def signal_with_token(url: str, token: str, body: dict) -> requests.Response:
    """POST a native signal to ``url`` as the holder of ``token``."""
    headers = {"X-Auth-Token": token, "Content-Type": "application/json"}
    return requests.post(url, data=json.dumps(body), headers=headers, timeout=30)


def keystone_admin_get(keystone, path: str, **params) -> requests.Response:
    """The raw answer of ``GET <Keystone v3><path>`` made by Keystone's admin."""
    headers = {"X-Auth-Token": keystone.user_token(keystone.admin)}
    return requests.get(keystone.url + path, params=params, headers=headers, timeout=10)


def url_query(url: str) -> dict[str, str]:
    """The query parameters of a URL."""
    return dict(parse.parse_qsl(parse.urlsplit(url).query))


SOFTWARE_TEMPLATES = pathlib.Path(__file__).resolve().parents[2] / "templates" / "software"


@pytest.fixture(scope="module")
def software_stacks(aws_heat, keystone):
    """demo's stacks of tests/templates/software, deleted when the module ends."""
    stacks = NativeStacks(aws_heat.native_url, keystone, keystone.demo, SOFTWARE_TEMPLATES)
    yield stacks
    stacks.delete_all()


def demo_stacks(aws_heat, keystone):
    """demo's stacks on the native API of ``aws_heat`` (a generator for a module fixture:
    what the module made is deleted at its end)."""
    stacks = NativeStacks(aws_heat.native_url, keystone, keystone.demo)
    yield stacks
    stacks.delete_all()
