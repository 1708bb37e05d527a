"""Software configs and deployments in the engine: visibility, signals, server metadata."""

import time

import pytest

from heat.common import exception
from heat.common.context import RequestContext
from tests.unit.engine.stacks.conftest import create, hot

OUTPUTS = [{"name": "result"}, {"name": "problem", "error_output": True}]


def config(engine, context, name="cfg", outputs=OUTPUTS):
    made = engine.create_software_config(
        context, "script", name, "#!/bin/sh", [{"name": "foo"}], outputs, {}
    )
    return made["id"]


def deployment(engine, context, config_id, server_id="server-1", project=None):
    made = engine.create_software_deployment(
        context, server_id, config_id, {"foo": "1"}, "CREATE", "IN_PROGRESS", "started", project
    )
    return made["id"]


def other_project():
    return RequestContext(project_id="project-b", user_id="user-b")


def test_configs_and_deployments_belong_to_their_project(engine, context):
    config_id = config(engine, context)
    deployment_id = deployment(engine, context, config_id)
    other = other_project()
    with pytest.raises(exception.NotFound, match="Software config with id"):
        engine.show_software_config(other, config_id)
    with pytest.raises(exception.NotFound, match="Deployment with id"):
        engine.show_software_deployment(other, deployment_id)
    assert engine.list_software_configs(other) == []
    assert engine.list_software_deployments(other) == []
    assert "project" not in engine.list_software_configs(context)[0]


def test_the_servers_stack_user_project_sees_its_deployments(engine, context):
    deployment_id = deployment(engine, context, config(engine, context), project="project-b")
    server = other_project()
    assert engine.show_software_deployment(server, deployment_id)["id"] == deployment_id
    assert [c["name"] for c in engine.metadata_software_deployments(server, "server-1")] == ["cfg"]


def test_a_successful_signal_completes_the_deployment_with_its_outputs(engine, context):
    deployment_id = deployment(engine, context, config(engine, context))
    details = {"deploy_stdout": "hi", "deploy_status_code": 0, "result": "42", "stray": "x"}
    reason = engine.signal_software_deployment(context, deployment_id, details)
    assert reason == "deployment %s succeeded" % deployment_id
    shown = engine.show_software_deployment(context, deployment_id)
    assert (shown["status"], shown["status_reason"]) == ("COMPLETE", "Outputs received")
    assert shown["output_values"] == {
        "result": "42",
        "deploy_stdout": "hi",
        "deploy_stderr": None,
        "deploy_status_code": 0,
    }
    # A deployment no longer IN_PROGRESS ignores further signals.
    assert engine.signal_software_deployment(context, deployment_id, {"result": "0"}) is None


@pytest.mark.parametrize(
    ("details", "reason"),
    [
        ({"deploy_status_code": 3}, "deploy_status_code : Deployment exited with non-zero"),
        ({"problem": "disk full"}, "problem : disk full"),
    ],
)
def test_a_failing_signal_fails_the_deployment(engine, context, details, reason):
    deployment_id = deployment(engine, context, config(engine, context))
    engine.signal_software_deployment(context, deployment_id, details)
    shown = engine.show_software_deployment(context, deployment_id)
    assert shown["status"] == "FAILED"
    assert shown["status_reason"].startswith(reason)


def test_check_waits_for_the_outcome_at_most_the_timeout(engine, context):
    deployment_id = deployment(engine, context, config(engine, context))
    started = time.monotonic()
    shown = engine.check_software_deployment(context, deployment_id, 0.6)
    assert shown["status"] == "IN_PROGRESS"
    assert time.monotonic() - started >= 0.5
    engine.signal_software_deployment(context, deployment_id, {})
    assert engine.check_software_deployment(context, deployment_id, 5)["status"] == "COMPLETE"


def test_the_servers_resource_metadata_lists_its_deployments(engine, context):
    identity, _stack = create(engine, context, hot({"server": {"type": "Test::Thing"}}))
    server_id = engine.describe_stack_resource(context, identity, "server")["physical_resource_id"]
    first = deployment(engine, context, config(engine, context, "b-second"), server_id)
    deployment(engine, context, config(engine, context, "a-first"), server_id)
    metadata = engine.describe_stack_resource(context, identity, "server")["metadata"]
    assert [item["name"] for item in metadata["deployments"]] == ["a-first", "b-second"]
    assert metadata["deployments"][0]["inputs"] == [{"name": "foo", "type": "String"}]
    engine.delete_software_deployment(context, first)
    metadata = engine.describe_stack_resource(context, identity, "server")["metadata"]
    assert [item["name"] for item in metadata["deployments"]] == ["a-first"]


def test_metadata_needs_a_server(engine, context):
    with pytest.raises(ValueError, match="server_id must be specified"):
        engine.metadata_software_deployments(context, "")
