"""A stack's resources are made through its trust after the creator's token was revoked.

Admin creates a stack whose OS::Keystone::Role waits on a pre-create hook; while it waits,
admin's token is revoked in Keystone, and the hook is cleared with a new token. With
``reauthentication_auth_method = trusts`` the engine goes on as admin through the trust the
stack stored and the role is made; without it the engine still acts with the revoked token
and the resource fails, as in OpenStack Heat.
"""

import time
import uuid

import pytest
import requests

from tests.functional.keystone_heat import start_heat_all
from tests.functional.processes import wait_until

HOOKED = {"resource_registry": {"resources": {"role": {"hooks": "pre-create"}}}}


def _template(role_name: str) -> dict:
    return {
        "heat_template_version": "2021-04-16",
        "resources": {"role": {"type": "OS::Keystone::Role", "properties": {"name": role_name}}},
    }


@pytest.fixture(scope="module")
def trusting_heat(keystone, tmp_path_factory):
    """heat-all whose engine acts through the stored trust (reauthentication by trusts)."""
    options = {"DEFAULT": {"reauthentication_auth_method": "trusts", "debug": True}}
    heat_all = start_heat_all(keystone, tmp_path_factory.mktemp("heat-trusts"), sections=options)
    yield heat_all
    assert heat_all.stop() == 0


@pytest.fixture(scope="module")
def token_heat(keystone, tmp_path_factory):
    """heat-all whose engine acts with the token of the request that started the action."""
    heat_all = start_heat_all(keystone, tmp_path_factory.mktemp("heat-tokens"))
    yield heat_all.url
    assert heat_all.stop() == 0


def _call(url, token, method, path, **kwargs):
    answer = requests.request(
        method, url + path, headers={"X-Auth-Token": token}, timeout=30, **kwargs
    )
    assert answer.status_code < 400, answer.text
    return answer.json() if answer.content else None


def _revoke(keystone, token: str) -> None:
    headers = {"X-Auth-Token": keystone.user_token(keystone.admin), "X-Subject-Token": token}
    requests.delete(keystone.url + "/auth/tokens", headers=headers, timeout=10).raise_for_status()
    # Every worker of the test Keystone refuses a revoked token at once: each request starts
    # with an empty request-local cache (see tools/keystone/keystone_wsgi.py).
    check = requests.get(keystone.url + "/auth/tokens", headers=headers, timeout=10)
    assert check.status_code == 404, check.text


def _create_revoke_and_release(keystone, url: str, role_name: str, first: str = "") -> dict:
    """Create the hooked stack with token ``first`` (a new one by default), revoke it, clear
    the hook with another; the stack once its create has ended."""
    first = first or keystone.user_token(keystone.admin)
    stacks = "/v1/%s/stacks" % keystone.admin.project_id
    body = {"stack_name": "trust-%s" % uuid.uuid4().hex[:8], "environment": HOOKED}
    body["template"] = _template(role_name)
    stack_id = _call(url, first, "POST", stacks, json=body)["stack"]["id"]
    path = "%s/%s/%s" % (stacks, body["stack_name"], stack_id)

    def paused():
        events = _call(url, first, "GET", path + "/events")["events"]
        return any("paused until Hook pre-create" in e["resource_status_reason"] for e in events)

    wait_until(paused, [], what="the pre-create hook")
    _revoke(keystone, first)
    second = keystone.user_token(keystone.admin)
    _call(url, second, "POST", path + "/resources/role/signal", json={"unset_hook": "pre-create"})
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        stack = _call(url, second, "GET", path)["stack"]
        if not stack["stack_status"].endswith("IN_PROGRESS"):
            return stack
        time.sleep(0.2)
    raise AssertionError("the stack is still in progress")


def _roles_named(keystone, name: str) -> list:
    return keystone.admin_get("/roles", name=name)["roles"]


def test_resource_is_made_through_the_trust_after_the_token_is_revoked(keystone, trusting_heat):
    name = "trusted-%s" % uuid.uuid4().hex[:8]
    stack = _create_revoke_and_release(keystone, trusting_heat.url, name)
    assert stack["stack_status"] == "CREATE_COMPLETE", stack["stack_status_reason"]
    assert [role["name"] for role in _roles_named(keystone, name)] == [name]


def test_tokens_and_passwords_never_reach_the_debug_log(keystone, trusting_heat):
    token = keystone.user_token(keystone.admin)
    _create_revoke_and_release(
        keystone, trusting_heat.url, "logged-%s" % uuid.uuid4().hex[:8], token
    )
    log = trusting_heat.process.log_path.read_text()
    assert "DEBUG" in log
    secrets = {"token": token, "heat password": keystone.heat.password}
    secrets["stack domain admin password"] = keystone.stack_domain.admin_password
    assert [name for name, secret in secrets.items() if secret in log] == []


def test_without_reauthentication_the_revoked_token_fails_the_resource(keystone, token_heat):
    name = "untrusted-%s" % uuid.uuid4().hex[:8]
    stack = _create_revoke_and_release(keystone, token_heat, name)
    assert stack["stack_status"] == "CREATE_FAILED"
    assert "Unauthorized: resources.role: " in stack["stack_status_reason"]
    assert _roles_named(keystone, name) == []
