"""Software deployments to a DeployedServer, end to end on the split deployment.

The test plays the server's agents by the protocols they speak: it reads the server's
metadata the way os-collect-config does (DescribeStackResource signed with the server's
keypair, or the native API with the server's password) and signals the outcome the way
heat-config-notify does (a POST to the pre-signed URL, or a native signal with the
deployment user's token).
"""

import functools
import json
import time

import requests

from tests.functional.aws import cfn, native


def deployment_inputs(read_metadata, action: str = "CREATE") -> dict:
    """The inputs (name: value) of the one deployment in a server's metadata once it is
    there for ``action``, polled as the agents poll: a deployment is IN_PROGRESS a moment
    before the server's metadata holds it."""
    deadline = time.monotonic() + 30
    while True:
        deployments = read_metadata()["deployments"]
        if deployments:
            (config,) = deployments
            inputs = {item["name"]: item.get("value") for item in config["inputs"]}
            if inputs["deploy_action"] == action:
                return inputs
        assert time.monotonic() < deadline, "no %s deployment in %s" % (action, deployments)
        time.sleep(0.5)


def cfn_metadata(aws_heat, occ: dict) -> dict:
    """The server's metadata as the cfn collector reads it."""
    settings = occ["cfn"]
    assert settings["metadata_url"] == aws_heat.cfn_url + "/v1/"
    client = cfn.client(
        aws_heat.cfn_url + "/v1", settings["access_key_id"], settings["secret_access_key"]
    )
    resource_name = settings["path"].split(".")[0]
    described = client.describe_stack_resource(
        StackName=settings["stack_name"], LogicalResourceId=resource_name
    )
    return json.loads(described["StackResourceDetail"]["Metadata"])


def test_a_cfn_polled_deployment_completes_with_the_signalled_outputs(aws_heat, software_stacks):
    stack = software_stacks.create("deployment.yaml", {"greeting": "bonjour"})
    occ = software_stacks.attribute(stack, "server", "os_collect_config")
    assert occ["collectors"] == ["cfn", "local"]
    software_stacks.wait_for_resource(stack, "deployment", "CREATE_IN_PROGRESS")
    inputs = deployment_inputs(functools.partial(cfn_metadata, aws_heat, occ))
    assert inputs["greeting"] == "bonjour"
    assert inputs["deploy_action"] == "CREATE"
    assert inputs["deploy_signal_verb"] == "POST"
    outputs = {"deploy_stdout": "bonjour", "deploy_stderr": "", "deploy_status_code": 0}
    answer = requests.post(inputs["deploy_signal_id"], json={**outputs, "result": "r"}, timeout=30)
    assert answer.status_code == 200, answer.text
    shown = software_stacks.wait_for(stack, "CREATE_COMPLETE")
    values = {item["output_key"]: item.get("output_value") for item in shown["outputs"]}
    assert (values["stdout"], values["status_code"], values["result"]) == ("bonjour", 0, "r")


def test_a_failing_script_fails_the_stack_with_its_stderr(aws_heat, software_stacks):
    stack = software_stacks.create("deployment.yaml")
    occ = software_stacks.attribute(stack, "server", "os_collect_config")
    software_stacks.wait_for_resource(stack, "deployment", "CREATE_IN_PROGRESS")
    inputs = deployment_inputs(functools.partial(cfn_metadata, aws_heat, occ))
    body = {"deploy_stdout": "", "deploy_stderr": "disk full\n", "deploy_status_code": 3}
    assert requests.post(inputs["deploy_signal_id"], json=body, timeout=30).status_code == 200
    shown = software_stacks.wait_for(stack, "CREATE_FAILED")
    reason = shown["stack_status_reason"]
    expected = "Deployment to server failed: deploy_status_code : Deployment exited with "
    assert expected + "non-zero status code: 3" in reason
    assert "deploy_stderr : disk full" in reason


def test_a_heat_polled_deployment_signalled_through_the_native_api(
    aws_heat, software_stacks, keystone
):
    params = {"transport": "POLL_SERVER_HEAT", "signal_transport": "HEAT_SIGNAL"}
    stack = software_stacks.create("deployment.yaml", params)
    occ = software_stacks.attribute(stack, "server", "os_collect_config")
    assert occ["collectors"] == ["heat", "local"]
    settings = occ["heat"]
    software_stacks.wait_for_resource(stack, "deployment", "CREATE_IN_PROGRESS")
    server_token = native.stack_user_token(keystone, settings)
    path = "/v1/%s/stacks/%s/resources/%s/metadata" % (
        settings["project_id"],
        settings["stack_id"],
        settings["resource_name"],
    )

    def native_metadata() -> dict:
        answer = requests.get(
            aws_heat.native_url + path, headers={"X-Auth-Token": server_token}, timeout=30
        )
        assert answer.status_code == 200, answer.text
        return answer.json()["metadata"]

    inputs = deployment_inputs(native_metadata)
    deploy_user = {
        "auth_url": inputs["deploy_auth_url"],
        "user_id": inputs["deploy_user_id"],
        "password": inputs["deploy_password"],
        "project_id": inputs["deploy_project_id"],
    }
    token = native.stack_user_token(keystone, deploy_user)
    signal_url = "%s/v1/%s/stacks/%s/resources/deployment/signal" % (
        aws_heat.native_url,
        inputs["deploy_project_id"],
        inputs["deploy_stack_id"],
    )
    answer = native.signal_with_token(signal_url, token, {"deploy_stdout": "native"})
    assert answer.status_code == 200, answer.text
    shown = software_stacks.wait_for(stack, "CREATE_COMPLETE")
    values = {item["output_key"]: item.get("output_value") for item in shown["outputs"]}
    assert values["stdout"] == "native"


def test_a_delete_action_deploys_before_the_deployment_goes(aws_heat, software_stacks):
    stack = software_stacks.create("deployment.yaml", {"actions": "CREATE,DELETE"})
    occ = software_stacks.attribute(stack, "server", "os_collect_config")
    software_stacks.wait_for_resource(stack, "deployment", "CREATE_IN_PROGRESS")
    inputs = deployment_inputs(functools.partial(cfn_metadata, aws_heat, occ))
    assert requests.post(inputs["deploy_signal_id"], json={}, timeout=30).status_code == 200
    software_stacks.wait_for(stack, "CREATE_COMPLETE")
    software_stacks.call("DELETE", stack.path)
    software_stacks.wait_for_resource(stack, "deployment", "DELETE_IN_PROGRESS")
    inputs = deployment_inputs(functools.partial(cfn_metadata, aws_heat, occ), "DELETE")
    answer = requests.post(inputs["deploy_signal_id"], json={"deploy_stdout": "bye"}, timeout=30)
    assert answer.status_code == 200, answer.text
    software_stacks.wait_until_deleted(stack)


def test_new_template_metadata_keeps_the_deployments_and_the_polling_settings(software_stacks):
    stack = software_stacks.create("labelled_server.yaml")
    software_stacks.wait_for(stack, "CREATE_COMPLETE")
    before = software_stacks._json("GET", stack.path + "/resources/server/metadata")["metadata"]
    software_stacks.update(stack, "labelled_server_relabelled.yaml")
    software_stacks.wait_for(stack, "UPDATE_COMPLETE")
    after = software_stacks._json("GET", stack.path + "/resources/server/metadata")["metadata"]
    assert after["role"] == "web"
    assert len(after["deployments"]) == 1
    assert after["deployments"] == before["deployments"]
    assert after["os-collect-config"] == before["os-collect-config"]


def test_cancelling_the_create_leaves_the_deployment_waiting_for_its_server(
    aws_heat, software_stacks
):
    """As on upstream's convergence engine: a cancel stops the traversal, not the steps
    running, and the deployment goes on waiting for its server (a delete stops it)."""
    stack = software_stacks.create("deployment.yaml")
    occ = software_stacks.attribute(stack, "server", "os_collect_config")
    software_stacks.wait_for_resource(stack, "deployment", "CREATE_IN_PROGRESS")
    # The server has it: heat waits for it.
    deployment_inputs(functools.partial(cfn_metadata, aws_heat, occ))
    answer = software_stacks.call(
        "POST", stack.path + "/actions", json={"cancel_without_rollback": None}
    )
    assert answer.status_code == 200, answer.text
    shown = software_stacks.wait_for(stack, "CREATE_FAILED")
    assert shown["stack_status_reason"] == "Stack CREATE cancelled"
    time.sleep(3)  # longer than a running step takes to see its traversal superseded
    deployment = software_stacks.resource(stack, "deployment")
    assert deployment["resource_status"] == "CREATE_IN_PROGRESS"
    path = "/v1/%s/software_deployments/%s" % (
        software_stacks.user.project_id,
        deployment["physical_resource_id"],
    )
    answer = software_stacks.call("GET", path)
    assert answer.status_code == 200, answer.text
    assert answer.json()["software_deployment"]["status"] == "IN_PROGRESS"
