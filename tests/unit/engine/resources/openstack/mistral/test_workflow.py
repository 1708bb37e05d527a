"""``OS::Mistral::Workflow`` against Mistral's HTTP API (the fake of fake_mistral.py): the
workflow it makes, the executions its signals start, and what it deletes."""

import json
from urllib import parse

import pytest
import yaml

from heat.common import exception
from heat.engine import stack_actions

ECHO = {
    "type": "direct",
    "input": {"greeting": "hello", "who": "world"},
    "tasks": [{"name": "say", "action": "std.echo output=<% $.greeting %>"}],
}


def create(mistral_engine, **properties):
    stack = mistral_engine.create(
        {"wf": {"type": "OS::Mistral::Workflow", "properties": properties}}
    )
    assert stack.state == ("CREATE", "COMPLETE"), stack.status_reason
    return stack, stack.resources["wf"]


def test_the_workflow_is_its_definition_sent_as_text(mistral_engine, mistral):
    _stack, workflow = create(mistral_engine, name="greet", **ECHO)
    ((method, path, content_type, definition),) = mistral.mistral_requests()
    assert (method, path, content_type) == ("POST", "/v2/workflows?scope=private", "text/plain")
    assert yaml.safe_load(definition) == {
        "version": "2.0",
        "greet": {
            "type": "direct",
            "input": ["greeting", "who"],
            "tasks": {"say": {"action": "std.echo output=<% $.greeting %>"}},
        },
    }
    assert workflow.resource_id == "greet" and workflow.FnGetRefId() == "greet"


def test_a_workflow_without_a_name_is_named_after_the_resource(mistral_engine, mistral):
    stack, workflow = create(mistral_engine, **ECHO)
    assert workflow.resource_id.startswith("%s-wf-" % stack.name)
    assert workflow.resource_id in mistral.workflows


def test_a_signal_starts_an_execution_with_the_signals_input(mistral_engine, mistral):
    _stack, workflow = create(mistral_engine, name="greet", params={"env": {"k": 1}}, **ECHO)
    workflow.handle_signal({"input": {"who": "you"}, "params": {"task_name": "say"}})
    ((_method, path, _type, body),) = mistral.mistral_requests("POST")[1:]
    assert path == "/v2/executions"
    assert (body["workflow_name"], body["description"]) == ("greet", "")
    assert json.loads(body["input"]) == {"greeting": "hello", "who": "you"}
    assert json.loads(body["params"]) == {"env": {"k": 1}, "task_name": "say"}


def test_the_executions_attribute_shows_each_execution_decoded(mistral_engine, mistral):
    _stack, workflow = create(mistral_engine, name="greet", **ECHO)
    mistral.outcome = {"state": "SUCCESS", "output": {"said": "hello"}}
    workflow.handle_signal(None)
    workflow.handle_signal({"input": {"who": "you"}})
    executions = workflow.FnGetAtt("executions")
    assert [execution["state"] for execution in executions] == ["SUCCESS", "SUCCESS"]
    assert executions[0]["input"] == {"greeting": "hello", "who": "you"}
    assert executions[1]["output"] == {"said": "hello"}
    assert set(executions[0]) == {
        "id",
        "workflow_name",
        "created_at",
        "updated_at",
        "state",
        "input",
        "output",
    }


def test_with_the_body_as_input_the_whole_signal_is_the_input(mistral_engine, mistral):
    _stack, workflow = create(mistral_engine, name="greet", use_request_body_as_input=True, **ECHO)
    workflow.handle_signal({"who": "body"})
    body = mistral.mistral_requests("POST")[-1][3]
    assert json.loads(body["input"]) == {"greeting": "hello", "who": "body"}
    assert "params" not in body


@pytest.mark.parametrize(
    ("signal", "message"),
    [
        ({"input": {"unknown": 1}}, "Signal data error: Unknown input unknown"),
        ({"input": [1]}, "Signal data error: Input in signal data must be a map"),
        ({"params": "x"}, "Signal data error: Params must be a map"),
    ],
)
def test_a_signal_upstream_refuses_starts_nothing(mistral_engine, mistral, signal, message):
    _stack, workflow = create(mistral_engine, name="greet", **ECHO)
    with pytest.raises(exception.StackValidationFailed, match=message):
        workflow.handle_signal(signal)
    assert mistral.executions == {}


def test_a_signal_mistral_refuses_is_a_resource_failure(mistral_engine, mistral):
    _stack, workflow = create(mistral_engine, name="greet", **ECHO)
    del mistral.workflows["greet"]
    with pytest.raises(exception.ResourceFailure, match="NotFoundException: resources.wf:"):
        workflow.handle_signal(None)


def test_an_update_gives_mistral_the_new_definition(mistral_engine, mistral):
    stack, _workflow = create(mistral_engine, name="greet", **ECHO)
    tasks = [{"name": "nothing", "action": "std.noop"}]
    new = mistral_engine.update(
        stack,
        {
            "wf": {
                "type": "OS::Mistral::Workflow",
                "properties": dict(ECHO, name="greet", tasks=tasks),
            }
        },
    )
    assert new.state == ("UPDATE", "COMPLETE"), new.status_reason
    (method, path, _type, definition) = mistral.mistral_requests()[-1]
    assert (method, path) == ("PUT", "/v2/workflows?scope=private")
    assert yaml.safe_load(definition)["greet"]["tasks"] == {"nothing": {"action": "std.noop"}}


def test_deleting_deletes_the_executions_then_the_workflow(mistral_engine, mistral):
    stack, workflow = create(mistral_engine, name="greet", **ECHO)
    workflow.handle_signal(None)
    (execution_id,) = mistral.executions
    del mistral.workflows["greet"]  # gone already: not an error
    mistral.requests.clear()
    stack_actions.delete(stack)
    assert stack.state == ("DELETE", "COMPLETE"), stack.status_reason
    assert [request[:2] for request in mistral.mistral_requests()] == [
        ("DELETE", "/v2/executions/%s" % execution_id),
        ("DELETE", "/v2/workflows/greet"),
    ]
    assert mistral.users == {}


def test_the_alarm_url_is_a_cfn_signal_url_signed_by_the_stack_user(mistral_engine, mistral):
    _stack, workflow = create(mistral_engine, name="greet", **ECHO)
    url = parse.urlsplit(workflow.FnGetAtt("alarm_url"))
    query = parse.parse_qs(url.query)
    assert url.path.startswith("/v1/signal/")
    assert query["SignatureMethod"] == ["HmacSHA256"] and query["AWSAccessKeyId"]
    (user,) = mistral.users.values()
    assert user["default_project_id"] == "project-a"
    assert workflow.FnGetAtt("data") == {"name": "greet", "input": ECHO["input"]}
