"""ZAQAR_SIGNAL against the lab's Zaqar: a native wait condition handle hands out its
stack user's credentials and a queue of its project; a server (played here with those
credentials alone) posts its signal there and the wait condition completes; the queue
goes with the handle."""

import json
import time
import uuid

import openstack
import pytest
from openstack import exceptions as sdk_exceptions

TEMPLATE = {
    "heat_template_version": "2021-04-16",
    "resources": {
        "handle": {
            "type": "OS::Heat::WaitConditionHandle",
            "properties": {"signal_transport": "ZAQAR_SIGNAL"},
        },
        "wait": {
            "type": "OS::Heat::WaitCondition",
            "properties": {"handle": {"get_resource": "handle"}, "count": 2, "timeout": 120},
        },
    },
    "outputs": {"data": {"value": {"get_attr": ["wait", "data"]}}},
}


def server_connection(lab, signal: dict):
    """What a server holding only the handle's signal details connects with."""
    return openstack.connect(
        auth_url=signal["auth_url"],
        user_id=signal["user_id"],
        password=signal["password"],
        project_id=signal["project_id"],
        region_name=lab.region,
        load_yaml_config=False,
        load_envvars=False,
    )


def post(connection, queue: str, body) -> None:
    answer = connection.message.post(
        "/queues/%s/messages" % queue,
        json={"messages": [{"body": body, "ttl": 300}]},
        headers={"Client-ID": str(uuid.uuid4())},
    )
    assert answer.status_code == 201, answer.text


def test_a_handle_is_signalled_through_its_zaqar_queue(demo_stacks, admin_cloud, lab):
    identity = demo_stacks.start_create(TEMPLATE)
    try:
        signal = json.loads(demo_stacks.attributes_once_made(identity, "handle")["signal"])
        assert signal["project_id"] != demo_stacks.context.project_id  # the stack user's
        server = server_connection(lab, signal)
        post(server, signal["queue_id"], {"status": "SUCCESS", "data": "first"})
        post(server, signal["queue_id"], {"status": "SUCCESS", "id": "b", "data": {"x": 1}})
        assert demo_stacks.wait(identity)[:2] == ("CREATE", "COMPLETE")
        assert json.loads(demo_stacks.outputs(identity)["data"]) == {"1": "first", "b": {"x": 1}}
    finally:
        demo_stacks.delete(identity)
    with pytest.raises(sdk_exceptions.NotFoundException):  # its user went with the handle
        admin_cloud.identity.get_user(signal["user_id"])


DEPLOYMENT_TEMPLATE = {
    "heat_template_version": "2021-04-16",
    "resources": {
        "config": {
            "type": "OS::Heat::SoftwareConfig",
            "properties": {
                "group": "script",
                "config": "echo hi",
                "outputs": [{"name": "result"}],
            },
        },
        "deployment": {
            "type": "OS::Heat::SoftwareDeployment",
            "properties": {
                "config": {"get_resource": "config"},
                "server": "a-server-heat-did-not-make",
                "signal_transport": "ZAQAR_SIGNAL",
            },
        },
    },
    "outputs": {
        "result": {"value": {"get_attr": ["deployment", "result"]}},
        "stdout": {"value": {"get_attr": ["deployment", "deploy_stdout"]}},
    },
}


def deploy_inputs(stacks, identity, timeout: float = 30.0) -> dict:
    """The ``deploy_*`` inputs of the deployment's derived config, once it is deployed."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = stacks.engine.describe_stack_resource(stacks.context, identity, "deployment", [])
        if found["physical_resource_id"]:
            deployment = stacks.engine.show_software_deployment(
                stacks.context, found["physical_resource_id"]
            )
            config = stacks.engine.show_software_config(stacks.context, deployment["config_id"])
            return {item["name"]: item["value"] for item in config["inputs"]}
        time.sleep(0.2)
    raise AssertionError("the deployment was not deployed in time")


def test_a_deployment_is_signalled_through_its_zaqar_queue(demo_stacks, lab):
    """heat-config-notify's part (which posts through Zaqar's API v1.1, gone from Zaqar 23)
    played through API v2 with what the deployment's inputs give."""
    identity = demo_stacks.start_create(DEPLOYMENT_TEMPLATE)
    try:
        inputs = deploy_inputs(demo_stacks, identity)
        assert inputs["deploy_signal_transport"] == "ZAQAR_SIGNAL"
        signal = {
            "auth_url": inputs["deploy_auth_url"],
            "user_id": inputs["deploy_user_id"],
            "password": inputs["deploy_password"],
            "project_id": inputs["deploy_project_id"],
        }
        outputs = {"result": "done", "deploy_stdout": "hi\n", "deploy_status_code": 0}
        post(server_connection(lab, signal), inputs["deploy_queue_id"], outputs)
        assert demo_stacks.wait(identity)[:2] == ("CREATE", "COMPLETE")
        assert demo_stacks.outputs(identity) == {"result": "done", "stdout": "hi\n"}
    finally:
        demo_stacks.delete(identity)
