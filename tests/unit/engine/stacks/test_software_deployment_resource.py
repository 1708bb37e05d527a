"""OS::Heat::SoftwareDeployment in the engine: derived configs, the server's metadata,
updates, replacement and deletion (NO_SIGNAL, which needs no Keystone)."""

import pytest

from heat.common import exception
from tests.unit.engine.stacks.conftest import create, hot, wait_for

CONFIG = {
    "type": "OS::Heat::SoftwareConfig",
    "properties": {
        "group": "script",
        "config": "#!/bin/sh\necho $foo",
        "inputs": [{"name": "foo", "default": "d"}, {"name": "pinned", "replace_on_change": True}],
        "outputs": [{"name": "result"}],
    },
}


def template(inputs=None, actions=None, transport="NO_SIGNAL"):
    props = {
        "config": {"get_resource": "config"},
        "server": {"get_resource": "server"},
        "signal_transport": transport,
        "input_values": inputs or {},
    }
    if actions is not None:
        props["actions"] = actions
    return hot(
        {
            "server": {"type": "Test::Thing"},
            "config": CONFIG,
            "deployment": {"type": "OS::Heat::SoftwareDeployment", "properties": props},
        },
        outputs={"result": {"value": {"get_attr": ["deployment", "result"]}}},
    )


def update(engine, context, identity, new):
    engine.update_stack(context, identity, new, {}, {}, {})
    return wait_for(engine, context, identity)


def server_deployments(engine, context, identity):
    return engine.describe_stack_resource(context, identity, "server")["metadata"]["deployments"]


def derived_inputs(engine, context, identity):
    (config,) = server_deployments(engine, context, identity)
    return {item["name"]: item.get("value") for item in config["inputs"]}


def deployment(engine, context, identity):
    physical = engine.describe_stack_resource(context, identity, "deployment")
    return engine.show_software_deployment(context, physical["physical_resource_id"])


def test_creating_deploys_a_derived_config_to_the_server(engine, context):
    identity, stack = create(engine, context, template({"pinned": "p", "extra": "e"}))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    server_id = engine.describe_stack_resource(context, identity, "server")["physical_resource_id"]
    inputs = derived_inputs(engine, context, identity)
    assert inputs == {
        "foo": "d",
        "pinned": "p",
        "extra": "e",
        "deploy_server_id": server_id,
        "deploy_action": "CREATE",
        "deploy_stack_id": "web/%s" % identity["stack_id"],
        "deploy_resource_name": "deployment",
        "deploy_signal_transport": "NO_SIGNAL",
    }
    shown = deployment(engine, context, identity)
    assert (shown["action"], shown["status"]) == ("CREATE", "COMPLETE")
    assert shown["status_reason"] == "Not waiting for outputs signal"
    assert shown["server_id"] == server_id
    assert stack["outputs"][0].get("output_value") is None


def test_an_update_deploys_a_new_derived_config(engine, context):
    identity, _stack = create(engine, context, template({"foo": "1"}))
    before = deployment(engine, context, identity)
    stack = update(engine, context, identity, template({"foo": "2"}))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    after = deployment(engine, context, identity)
    assert after["id"] == before["id"]
    assert after["action"] == "UPDATE"
    assert derived_inputs(engine, context, identity)["foo"] == "2"
    with pytest.raises(exception.NotFound):
        engine.show_software_config(context, before["config_id"])


def test_a_new_value_of_a_replace_on_change_input_replaces_it(engine, context):
    identity, _stack = create(engine, context, template({"pinned": "1"}))
    before = deployment(engine, context, identity)
    update(engine, context, identity, template({"pinned": "2"}))
    after = deployment(engine, context, identity)
    assert after["id"] != before["id"]
    assert len(server_deployments(engine, context, identity)) == 1


def test_actions_left_out_are_not_deployed(engine, context):
    identity, _stack = create(engine, context, template({"foo": "1"}, actions=["CREATE"]))
    update(engine, context, identity, template({"foo": "2"}, actions=["CREATE"]))
    assert deployment(engine, context, identity)["action"] == "CREATE"
    assert derived_inputs(engine, context, identity)["foo"] == "1"


def test_deleting_removes_the_deployment_and_its_config(engine, context):
    identity, _stack = create(engine, context, template())
    shown = deployment(engine, context, identity)
    update(engine, context, identity, hot({"server": {"type": "Test::Thing"}, "config": CONFIG}))
    assert server_deployments(engine, context, identity) == []
    with pytest.raises(exception.NotFound):
        engine.show_software_deployment(context, shown["id"])
    with pytest.raises(exception.NotFound):
        engine.show_software_config(context, shown["config_id"])


def test_signal_transports_without_a_client_are_refused(engine, context):
    with pytest.raises(exception.ResourceTypeUnavailable, match="zaqar"):
        engine.create_stack(context, "web", template(transport="ZAQAR_SIGNAL"), {}, {}, {})


def test_signalling_transports_need_keystone(engine, context):
    with pytest.raises(exception.ResourceTypeUnavailable, match="keystone"):
        engine.create_stack(context, "web", template(transport="CFN_SIGNAL"), {}, {}, {})


def test_suspend_and_resume_deploy_when_the_actions_say_so(engine, context):
    actions = ["CREATE", "SUSPEND", "RESUME"]
    identity, _stack = create(engine, context, template(actions=actions))
    engine.stack_suspend(context, identity)
    assert wait_for(engine, context, identity)["stack_action"] == "SUSPEND"
    assert deployment(engine, context, identity)["action"] == "SUSPEND"
    assert derived_inputs(engine, context, identity)["deploy_action"] == "SUSPEND"
    engine.stack_resume(context, identity)
    assert wait_for(engine, context, identity)["stack_status"] == "COMPLETE"
    assert deployment(engine, context, identity)["action"] == "RESUME"
