"""Nested templates missing from ``files`` or not a mapping are refused as Heat 27 does.

The cases are in ``upstream/nested_templates.yaml``; OpenStack Heat 27.0.1's answers to
each of them on validate, preview, create and update were recorded in
``upstream/nested_templates.json`` by ``tools/upstream/template_answers.py``. Ours must have
the same status, error type and message.
"""

import json
import pathlib
import time

import pytest
import yaml

from tests.unit.api.conftest import TENANT, call

UPSTREAM = pathlib.Path(__file__).parent / "upstream"
CASES = yaml.safe_load((UPSTREAM / "nested_templates.yaml").read_text())
ANSWERS = json.loads((UPSTREAM / "nested_templates.json").read_text())
OPERATIONS = ("validate", "preview", "create", "update")
URL = "/v1/%s" % TENANT
EMPTY_STACK = {
    "heat_template_version": "2021-04-16",
    "resources": {"none": {"type": "OS::Heat::None"}},
}


def answer_of(response) -> dict:
    answer: dict = {"status": response.status_int}
    if response.status_int >= 400:
        error = response.json["error"]
        answer["error"] = {"type": error["type"], "message": error.get("message")}
    return answer


def created_stack(app, name) -> str:
    """The path of a new stack of one OS::Heat::None, once it is no longer in progress."""
    body = {"stack_name": name, "template": EMPTY_STACK}
    created = call(app, "POST", URL + "/stacks", body=body)
    path = "/stacks/%s/%s" % (name, created.json["stack"]["id"])
    deadline = time.monotonic() + 10
    while call(app, "GET", URL + path).json["stack"]["stack_status"].endswith("IN_PROGRESS"):
        assert time.monotonic() < deadline, "stack %s still in progress" % name
        time.sleep(0.05)
    return path


def send(app, name, operation) -> dict:
    case = CASES[name]
    body = {key: case[key] for key in ("template", "files", "environment") if key in case}
    if operation == "validate":
        return answer_of(call(app, "POST", URL + "/validate", body=body))
    if operation == "update":
        return answer_of(call(app, "PUT", URL + created_stack(app, name + "-u"), body=body))
    path = "/stacks/preview" if operation == "preview" else "/stacks"
    return answer_of(call(app, "POST", URL + path, body=dict(body, stack_name=name)))


@pytest.mark.parametrize("operation", OPERATIONS)
@pytest.mark.parametrize("name", sorted(CASES))
def test_answer_matches_openstack_heat(real_app, name, operation):
    assert send(real_app, name, operation) == ANSWERS[name][operation]
