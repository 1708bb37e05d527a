"""An OS::Nova::Server of the lab with SOFTWARE_CONFIG user data, played by a guest whose
real agents (os-collect-config, os-refresh-config, os-apply-config, heat-config) deploy a
script and signal its outputs back, over the CFN and the native transports, and with the
metadata polled from, and the outputs signalled to, Swift temporary URLs."""

import time

import pytest
import requests

TRANSPORTS = [
    ("POLL_SERVER_CFN", "CFN_SIGNAL", "cfn"),
    ("POLL_SERVER_HEAT", "HEAT_SIGNAL", "heat"),
]


def deployed(guest) -> None:
    """Poll until the guest's agents have run a deployment and notified heat of it."""
    for _attempt in range(30):
        ran = guest.poll()
        assert ran.returncode == 0, ran.stderr[-3000:]
        if any((guest.root / "deployed").glob("*.notify.json")):
            return
        time.sleep(1)
    raise AssertionError("the guest's agents never deployed anything")


@pytest.mark.parametrize(("transport", "signal_transport", "collector"), TRANSPORTS)
def test_a_deployment_completes_through_the_agents_of_a_played_server(
    guest_stacks, play, lab_names, transport, signal_transport, collector
):
    parameters = {
        "image": lab_names["image"],
        "flavor": lab_names["flavor"],
        "transport": transport,
        "signal_transport": signal_transport,
        "greeting": "bonjour",
    }
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


def test_through_swift_alone_a_server_polls_a_temp_url_and_signals_to_another(
    guest_stacks, play, lab_names, demo_cloud
):
    parameters = {
        "image": lab_names["image"],
        "flavor": lab_names["flavor"],
        "transport": "POLL_TEMP_URL",
        "signal_transport": "TEMP_URL_SIGNAL",
        "greeting": "hej",
    }
    stack = guest_stacks.create("software_server.yaml", parameters)
    guest_stacks.wait_for_resource(stack, "deployment", "CREATE_IN_PROGRESS", timeout=120)
    server_id = guest_stacks.resource(stack, "server")["physical_resource_id"]
    guest = play(server_id)
    collect_config = guest.metadata()["os-collect-config"]
    assert collect_config["collectors"] == ["request", "local"]
    # No token: the temporary URL is the credential, and it reads the deployments heat wrote.
    polled = requests.get(collect_config["request"]["metadata_url"], timeout=10)
    assert polled.status_code == 200
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
