"""StructuredDeployment's input substitution and the deployment groups (NO_SIGNAL)."""

import pytest

from heat.common import exception
from heat.engine.resources.openstack.heat.structured_deployment import substitute
from tests.unit.engine.stacks.conftest import create, hot, wait_for

SERVERS = {name: {"type": "Test::Thing"} for name in ("s1", "s2", "s3")}
SCRIPT = {"type": "OS::Heat::SoftwareConfig", "properties": {"group": "script", "config": "x"}}


def group_template(servers=("s1", "s2", "s3"), value="1", policy=None, group_type=None):
    group = {
        "type": group_type or "OS::Heat::SoftwareDeploymentGroup",
        "properties": {
            "config": {"get_resource": "config"},
            "servers": {name: {"get_resource": name} for name in servers},
            "input_values": {"value": value},
            "signal_transport": "NO_SIGNAL",
        },
    }
    if policy:
        group["update_policy"] = policy
    return hot(
        {**SERVERS, "config": SCRIPT, "group": group},
        outputs={
            "stdouts": {"value": {"get_attr": ["group", "deploy_stdouts"]}},
            "codes": {"value": {"get_attr": ["group", "deploy_status_codes"]}},
        },
    )


def output(stack, key):
    found = {item["output_key"]: item for item in stack["outputs"]}[key]
    return found["output_error"] if "output_error" in found else found["output_value"]


def deployments(engine, context):
    """``{server id: value input}`` of every deployment of the project."""
    found = engine.list_software_deployments(context)
    return {item["server_id"]: item["input_values"]["value"] for item in found}


def nested_updates(engine, context, identity):
    nested = engine.describe_stack_resource(context, identity, "group")["nested_stack_id"]
    return sum(
        1
        for event in engine.list_events(context, nested)
        if event["resource_name"] == nested["stack_name"]
        and (event["resource_action"], event["resource_status"]) == ("UPDATE", "COMPLETE")
    )


def test_a_group_deploys_to_every_server_under_its_name(engine, context):
    identity, stack = create(engine, context, group_template())
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    nested = engine.describe_stack_resource(context, identity, "group")["nested_stack_id"]
    members = engine.list_stack_resources(context, nested)
    assert sorted(item["resource_name"] for item in members) == ["s1", "s2", "s3"]
    assert {item["resource_type"] for item in members} == {"OS::Heat::SoftwareDeployment"}
    assert len(deployments(engine, context)) == 3
    assert output(stack, "stdouts") == {"s1": None, "s2": None, "s3": None}


def test_a_rolling_update_reaches_the_members_in_batches(engine, context):
    identity, _stack = create(engine, context, group_template())
    policy = {"rolling_update": {"max_batch_size": 1}}
    engine.update_stack(context, identity, group_template(value="2", policy=policy), {}, {}, {})
    stack = wait_for(engine, context, identity)
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert set(deployments(engine, context).values()) == {"2"}
    assert nested_updates(engine, context, identity) == 3


def test_a_server_left_out_loses_its_deployment(engine, context):
    identity, _stack = create(engine, context, group_template())
    engine.update_stack(context, identity, group_template(servers=("s1", "s3")), {}, {}, {})
    assert wait_for(engine, context, identity)["stack_status"] == "COMPLETE"
    nested = engine.describe_stack_resource(context, identity, "group")["nested_stack_id"]
    members = engine.list_stack_resources(context, nested)
    assert sorted(item["resource_name"] for item in members) == ["s1", "s3"]
    assert len(deployments(engine, context)) == 2


def test_batch_create_creates_the_members_in_batches(engine, context):
    policy = {"batch_create": {"max_batch_size": 2}}
    identity, stack = create(engine, context, group_template(policy=policy))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert len(deployments(engine, context)) == 3
    assert nested_updates(engine, context, identity) == 2


def test_a_structured_deployment_substitutes_its_inputs(engine, context):
    config = {
        "type": "OS::Heat::StructuredConfig",
        "properties": {"config": {"files": [{"content": {"get_input": "value"}}], "keep": 1}},
    }
    deployment = {
        "type": "OS::Heat::StructuredDeployment",
        "properties": {
            "config": {"get_resource": "config"},
            "server": {"get_resource": "s1"},
            "input_values": {"value": "v"},
            "signal_transport": "NO_SIGNAL",
        },
    }
    identity, stack = create(
        engine, context, hot({"s1": {"type": "Test::Thing"}, "config": config, "d": deployment})
    )
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    metadata = engine.describe_stack_resource(context, identity, "s1")["metadata"]
    (derived,) = metadata["deployments"]
    assert derived["config"] == {"files": [{"content": "v"}], "keep": 1}


def test_substitution_keys_and_strictness():
    snippet = {"a": {"get_input": "x"}, "b": [{"other": "y"}], "c": {"get_input": "x", "k": 1}}
    assert substitute(snippet, {"x": 1}, "get_input", strict=False) == {
        "a": 1,
        "b": [{"other": "y"}],
        "c": {"get_input": "x", "k": 1},
    }
    assert substitute({"a": {"get_input": "z"}}, {}, "get_input", strict=False) == {"a": None}
    with pytest.raises(exception.UserParameterMissing, match="z"):
        substitute({"a": {"get_input": "z"}}, {}, "get_input", strict=True)
