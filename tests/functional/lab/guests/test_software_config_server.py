"""An OS::Nova::Server of the lab with SOFTWARE_CONFIG user data, played by a guest whose
real agents (os-collect-config, os-refresh-config, os-apply-config, heat-config) deploy a
script and signal its outputs back, over the CFN and the native transports, with the
metadata taken off a Zaqar queue, and with the metadata polled from, and the outputs
signalled to, Swift temporary URLs."""

import time

import pytest
import requests

TRANSPORTS = [
    ("POLL_SERVER_CFN", "CFN_SIGNAL", "cfn"),
    ("POLL_SERVER_HEAT", "HEAT_SIGNAL", "heat"),
    # heat-agents 13's heat-config-notify posts ZAQAR_SIGNAL through Zaqar's API v1.1,
    # which Zaqar 23 no longer serves (404): tests/functional/lab/zaqar/test_signals.py
    # plays its part through API v2 instead.
    ("ZAQAR_MESSAGE", "HEAT_SIGNAL", "zaqar"),
]


def server_parameters(lab_names, transport: str, signal_transport: str, greeting: str) -> dict:
    """The parameters of software_server.yaml."""
    return {
        "image": lab_names["image"],
        "flavor": lab_names["flavor"],
        "transport": transport,
        "signal_transport": signal_transport,
        "greeting": greeting,
    }


def deployed(guest) -> None:
    """Poll until the guest's agents have run a deployment and notified heat of it."""
    for _attempt in range(30):
        ran = guest.poll()
        assert ran.returncode == 0, ran.stderr[-3000:]
        if any((guest.root / "deployed").glob("*.notify.json")):
            return
        time.sleep(1)
    raise AssertionError("the guest's agents never deployed anything: " + ran.stderr[-3000:])


@pytest.mark.parametrize(("transport", "signal_transport", "collector"), TRANSPORTS)
def test_a_deployment_completes_through_the_agents_of_a_played_server(
    guest_stacks, play, lab_names, transport, signal_transport, collector
):
    parameters = server_parameters(lab_names, transport, signal_transport, "bonjour")
    stack = guest_stacks.create("software_server.yaml", parameters)
    guest_stacks.wait_for_resource(stack, "deployment", "CREATE_IN_PROGRESS", timeout=120)
    server_id = guest_stacks.resource(stack, "server")["physical_resource_id"]
    guest = play(server_id)
    collect_config = guest.metadata()["os-collect-config"]
    assert collect_config["collectors"] == [collector, "local"]
    # heat's boot files did their part: the metadata reached heat-cfntools' directory.
    assert "cfn-init-data" in guest.path("/var/log/part-handler.log").read_text()
    deployed(guest)
    guest_stacks.wait_for(stack, "CREATE_COMPLETE", timeout=120)
    outputs = guest_stacks.outputs(stack)
    assert outputs["stdout"] == "bonjour from deployment\n"
    assert outputs["result"] == "bonjour, world"
    assert outputs["status_code"] == 0


def test_a_new_input_redeploys_the_config_on_the_played_server(guest_stacks, play, lab_names):
    parameters = server_parameters(lab_names, "POLL_SERVER_HEAT", "HEAT_SIGNAL", "hello")
    stack = guest_stacks.create("software_server.yaml", parameters)
    guest_stacks.wait_for_resource(stack, "deployment", "CREATE_IN_PROGRESS", timeout=120)
    guest = play(guest_stacks.resource(stack, "server")["physical_resource_id"])
    deployed(guest)
    guest_stacks.wait_for(stack, "CREATE_COMPLETE", timeout=120)
    server = guest_stacks.resource(stack, "server")["physical_resource_id"]

    guest_stacks.update(stack, "software_server.yaml", dict(parameters, greeting="hola"))
    for _attempt in range(60):
        ran = guest.poll()
        assert ran.returncode == 0, ran.stderr[-3000:]
        if guest_stacks.show(stack)["stack_status"] != "UPDATE_IN_PROGRESS":
            break
        time.sleep(1)
    guest_stacks.wait_for(stack, "UPDATE_COMPLETE", timeout=10)
    outputs = guest_stacks.outputs(stack)
    assert outputs["result"] == "hola, world"
    assert outputs["stdout"] == "hola from deployment\n"
    # The same server took the new input: only the deployment changed.
    assert guest_stacks.resource(stack, "server")["physical_resource_id"] == server


def test_through_swift_alone_a_server_polls_a_temp_url_and_signals_to_another(
    guest_stacks, play, lab_names, demo_cloud
):
    parameters = server_parameters(lab_names, "POLL_TEMP_URL", "TEMP_URL_SIGNAL", "hej")
    stack = guest_stacks.create("software_server.yaml", parameters)
    guest_stacks.wait_for_resource(stack, "deployment", "CREATE_IN_PROGRESS", timeout=120)
    server_id = guest_stacks.resource(stack, "server")["physical_resource_id"]
    guest = play(server_id)
    collect_config = guest.metadata()["os-collect-config"]
    assert collect_config["collectors"] == ["request", "local"]
    # No token: the temporary URL is the credential, and it reads the deployments heat wrote
    # (polled, as the agent polls: the deployment is IN_PROGRESS just before it is there).
    deadline = time.monotonic() + 30
    while True:
        polled = requests.get(collect_config["request"]["metadata_url"], timeout=10)
        assert polled.status_code == 200
        if polled.json()["deployments"] or time.monotonic() > deadline:
            break
        time.sleep(0.5)
    (deployment,) = polled.json()["deployments"]
    inputs = {item["name"]: item["value"] for item in deployment["inputs"]}
    assert inputs["deploy_signal_verb"] == "PUT"
    assert "temp_url_sig=" in inputs["deploy_signal_id"]
    deployed(guest)
    guest_stacks.wait_for(stack, "CREATE_COMPLETE", timeout=120)
    outputs = guest_stacks.outputs(stack)
    assert outputs["result"] == "hej, world"
    assert outputs["stdout"] == "hej from deployment\n"

    def containers() -> list[str]:
        return [item.name for item in demo_cloud.object_store.containers(prefix=stack.name)]

    # The server's metadata and the deployment's signal each have a container.
    assert len(containers()) == 2
    guest_stacks.delete(stack)
    assert containers() == []
