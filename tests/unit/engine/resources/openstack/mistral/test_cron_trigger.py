"""``OS::Mistral::CronTrigger`` against Mistral's HTTP API (the fake of fake_mistral.py)."""

import json

import pytest

from heat.common import exception
from heat.engine import stack_actions
from tests.unit.engine.resources.openstack.conftest import offline_resource

WORKFLOW_ID = "123e4567-e89b-12d3-a456-426655441111"


def create(mistral_engine, **properties):
    template = {"cron": {"type": "OS::Mistral::CronTrigger", "properties": properties}}
    stack = mistral_engine.create(template)
    assert stack.state == ("CREATE", "COMPLETE"), stack.status_reason
    return stack, stack.resources["cron"]


def test_the_trigger_names_the_workflow_its_input_and_schedule(mistral_engine, mistral):
    mistral.workflows["nightly"] = {"id": WORKFLOW_ID, "name": "nightly"}
    _stack, trigger = create(
        mistral_engine,
        name="every-night",
        pattern="0 2 * * *",
        count=3,
        workflow={"name": "nightly", "input": {"level": "full"}},
    )
    (method, path, _type, body) = mistral.mistral_requests()[-1]
    assert (method, path) == ("POST", "/v2/cron_triggers")
    assert json.loads(body.pop("workflow_input")) == {"level": "full"}
    assert body == {
        "name": "every-night",
        "workflow_name": "nightly",
        "pattern": "0 2 * * *",
        "first_execution_time": None,
        "remaining_executions": 3,
    }
    assert trigger.resource_id == "every-night"


def test_a_workflow_named_by_id_is_sent_as_its_id(mistral_engine, mistral):
    mistral.workflows[WORKFLOW_ID] = {"id": WORKFLOW_ID, "name": "nightly"}
    create(mistral_engine, first_time="2030-01-01 02:00", workflow={"name": WORKFLOW_ID})
    body = mistral.mistral_requests("POST")[-1][3]
    assert body["workflow_id"] == WORKFLOW_ID and "workflow_name" not in body
    assert "workflow_input" not in body


def test_the_attributes_are_mistrals_then_null_once_the_trigger_is_used_up(mistral_engine, mistral):
    mistral.workflows["nightly"] = {"id": WORKFLOW_ID, "name": "nightly"}
    stack, trigger = create(
        mistral_engine, pattern="0 2 * * *", count=2, workflow={"name": "nightly"}
    )
    assert trigger.FnGetAtt("next_execution_time") == "2030-01-01 00:00:00"
    assert trigger.FnGetAtt("remaining_executions") == 2
    del mistral.cron_triggers[trigger.resource_id]
    trigger.attributes.reset_resolved_values()
    assert trigger.FnGetAtt("remaining_executions") is None
    stack_actions.delete(stack)
    assert stack.state == ("DELETE", "COMPLETE"), stack.status_reason
    assert mistral.mistral_requests()[-1][:2] == (
        "DELETE",
        "/v2/cron_triggers/%s" % trigger.resource_id,
    )


def test_a_workflow_mistral_does_not_have_is_refused(mistral_engine, mistral):
    template = {
        "cron": {
            "type": "OS::Mistral::CronTrigger",
            "properties": {"pattern": "* * * * *", "workflow": {"name": "missing"}},
        }
    }
    stack = mistral_engine.stack(template)
    with pytest.raises(
        exception.StackValidationFailed, match="The Workflow .missing. could not be found"
    ):
        stack.validate()
    assert mistral.mistral_requests() == [("GET", "/v2/workflows/missing", "", None)]


def test_a_trigger_needs_a_pattern_or_a_first_time(service_engine):
    trigger = offline_resource(service_engine, "OS::Mistral::CronTrigger", workflow={"name": "w"})
    with pytest.raises(exception.PropertyUnspecifiedError) as raised:
        trigger.validate()
    assert str(raised.value) == (
        "At least one of the following properties must be specified: pattern, first_time."
    )
