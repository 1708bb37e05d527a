"""An OS::Nova::Server of the lab with SOFTWARE_CONFIG user data, played by a guest whose
real agents (os-collect-config, os-refresh-config, os-apply-config, heat-config) deploy a
script and signal its outputs back, over the CFN and the native transports, and with the
metadata polled from a Swift temporary URL."""

import time
from urllib import parse

import openstack
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


def test_a_server_polling_a_temp_url_gets_its_deployments_from_swift(
    guest_stacks, play, lab_names, demo_cloud
):
    parameters = {
        "image": lab_names["image"],
        "flavor": lab_names["flavor"],
        "transport": "POLL_TEMP_URL",
        "greeting": "hej",
    }
    stack = guest_stacks.create("software_server.yaml", parameters)
    guest_stacks.wait_for_resource(stack, "deployment", "CREATE_IN_PROGRESS", timeout=120)
    server_id = guest_stacks.resource(stack, "server")["physical_resource_id"]
    guest = play(server_id)
    collect_config = guest.metadata()["os-collect-config"]
    assert collect_config["collectors"] == ["request", "local"]
    metadata_url = collect_config["request"]["metadata_url"]
    # No token: the temporary URL is the credential, and it reads the deployments heat wrote.
    polled = requests.get(metadata_url, timeout=10)
    assert polled.status_code == 200
    assert [item["group"] for item in polled.json()["deployments"]] == ["script"]
    deployed(guest)
    guest_stacks.wait_for(stack, "CREATE_COMPLETE", timeout=120)
    assert guest_stacks.outputs(stack)["result"] == "hej, world"
    container = parse.urlsplit(metadata_url).path.split("/")[3]
    assert demo_cloud.object_store.get_container_metadata(container) is not None
    guest_stacks.delete(stack)
    with pytest.raises(openstack.exceptions.NotFoundException):
        demo_cloud.object_store.get_container_metadata(container)
