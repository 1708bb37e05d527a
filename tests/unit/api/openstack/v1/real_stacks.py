"""A parent stack with one nested stack, made through the REST API and the real engine,
and the calls the tests of stack actions make on it."""

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


def nested_path(app, path) -> str:
    [child] = sent(app, "GET", path + "/resources", 200).json["resources"]
    nested = next(link["href"] for link in child["links"] if link["rel"] == "nested")
    return nested.split("/v1/%s" % TENANT, 1)[1]
