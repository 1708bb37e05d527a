"""``OS::Mistral::Workflow`` and ``OS::Mistral::ExternalResource`` against the lab's Mistral:
an update changes the workflow Mistral runs, a workflow that fails fails the resource with
Mistral's reason, and a workflow name Mistral does not know is refused before anything is
made."""

import uuid

import pytest

from heat.common import exception
from tests.functional.lab.mistral.helpers import executions_once_ended, found


def echo(output: str) -> dict:
    """A workflow whose output ``said`` is ``output``."""
    return {
        "type": "OS::Mistral::Workflow",
        "properties": {
            "type": "direct",
            "output": {"said": "<% $.said %>"},
            "tasks": [
                {
                    "name": "say",
                    "action": "std.echo",
                    "input": {"output": output},
                    "publish": {"said": "<% task().result %>"},
                }
            ],
        },
    }


def template(resources: dict) -> dict:
    return {"heat_template_version": "2021-04-16", "resources": resources}


def test_an_updated_workflow_runs_its_new_tasks(demo_stacks, demo_mistral):
    identity = demo_stacks.create(template({"wf": echo("first")}))
    name = demo_stacks.resource(identity, "wf")["physical_resource_id"]
    demo_stacks.update(identity, template({"wf": echo("second")}))
    assert demo_stacks.state(identity)[:2] == ("UPDATE", "COMPLETE")
    assert demo_stacks.resource(identity, "wf")["physical_resource_id"] == name
    assert "second" in found(demo_mistral, "/workflows/%s" % name)["definition"]
    demo_stacks.engine.resource_signal(demo_stacks.context, identity, "wf", None, sync_call=True)
    (execution,) = executions_once_ended(demo_stacks, identity, "wf", 1)
    assert execution["output"] == {"said": "second"}


def test_an_external_resource_whose_workflow_fails_is_create_failed(demo_stacks):
    failing = {
        "type": "OS::Mistral::Workflow",
        "properties": {
            "type": "direct",
            "tasks": [{"name": "fail", "action": "std.fail", "input": {"error_data": "no disk"}}],
        },
    }
    resources = {
        "failing": failing,
        "thing": {
            "type": "OS::Mistral::ExternalResource",
            "properties": {"actions": {"CREATE": {"workflow": {"get_resource": "failing"}}}},
        },
    }
    identity = demo_stacks.create(template(resources))
    assert demo_stacks.state(identity)[:2] == ("CREATE", "FAILED")
    shown = demo_stacks.resource(identity, "thing")
    assert shown["resource_status"] == "FAILED"
    assert "no disk" in shown["resource_status_reason"], shown["resource_status_reason"]


def test_a_cron_trigger_of_a_workflow_mistral_does_not_know_is_refused(demo_stacks):
    trigger = {
        "type": "OS::Mistral::CronTrigger",
        "properties": {"pattern": "0 2 * * *", "workflow": {"name": "no-%s" % uuid.uuid4().hex}},
    }
    with pytest.raises(exception.StackValidationFailed, match="could not be found"):
        demo_stacks.create(template({"trigger": trigger}))
