"""The rules of ``OS::Mistral::Workflow`` that need no Mistral: the DSL its properties make
and what OpenStack Heat refuses before asking Mistral."""

import pytest
import yaml

from heat.common import exception
from heat.engine.resources.openstack.mistral import workflow_definition
from tests.unit.engine.resources.openstack.conftest import offline_resource

NOOP = {"name": "first", "action": "std.noop"}


def workflow(service_engine, tasks, **properties):
    properties.setdefault("type", "direct")
    return offline_resource(service_engine, "OS::Mistral::Workflow", tasks=tasks, **properties)


def test_task_keys_and_task_defaults_are_written_with_hyphens(service_engine):
    task = dict(NOOP, on_success=["next"], wait_before=2, keep_result=False, requires=None)
    resource = workflow(service_engine, [task], task_defaults={"on_error": ["alert"], "timeout": 0})
    document = yaml.safe_load(workflow_definition.definition("w", resource.properties))
    assert document["w"]["tasks"] == {
        "first": {
            "action": "std.noop",
            "on-success": ["next"],
            "wait-before": 2,
            "keep-result": False,
        }
    }
    # As upstream, a task default with a false value is left out.
    assert document["w"]["task-defaults"] == {"on-error": ["alert"]}


def test_the_deprecated_policies_of_a_task_are_keys_of_the_task(service_engine):
    resource = workflow(service_engine, [dict(NOOP, policies={"retry": {"count": 3}})])
    document = yaml.safe_load(workflow_definition.definition("w", resource.properties))
    assert document["w"]["tasks"]["first"] == {"action": "std.noop", "retry": {"count": 3}}


def test_a_reverse_workflow_needs_its_initial_task(service_engine):
    resource = workflow(service_engine, [NOOP], type="reverse", params={})
    with pytest.raises(exception.StackValidationFailed) as raised:
        resource.validate()
    assert str(raised.value) == (
        "Mistral resource validation error: it.properties.params: 'task_name' is not "
        "assigned in 'params' in case of reverse type workflow."
    )


@pytest.mark.parametrize(
    ("task", "error", "message"),
    [
        (
            {"name": "t", "action": "a", "workflow": "w"},
            exception.ResourcePropertyConflict,
            "Cannot define the following properties at the same time: workflow, action.",
        ),
        (
            {"name": "t"},
            exception.PropertyUnspecifiedError,
            "At least one of the following properties must be specified: workflow, action.",
        ),
        (
            dict(NOOP, requires=["x"]),
            exception.StackValidationFailed,
            "Mistral resource validation error: it.properties.tasks.first.requires: task first "
            "contains property 'requires' in case of direct workflow. Only reverse workflows "
            "can contain property 'requires'.",
        ),
        (
            dict(NOOP, timeout=1, policies={"timeout": 2}),
            exception.StackValidationFailed,
            "Property policies and timeout cannot be used both at one time.",
        ),
        (
            dict(NOOP, concurrency=2),
            exception.ResourcePropertyDependency,
            "concurrency cannot be specified without with_items.",
        ),
    ],
)
def test_a_task_upstream_refuses_is_refused(service_engine, task, error, message):
    resource = workflow(service_engine, [task])
    with pytest.raises(error) as raised:
        resource.validate()
    assert str(raised.value) == message
