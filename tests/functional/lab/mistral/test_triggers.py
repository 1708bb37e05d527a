"""``OS::Zaqar::MistralTrigger`` against the lab's Zaqar and Mistral: a message posted to the
queue starts an execution of the workflow, made by Zaqar with the trust the stack's user
gave it, with the message in the execution's environment."""

import time
import uuid

from tests.functional.lab.mistral.helpers import found


def executions_of(mistral, workflow: str, timeout: float = 60) -> list[dict]:
    """The workflow's executions once there is one that has ended."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        executions = found(mistral, "/executions?workflow_name=%s" % workflow)["executions"]
        if any(execution["state"] != "RUNNING" for execution in executions):
            return executions
        time.sleep(0.5)
    raise AssertionError("no execution of %s ended in time" % workflow)


def test_a_message_on_the_queue_runs_the_workflow(demo_stacks, demo_cloud, demo_mistral):
    queue = "trigger-%s" % uuid.uuid4().hex[:8]
    workflow = {
        "type": "OS::Mistral::Workflow",
        "properties": {
            "type": "direct",
            "input": {"who": "nobody"},
            "tasks": [{"name": "noop", "action": "std.noop"}],
        },
    }
    trigger = {
        "type": "OS::Zaqar::MistralTrigger",
        "properties": {
            "queue_name": queue,
            "workflow_id": {"get_resource": "wf"},
            "input": {"who": "the queue"},
        },
    }
    template = {
        "heat_template_version": "2021-04-16",
        "resources": {"wf": workflow, "trigger": trigger},
    }
    identity = demo_stacks.create(template)
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    name = demo_stacks.resource(identity, "wf")["physical_resource_id"]
    posted = demo_cloud.message.post(
        "/queues/%s/messages" % queue,
        json={"messages": [{"body": {"disk": "full"}, "ttl": 300}]},
        headers={"Client-ID": str(uuid.uuid4())},
    )
    assert posted.status_code == 201, posted.text
    (execution,) = executions_of(demo_mistral, name)
    assert execution["state"] == "SUCCESS", execution
    assert '"who": "the queue"' in execution["input"]
    assert "full" in execution["params"]
    demo_stacks.delete(identity)
