"""Termination protection through the REST API and the real engine: a protected root stack
and every stack of its tree are refused deletion (409) until the protection is lifted."""

import json
import time

from tests.unit.api.conftest import TENANT, call

URL = "/v1/%s" % TENANT
CHILD = {"heat_template_version": "2021-04-16", "resources": {"n": {"type": "OS::Heat::None"}}}
PARENT = {
    "heat_template_version": "2021-04-16",
    "resources": {"child": {"type": "child.yaml"}},
}


def settled(app, path) -> dict:
    """The stack at ``path`` once no action is in progress on it."""
    deadline = time.monotonic() + 20
    while True:
        response = call(app, "GET", URL + path, headers={"Accept": "application/json"})
        if response.status_int == 404:
            return {}
        stack = response.json["stack"]
        if not stack["stack_status"].endswith("IN_PROGRESS"):
            return stack
        assert time.monotonic() < deadline, "%s still in progress" % path
        time.sleep(0.05)


def sent(app, method, path, status, body=None):
    response = call(app, method, URL + path, body=body)
    assert response.status_int == status, response.text
    return response


def created(app, name) -> str:
    body = {"stack_name": name, "template": PARENT, "files": {"child.yaml": json.dumps(CHILD)}}
    stack_id = sent(app, "POST", "/stacks", 201, body).json["stack"]["id"]
    path = "/stacks/%s/%s" % (name, stack_id)
    assert settled(app, path)["stack_status"] == "CREATE_COMPLETE"
    return path


def protect(app, path, enabled, status=200):
    return sent(app, "POST", path + "/actions", status, {"termination_protection": enabled})


def nested_path(app, path) -> str:
    [child] = sent(app, "GET", path + "/resources", 200).json["resources"]
    nested = next(link["href"] for link in child["links"] if link["rel"] == "nested")
    return nested.split("/v1/%s" % TENANT, 1)[1]


def test_a_protected_stack_and_its_nested_stack_are_not_deleted_until_cleared(real_app):
    path = created(real_app, "guarded")
    nested = nested_path(real_app, path)
    assert settled(real_app, path)["termination_protection"] is False

    protect(real_app, path, True)
    assert settled(real_app, path)["termination_protection"] is True
    assert settled(real_app, nested)["termination_protection"] is True

    for target in (path, nested):
        refused = sent(real_app, "DELETE", target, 409)
        error = refused.json["error"]
        assert error["type"] == "StackTerminationProtected"
        assert "termination protection is enabled on its root stack guarded" in error["message"]
    assert settled(real_app, path)["stack_status"] == "CREATE_COMPLETE"

    protect(real_app, path, False)
    sent(real_app, "DELETE", path, 204)
    assert settled(real_app, path).get("stack_status", "DELETE_COMPLETE") == "DELETE_COMPLETE"


def test_only_the_root_stack_takes_the_flag_and_only_true_or_false(real_app):
    path = created(real_app, "flagged")
    nested = nested_path(real_app, path)
    refused = protect(real_app, nested, True, status=400).json["error"]
    assert refused["type"] == "NotSupported"
    assert "nested stack" in refused["message"]
    assert "not yes" in protect(real_app, path, "yes", status=400).text
    assert settled(real_app, path)["termination_protection"] is False
