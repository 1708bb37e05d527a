"""Wrong-typed body fields of every route with a body: a 400 naming the field, and the
engine never called."""

import pytest

from tests.unit.api.conftest import TENANT, call

T = "/v1/%s" % TENANT
STACK = T + "/stacks/web/5b1c"
TEMPLATE = {"heat_template_version": "2015-04-30"}
CREATE = {"stack_name": "web", "template": TEMPLATE}

CASES = [
    ("POST", T + "/stacks", dict(CREATE, template=5), "template"),
    ("POST", T + "/stacks", {"stack_name": "web", "template_url": 5}, "template_url"),
    ("POST", T + "/stacks", dict(CREATE, parameters=[1]), "parameters"),
    ("POST", T + "/stacks", dict(CREATE, environment=5), "environment"),
    ("POST", T + "/stacks", dict(CREATE, files=5), "files"),
    ("POST", T + "/stacks", dict(CREATE, files={"a.yaml": {"b": 1}}), "files"),
    ("POST", T + "/stacks", dict(CREATE, environment_files=[5]), "environment_files"),
    ("POST", T + "/stacks", dict(CREATE, files_container={}), "files_container"),
    ("POST", T + "/stacks", dict(CREATE, timeout_mins=10**23), "timeout_mins"),
    ("POST", T + "/stacks", dict(CREATE, tags=[1]), "tags"),
    ("POST", T + "/stacks", dict(CREATE, tags={"a": 1}), "tags"),
    ("POST", T + "/stacks", dict(CREATE, stack_name="a\x00b"), "stack_name"),
    ("POST", T + "/stacks/preview", dict(CREATE, parameters="x"), "parameters"),
    ("PUT", STACK, {"template": TEMPLATE, "clear_parameters": "a"}, "clear_parameters"),
    ("PATCH", STACK, {"existing": "maybe"}, "existing"),
    ("PUT", STACK + "/preview", {"template": TEMPLATE, "converge": 5}, "converge"),
    ("POST", T + "/validate", {"template": TEMPLATE, "files": [1]}, "files"),
    ("POST", STACK + "/snapshots", {"name": {"a": 1}}, "name"),
    ("POST", STACK + "/snapshots", {"name": "x" * 256}, "name"),
    (
        "PATCH",
        STACK + "/resources/r",
        {"mark_unhealthy": True, "resource_status_reason": 5},
        "resource_status_reason",
    ),
    ("POST", T + "/software_configs", {"name": {"a": 1}}, "name"),
    ("POST", T + "/software_configs", {"group": "g\x00"}, "group"),
    ("POST", T + "/software_configs", {"options": 5}, "options"),
    ("POST", T + "/software_deployments", {"config_id": 0, "server_id": "s"}, "config_id"),
    ("POST", T + "/software_deployments", {"config_id": "c"}, "server_id"),
    ("POST", T + "/stacks", dict(CREATE, timeout_mins=float("inf")), "timeout_mins"),
    ("POST", T + "/software_deployments", {"config_id": "c", "server_id": "s" * 37}, "server_id"),
    (
        "POST",
        T + "/software_deployments",
        {"config_id": "c", "server_id": "s", "input_values": 5},
        "input_values",
    ),
    ("PUT", T + "/software_deployments/d", {"output_values": [1]}, "output_values"),
    ("PUT", T + "/software_deployments/d", {"status": {"a": 1}}, "status"),
    ("PUT", T + "/software_deployments/d", {"status_reason": ["x"]}, "status_reason"),
]


@pytest.mark.parametrize(("method", "path", "body", "field"), CASES)
def test_a_wrong_typed_field_is_400_naming_it(app, engine, method, path, body, field):
    response = call(app, method, path, body)
    assert response.status_int == 400, response.text
    assert field in response.json["error"]["message"]
    assert [name for name, _, _ in engine.calls if name != "identify_stack"] == []


def test_a_stack_name_that_is_no_string_is_refused_as_openstack_heat_does(app, engine):
    response = call(app, "POST", T + "/stacks", dict(CREATE, stack_name={"a": 1}))
    assert response.status_int == 400
    assert response.json["error"]["type"] == "StackValidationFailed"
    assert response.json["error"]["message"] == "Invalid stack name {'a': 1}, must be a string"


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("x", "Only integer is acceptable by 'timeout_mins'."),
        (True, "Only integer is acceptable by 'timeout_mins'."),
        (-1, "Value '-1' is invalid for 'timeout_mins' which only accepts non-negative integer."),
    ],
)
def test_timeout_messages_are_openstack_heats(app, engine, value, message):
    response = call(app, "POST", T + "/stacks", dict(CREATE, timeout_mins=value))
    assert (response.status_int, response.json["error"]["message"]) == (400, message)


def test_well_typed_fields_reach_the_engine(app, engine):
    body = dict(CREATE, tags=["a", "b"], timeout_mins=5, files={"f": "x"}, parameters={"p": 1})
    engine.answers["create_stack"] = {"stack_name": "web", "stack_id": "1", "tenant": TENANT}
    response = call(app, "POST", T + "/stacks", body)
    assert response.status_int == 201, response.text
    _, arguments = engine.last_call("create_stack")
    assert arguments["args"]["tags"] == ["a", "b"]
    assert arguments["files"] == {"f": "x"}
