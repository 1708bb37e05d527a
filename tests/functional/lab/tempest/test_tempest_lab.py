"""heat-tempest-plugin 3.0.0's tests that need Nova, Glance, Cinder or Swift, on a split
deployment (tests/functional/aws_heat.py) that orchestrates the lab.

The deployment authenticates with the lab's Keystone, and its catalog region lists the lab's
compute, image, block storage, object storage and network endpoints beside its own, so both
heat and tempest's clients find them there. tempest.conf says those services are available
and names the lab's image, flavors, external network and a network made here for the tests.
The tests of lab_tests.txt run once (tools/tempest/tempest_run.py): each must pass but for
those of lab_known_failures.yaml, listed with their cause, which must still fail (a fixed
one leaves the list). Those of lab_needs_a_guest.yaml are not run: the lab's servers run
nothing, so they could only wait out their timeouts.
"""

import json
import pathlib
import subprocess
import time
import uuid

import pytest
import requests
import yaml

from tests.functional import aws_heat
from tests.functional.tempest.suite import TOOLS, describe, install_tempest

# One worker runs the module's tests, so that they share one tempest run: two runs at once
# would also make the same named resources (tempest's volume type "LUKS") side by side.
pytestmark = pytest.mark.xdist_group("tempest_lab")

HERE = pathlib.Path(__file__).resolve().parent
LAB_TESTS = (HERE / "lab_tests.txt").read_text().split()
KNOWN_FAILURES = yaml.safe_load((HERE / "lab_known_failures.yaml").read_text()) or {}
NEEDS_A_GUEST = yaml.safe_load((HERE / "lab_needs_a_guest.yaml").read_text()) or {}
RUN = [test for test in LAB_TESTS if test not in NEEDS_A_GUEST]
# A stack with a one-minute timeout must have failed by then (test_deployments_timeout_failed).
BUILD_TIMEOUT = 120
# Stacks of failed tests that tempest did not delete, and their servers, go in this time.
CLEANUP_TIMEOUT = 120


@pytest.fixture(scope="module")
def tempest_network(demo_cloud):
    """A network and subnet of the demo project, which tempest runs as, for its servers."""
    net = demo_cloud.network.create_network(name="tempest-%s" % uuid.uuid4().hex[:8])
    subnet = demo_cloud.network.create_subnet(
        network_id=net.id, name=net.name, ip_version=4, cidr="10.78.0.0/24"
    )
    yield net.name
    for port in demo_cloud.network.ports(network_id=net.id):
        demo_cloud.network.delete_port(port, ignore_missing=True)
    demo_cloud.network.delete_subnet(subnet, ignore_missing=True)
    demo_cloud.network.delete_network(net, ignore_missing=True)


def lab_tempest_config(lab, network: str) -> dict:
    """The tempest.conf settings that point the plugin at the lab's services."""
    available = ("nova", "glance", "cinder", "swift", "neutron")
    return {
        "service_available": {name: "true" for name in available},
        "heat_plugin": {
            "image_ref": lab.state["image"]["name"],
            "minimal_image_ref": lab.state["image"]["name"],
            "instance_type": "m1.small",
            "minimal_instance_type": "m1.tiny",
            "fixed_network_name": network,
            "fixed_subnet_name": network,
            "network_for_ssh": network,
            "floating_network_name": lab.external_network,
            "build_timeout": BUILD_TIMEOUT,
        },
    }


@pytest.fixture(scope="module")
def results(lab, keystone, tempest_network, make_database, rabbit_url, tmp_path_factory) -> dict:
    """``{tempest test id: {"status", "reason"}}`` of one run of lab_tests.txt."""
    venv = install_tempest()
    work_dir = tmp_path_factory.mktemp("tempest-lab")
    (work_dir / "keystone.json").write_text(json.dumps(dict(lab.state, url=lab.auth_url)))
    (work_dir / "config.json").write_text(json.dumps(lab_tempest_config(lab, tempest_network)))
    (work_dir / "tests.txt").write_text("\n".join(RUN) + "\n")
    database_url = make_database("mysql")
    with aws_heat.running(
        keystone, database_url, rabbit_url, work_dir, {}, lab.services()
    ) as deployment:
        results_path = work_dir / "results.json"
        command = [
            str(venv / "bin" / "python"),
            str(TOOLS / "tempest_run.py"),
            str(work_dir / "keystone.json"),
            deployment.region,
            str(work_dir / "tempest"),
            str(results_path),
            "--config",
            str(work_dir / "config.json"),
            "--load-list",
            str(work_dir / "tests.txt"),
        ]
        try:
            run = subprocess.run(command, capture_output=True, text=True, timeout=480)
        finally:
            for user in (keystone.demo, keystone.admin):
                delete_stacks_left(deployment, keystone, user)
        assert run.returncode == 0, run.stderr[-3000:]
        return json.loads(results_path.read_text())


def delete_stacks_left(deployment, keystone, user) -> None:
    """Delete the stacks of ``user`` that tempest left (a failed test's cleanup may not
    have run): their servers and volumes would stay in the shared lab."""
    url = "%s/v1/%s/stacks" % (deployment.native_url, user.project_id)
    headers = {"X-Auth-Token": keystone.user_token(user)}

    def left() -> list[dict]:
        answer = requests.get(url, headers=headers, timeout=30)
        answer.raise_for_status()
        return answer.json()["stacks"]

    for stack in left():
        stack_url = "%s/%s/%s" % (url, stack["stack_name"], stack["id"])
        requests.delete(stack_url, headers=headers, timeout=30)
    deadline = time.monotonic() + CLEANUP_TIMEOUT
    while left() and time.monotonic() < deadline:
        time.sleep(2)


def test_every_listed_test_is_one_of_lab_tests_and_in_one_list_only():
    assert set(KNOWN_FAILURES) <= set(RUN) and set(NEEDS_A_GUEST) <= set(LAB_TESTS)


@pytest.mark.timeout(900)
def test_lab_tests_pass(results):
    expected = [test for test in RUN if test not in KNOWN_FAILURES]
    failing = [test for test in expected if results.get(test, {}).get("status") != "success"]
    assert not failing, describe(results, failing)


@pytest.mark.timeout(900)
def test_known_failures_still_fail(results):
    still_failing = ("fail",)
    fixed = [t for t in KNOWN_FAILURES if results.get(t, {}).get("status") not in still_failing]
    assert not fixed, "these do not fail now: update lab_known_failures.yaml\n" + describe(
        results, fixed
    )
