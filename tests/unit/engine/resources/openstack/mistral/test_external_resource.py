"""``OS::Mistral::ExternalResource`` against Mistral's HTTP API (the fake of
fake_mistral.py): the executions each action starts and waits for, and what they leave."""

import json

from heat.engine import stack_actions

ACTIONS = {
    name: {"workflow": "wf_" + name.lower()}
    for name in ("CREATE", "UPDATE", "DELETE", "SUSPEND", "RESUME")
}


def thing(**properties):
    properties.setdefault("actions", ACTIONS)
    return {"thing": {"type": "OS::Mistral::ExternalResource", "properties": properties}}


def started(mistral):
    """``(workflow, input, params)`` of each execution started, in order."""
    return [
        (body["workflow_name"], json.loads(body["input"]), json.loads(body.get("params", "{}")))
        for _method, path, _type, body in mistral.mistral_requests("POST")
        if path == "/v2/executions"
    ]


def with_workflows(mistral):
    for name in ACTIONS.values():
        mistral.workflows[name["workflow"]] = {"id": name["workflow"], "name": name["workflow"]}
    return mistral


def test_create_waits_for_the_execution_and_takes_its_resource_id(mistral_engine, mistral):
    with_workflows(mistral).running_polls = 2
    mistral.outcome = {"state": "SUCCESS", "output": {"resource_id": "thing-1", "size": 3}}
    stack = mistral_engine.create(thing(input={"size": 3}))
    assert stack.state == ("CREATE", "COMPLETE"), stack.status_reason
    resource = stack.resources["thing"]
    assert started(mistral) == [("wf_create", {"size": 3}, {})]
    assert mistral.mistral_requests("POST")[0][3]["description"] == "Heat managed"
    polls = [path for _m, path, _t, _b in mistral.mistral_requests("GET") if "/executions/" in path]
    assert len(polls) == 3
    assert resource.resource_id == "thing-1"
    assert json.loads(resource.FnGetAtt("output")) == {"resource_id": "thing-1", "size": 3}


def test_an_execution_in_error_fails_the_action_with_mistrals_reason(mistral_engine, mistral):
    with_workflows(mistral).outcome = {"state": "ERROR", "state_info": "boom: no quota"}
    stack = mistral_engine.create(thing())
    assert stack.state == ("CREATE", "FAILED")
    assert stack.resources["thing"].status_reason.endswith("resources.thing: boom: no quota")


def test_an_update_runs_its_workflow_with_the_new_input_and_the_outputs(mistral_engine, mistral):
    with_workflows(mistral).outcome = {"state": "SUCCESS", "output": {"resource_id": "thing-1"}}
    stack = mistral_engine.create(thing(input={"size": 3}))
    new = mistral_engine.update(stack, thing(input={"size": 4}))
    assert new.state == ("UPDATE", "COMPLETE"), new.status_reason
    env = {"env": {"heat_extresource_data": {"resource_id": "thing-1"}}}
    assert started(mistral)[-1] == ("wf_update", {"size": 4}, env)


def test_a_change_of_a_replacing_input_replaces_the_resource(mistral_engine, mistral):
    with_workflows(mistral)
    stack = mistral_engine.create(thing(input={"size": 3}, replace_on_change_inputs=["size"]))
    new = mistral_engine.update(stack, thing(input={"size": 4}, replace_on_change_inputs=["size"]))
    assert new.state == ("UPDATE", "COMPLETE"), new.status_reason
    assert [workflow for workflow, _input, _params in started(mistral)] == [
        "wf_create",
        "wf_create",
        "wf_delete",
    ]


def test_always_update_runs_the_update_workflow_with_nothing_changed(mistral_engine, mistral):
    with_workflows(mistral)
    stack = mistral_engine.create(thing(always_update=True))
    new = mistral_engine.update(stack, thing(always_update=True))
    assert new.state == ("UPDATE", "COMPLETE"), new.status_reason
    assert [workflow for workflow, _input, _params in started(mistral)] == [
        "wf_create",
        "wf_update",
    ]


def test_suspend_resume_and_delete_run_their_workflows(mistral_engine, mistral):
    with_workflows(mistral)
    stack = mistral_engine.create(thing())
    for action in (stack_actions.suspend, stack_actions.resume, stack_actions.delete):
        action(stack)
    assert stack.state == ("DELETE", "COMPLETE"), stack.status_reason
    assert [workflow for workflow, _input, _params in started(mistral)] == [
        "wf_create",
        "wf_suspend",
        "wf_resume",
        "wf_delete",
    ]


def test_an_action_without_a_workflow_asks_mistral_nothing(mistral_engine, mistral):
    with_workflows(mistral)
    stack = mistral_engine.create(thing(actions={"CREATE": ACTIONS["CREATE"]}))
    stack_actions.delete(stack)
    assert stack.state == ("DELETE", "COMPLETE"), stack.status_reason
    assert [workflow for workflow, _input, _params in started(mistral)] == ["wf_create"]
