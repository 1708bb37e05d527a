"""Policy and tenant isolation through heat-all behind authtoken, with real Keystone tokens.

One heat-all serves the module. Its ``[oslo_policy] policy_file`` starts empty; tests that
override rules rewrite it while heat-all runs and restore it afterwards, which also checks
that overrides take effect without a restart.
"""

import contextlib
import dataclasses
import os
import pathlib
import time
import uuid

import pytest
import requests
import yaml

from tests.functional.keystone_heat import start_heat_all
from tests.functional.processes import wait_until

TEMPLATE = {
    "heat_template_version": "2018-08-31",
    "resources": {"thing": {"type": "OS::Heat::None"}},
}
# (status, title, error type) of Heat's error bodies
NOT_FOUND = (404, "Not Found", "EntityNotFound")
DENIED = (403, "Forbidden", "Forbidden")
WRONG_PROJECT = (403, "Forbidden", "HTTPForbidden")


@dataclasses.dataclass(frozen=True)
class Caller:
    """A Keystone token and the project it is scoped to, calling the native API."""

    api_url: str
    token: str
    project_id: str

    def call(self, method: str, path: str, project_id: str | None = None, **kwargs):
        """One request to ``/v1/<project><path>``; redirects are not followed."""
        url = "%s/v1/%s%s" % (self.api_url, project_id or self.project_id, path)
        return requests.request(
            method,
            url,
            headers={"X-Auth-Token": self.token},
            allow_redirects=False,
            timeout=30,
            **kwargs,
        )


@dataclasses.dataclass(frozen=True)
class Stack:
    """A stack by name and id, as its owner created it."""

    name: str
    id: str

    @property
    def path(self) -> str:
        return "/stacks/%s/%s" % (self.name, self.id)


@dataclasses.dataclass(frozen=True)
class Heat:
    """The running heat-all: its API URL and the policy file it reads."""

    url: str
    policy_file: pathlib.Path


@pytest.fixture(scope="module")
def heat(keystone, tmp_path_factory):
    """heat-all (engine and native API) on this Keystone, with an empty policy override file."""
    tmp_path = tmp_path_factory.mktemp("heat-isolation")
    policy_file = tmp_path / "policy.yaml"
    policy_file.write_text("{}\n")
    sections = {
        "DEFAULT": {"enable_stack_abandon": True},
        "oslo_policy": {"policy_file": policy_file},
    }
    heat_all = start_heat_all(keystone, tmp_path, sections=sections)
    yield Heat(heat_all.url, policy_file)
    assert heat_all.stop() == 0


@contextlib.contextmanager
def policy_overrides(heat: Heat, rules: dict):
    """Rewrite the policy file with ``rules`` while heat-all runs; empty it again afterwards."""
    _write_policy(heat.policy_file, rules)
    try:
        yield
    finally:
        _write_policy(heat.policy_file, {})


def _write_policy(path, rules: dict) -> None:
    path.write_text(yaml.safe_dump(rules))
    # oslo.policy reloads a file whose mtime changed; two writes within the file system's
    # timestamp granularity would look unchanged, so each write moves the mtime on.
    stamp = max(time.time(), path.stat().st_mtime + 1)
    os.utime(path, (stamp, stamp))


def _project_user(keystone, role: str) -> str:
    """A token of a new user holding only ``role`` on demo's project."""
    admin = {"X-Auth-Token": keystone.user_token(keystone.admin)}
    name = "isolation-%s-%s" % (role, uuid.uuid4().hex[:8])
    password = uuid.uuid4().hex
    answer = requests.post(
        keystone.url + "/users",
        json={"user": {"name": name, "password": password, "domain_id": "default"}},
        headers=admin,
        timeout=10,
    )
    answer.raise_for_status()
    grant = "%s/projects/%s/users/%s/roles/%s" % (
        keystone.url,
        keystone.demo.project_id,
        answer.json()["user"]["id"],
        keystone.roles[role],
    )
    requests.put(grant, headers=admin, timeout=10).raise_for_status()
    return keystone.token(name, password, keystone.demo.project_name)


@pytest.fixture(scope="module")
def demo(keystone, heat):
    return Caller(heat.url, keystone.user_token(keystone.demo), keystone.demo.project_id)


@pytest.fixture(scope="module")
def alt_demo(keystone, heat):
    return Caller(heat.url, keystone.user_token(keystone.alt_demo), keystone.alt_demo.project_id)


@pytest.fixture(scope="module")
def admin(keystone, heat):
    return Caller(heat.url, keystone.user_token(keystone.admin), keystone.admin.project_id)


@pytest.fixture(scope="module")
def stack_user(keystone, heat):
    """A user holding only heat_stack_user on demo's project."""
    return Caller(heat.url, _project_user(keystone, "heat_stack_user"), keystone.demo.project_id)


@pytest.fixture(scope="module")
def reader(keystone, heat):
    """A user holding only reader on demo's project."""
    return Caller(heat.url, _project_user(keystone, "reader"), keystone.demo.project_id)


def create_stack(caller: Caller, name: str, environment: dict | None = None) -> Stack:
    """Create a stack from TEMPLATE and return it once its create has started."""
    body = {"stack_name": name, "template": TEMPLATE, "environment": environment or {}}
    answer = caller.call("POST", "/stacks", json=body)
    assert answer.status_code == 201, answer.text
    return Stack(name, answer.json()["stack"]["id"])


def wait_for_status(caller: Caller, stack: Stack, timeout: float = 60) -> str:
    """The stack's status once it is no longer in progress."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        status = caller.call("GET", stack.path).json()["stack"]["stack_status"]
        if not status.endswith("_IN_PROGRESS"):
            return status
        time.sleep(0.2)
    raise AssertionError("stack %s still in progress after %s s" % (stack.name, timeout))


@pytest.fixture(scope="module")
def demo_stack(demo):
    stack = create_stack(demo, "demo-stack")
    assert wait_for_status(demo, stack) == "CREATE_COMPLETE"
    return stack


@pytest.fixture(scope="module")
def alt_stack(alt_demo):
    stack = create_stack(alt_demo, "alt-stack")
    assert wait_for_status(alt_demo, stack) == "CREATE_COMPLETE"
    return stack


def outcome(answer) -> tuple:
    """(status, title, error type) of an answer; title and type are None unless it is an error."""
    if answer.status_code < 400:
        return answer.status_code, None, None
    body = answer.json()
    assert body["code"] == answer.status_code, answer.text
    return answer.status_code, body["title"], body["error"]["type"]


# --- 1. another project's stacks are not found --------------------------------------------

FOREIGN_CALLS = {
    "lookup by name": ("GET", "/stacks/{name}", None),
    "lookup by id": ("GET", "/stacks/{id}", None),
    "lookup with a path": ("GET", "/stacks/{name}/resources", None),
    "show": ("GET", "/stacks/{name}/{id}", None),
    "template": ("GET", "/stacks/{name}/{id}/template", None),
    "update": ("PUT", "/stacks/{name}/{id}", {"template": TEMPLATE}),
    "patch": ("PATCH", "/stacks/{name}/{id}", {"parameters": {}}),
    "delete": ("DELETE", "/stacks/{name}/{id}", None),
    "abandon": ("DELETE", "/stacks/{name}/{id}/abandon", None),
    "export": ("GET", "/stacks/{name}/{id}/export", None),
    "resources": ("GET", "/stacks/{name}/{id}/resources", None),
    "resource show": ("GET", "/stacks/{name}/{id}/resources/thing", None),
    "resource metadata": ("GET", "/stacks/{name}/{id}/resources/thing/metadata", None),
    "events": ("GET", "/stacks/{name}/{id}/events", None),
    "signal": ("POST", "/stacks/{name}/{id}/resources/thing/signal", {}),
    "snapshot": ("POST", "/stacks/{name}/{id}/snapshots", {"name": "stolen"}),
    "suspend": ("POST", "/stacks/{name}/{id}/actions", {"suspend": None}),
    "outputs": ("GET", "/stacks/{name}/{id}/outputs", None),
    "environment": ("GET", "/stacks/{name}/{id}/environment", None),
    "files": ("GET", "/stacks/{name}/{id}/files", None),
    "snapshots": ("GET", "/stacks/{name}/{id}/snapshots", None),
    "update preview": ("PUT", "/stacks/{name}/{id}/preview", {"template": TEMPLATE}),
    "mark unhealthy": (
        "PATCH",
        "/stacks/{name}/{id}/resources/thing",
        {"mark_unhealthy": True, "resource_status_reason": "stolen"},
    ),
    "resource events": ("GET", "/stacks/{name}/{id}/resources/thing/events", None),
}


@pytest.mark.parametrize("call", FOREIGN_CALLS.values(), ids=FOREIGN_CALLS.keys())
def test_other_projects_stack_is_not_found(alt_demo, demo, demo_stack, call):
    method, path, body = call
    answer = alt_demo.call(method, path.format(name=demo_stack.name, id=demo_stack.id), json=body)
    assert outcome(answer) == NOT_FOUND, answer.text
    assert wait_for_status(demo, demo_stack) == "CREATE_COMPLETE"


@pytest.fixture(scope="module")
def demo_snapshot(demo):
    """A snapshot of a stack of demo's (not demo_stack, whose status a snapshot changes)."""
    stack = create_stack(demo, "snapped-stack")
    assert wait_for_status(demo, stack) == "CREATE_COMPLETE"
    answer = demo.call("POST", stack.path + "/snapshots", json={"name": "demo-snapshot"})
    assert answer.status_code == 200, answer.text
    assert wait_for_status(demo, stack) == "SNAPSHOT_COMPLETE"
    return answer.json()["id"]


SNAPSHOT_CALLS = {
    "show": ("GET", "/snapshots/{snapshot}", None),
    "delete": ("DELETE", "/snapshots/{snapshot}", None),
    "restore": ("POST", "/snapshots/{snapshot}/restore", None),
}


@pytest.mark.parametrize("call", SNAPSHOT_CALLS.values(), ids=SNAPSHOT_CALLS.keys())
def test_other_projects_snapshot_is_not_found_through_own_stack(
    alt_demo, alt_stack, demo_snapshot, call
):
    method, path, body = call
    answer = alt_demo.call(method, alt_stack.path + path.format(snapshot=demo_snapshot), json=body)
    assert outcome(answer)[:2] == (404, "Not Found"), answer.text
    assert wait_for_status(alt_demo, alt_stack) == "CREATE_COMPLETE"


def test_other_projects_event_is_not_found_through_own_stack(alt_demo, demo, alt_stack, demo_stack):
    events = demo.call("GET", demo_stack.path + "/resources/thing/events").json()["events"]
    path = "%s/resources/thing/events/%s" % (alt_stack.path, events[0]["id"])
    answer = alt_demo.call("GET", path)
    assert outcome(answer)[:2] == (404, "Not Found"), answer.text


def test_other_projects_stack_is_not_listed(alt_demo, demo_stack, alt_stack):
    answer = alt_demo.call("GET", "/stacks")
    assert answer.status_code == 200
    assert [stack["id"] for stack in answer.json()["stacks"]] == [alt_stack.id]


@pytest.mark.parametrize("path", ["/stacks", "/stacks/{name}/{id}"])
def test_other_projects_url_is_forbidden(alt_demo, demo, demo_stack, path):
    answer = alt_demo.call(
        "GET", path.format(name=demo_stack.name, id=demo_stack.id), project_id=demo.project_id
    )
    assert outcome(answer) == WRONG_PROJECT, answer.text


# --- 2. heat_stack_user ---------------------------------------------------------------------

STACK_USER_DENIED = {
    "create": ("POST", "/stacks", {"stack_name": "by-stack-user", "template": TEMPLATE}),
    "list": ("GET", "/stacks", None),
    "show": ("GET", "/stacks/{name}/{id}", None),
    "update": ("PUT", "/stacks/{name}/{id}", {"template": TEMPLATE}),
    "delete": ("DELETE", "/stacks/{name}/{id}", None),
    "resources": ("GET", "/stacks/{name}/{id}/resources", None),
    "events": ("GET", "/stacks/{name}/{id}/events", None),
    "resource show": ("GET", "/stacks/{name}/{id}/resources/thing", None),
}


@pytest.mark.parametrize("call", STACK_USER_DENIED.values(), ids=STACK_USER_DENIED.keys())
def test_stack_user_is_denied_the_api(stack_user, demo, demo_stack, call):
    method, path, body = call
    answer = stack_user.call(method, path.format(name=demo_stack.name, id=demo_stack.id), json=body)
    assert outcome(answer) == DENIED, answer.text
    assert wait_for_status(demo, demo_stack) == "CREATE_COMPLETE"


def test_stack_user_without_credentials_of_the_stack_cannot_read_metadata(stack_user, demo_stack):
    answer = stack_user.call("GET", demo_stack.path + "/resources/thing/metadata")
    assert outcome(answer) == DENIED, answer.text


def test_stack_user_looks_up_stack_by_name(stack_user, demo_stack):
    answer = stack_user.call("GET", "/stacks/%s" % demo_stack.name)
    assert answer.status_code == 302
    assert answer.headers["Location"].endswith(
        "/v1/%s%s" % (stack_user.project_id, demo_stack.path)
    )


def _paused_on_hook(caller: Caller, stack: Stack):
    def paused():
        events = caller.call("GET", stack.path + "/events").json()["events"]
        reasons = [event["resource_status_reason"] for event in events]
        return "CREATE paused until Hook pre-create is cleared" in reasons

    return paused


def test_stack_user_without_credentials_of_the_stack_cannot_clear_a_hook(demo, stack_user):
    hooked = {"resource_registry": {"resources": {"thing": {"hooks": "pre-create"}}}}
    stack = create_stack(demo, "hooked-stack", environment=hooked)
    wait_until(_paused_on_hook(demo, stack), [], what="the pre-create hook")
    answer = stack_user.call(
        "POST", stack.path + "/resources/thing/signal", json={"unset_hook": "pre-create"}
    )
    assert outcome(answer) == DENIED, answer.text
    cleared = demo.call(
        "POST", stack.path + "/resources/thing/signal", json={"unset_hook": "pre-create"}
    )
    assert cleared.status_code == 200, cleared.text
    assert wait_for_status(demo, stack) == "CREATE_COMPLETE"


# --- 3. admin's global listing ----------------------------------------------------------------


def test_global_index_is_denied_by_default(admin, demo_stack, alt_stack):
    answer = admin.call("GET", "/stacks", params={"global_tenant": "true"})
    assert outcome(answer) == DENIED, answer.text


def test_global_index_allowed_by_policy_lists_every_project(
    heat, admin, demo, alt_demo, demo_stack, alt_stack
):
    with policy_overrides(heat, {"stacks:global_index": "role:admin"}):
        answer = admin.call("GET", "/stacks", params={"global_tenant": "true"})
    assert answer.status_code == 200, answer.text
    projects = {stack["id"]: stack.get("project") for stack in answer.json()["stacks"]}
    assert projects[demo_stack.id] == demo.project_id
    assert projects[alt_stack.id] == alt_demo.project_id


def test_global_index_override_is_not_for_members(heat, demo, demo_stack):
    with policy_overrides(heat, {"stacks:global_index": "role:admin"}):
        answer = demo.call("GET", "/stacks", params={"global_tenant": "true"})
    assert outcome(answer) == DENIED, answer.text


# --- 4. policy file changes without restart ---------------------------------------------------


def test_policy_file_change_applies_without_restart(heat, demo, demo_stack):
    assert demo.call("GET", "/stacks").status_code == 200
    with policy_overrides(heat, {"stacks:index": "!"}):
        denied = demo.call("GET", "/stacks")
    assert outcome(denied) == DENIED, denied.text
    assert demo.call("GET", "/stacks").status_code == 200


# --- 5. reader --------------------------------------------------------------------------------


def test_reader_lists_and_shows(reader, demo_stack):
    listed = reader.call("GET", "/stacks")
    assert listed.status_code == 200, listed.text
    assert demo_stack.id in [stack["id"] for stack in listed.json()["stacks"]]
    shown = reader.call("GET", demo_stack.path)
    assert (shown.status_code, shown.json()["stack"]["id"]) == (200, demo_stack.id)


READER_DENIED = {
    "create": ("POST", "/stacks", {"stack_name": "by-reader", "template": TEMPLATE}),
    "update": ("PUT", "/stacks/{name}/{id}", {"template": TEMPLATE}),
    "delete": ("DELETE", "/stacks/{name}/{id}", None),
}


@pytest.mark.parametrize("call", READER_DENIED.values(), ids=READER_DENIED.keys())
def test_reader_cannot_change_stacks(reader, demo, demo_stack, call):
    method, path, body = call
    answer = reader.call(method, path.format(name=demo_stack.name, id=demo_stack.id), json=body)
    assert outcome(answer) == DENIED, answer.text
    assert wait_for_status(demo, demo_stack) == "CREATE_COMPLETE"
