"""Fixtures of the played-guest tests: heat split across processes (tests/functional/aws_heat.py)
on the lab's Keystone, whose stacks boot real servers in the lab's Nova, and guests that play
those servers (tests/fixtures/guests.py)."""

import base64
import pathlib

import pytest

from tests.fixtures import cloudwatch_client
from tests.fixtures.guests import Guest
from tests.functional import aws_heat
from tests.functional.aws.native import NativeStacks
from tests.functional.lab_networks import routed_network  # noqa: F401 (a fixture)

TEMPLATES = pathlib.Path(__file__).resolve().parents[3] / "templates" / "guests"
LB_TEMPLATE = "loadbalancer.yaml"


@pytest.fixture(scope="session")
def lab_heat(lab, keystone, make_database, rabbit_url, tmp_path_factory):
    """A split deployment on the lab's Keystone. Its catalog region, where it and the
    servers' agents find heat's APIs, also holds the lab's other services (so that its
    stacks reach Nova) and Aodh. Its ``loadbalancer_template`` is the file ``LB_TEMPLATE`` of its
    work directory, which a test writes before it makes a load balancer."""
    work_dir = tmp_path_factory.mktemp("lab-heat")
    database_url = make_database("mysql")
    defaults = dict(aws_heat.EXTRA_DEFAULTS, loadbalancer_template=str(work_dir / LB_TEMPLATE))
    services = {**lab.services(), "alarming": lab.endpoints["alarming"]}
    with aws_heat.running(
        keystone, database_url, rabbit_url, work_dir, defaults, services
    ) as deployment:
        yield deployment


@pytest.fixture(scope="session")
def lab_cloudwatch(lab_heat, keystone, tmp_path_factory):
    """boto3's CloudWatch client of demo on the deployment's CloudWatch API."""
    access, secret = keystone.ec2_credentials(keystone.demo)
    models = tmp_path_factory.mktemp("botocore-models")
    return cloudwatch_client.client(lab_heat.cloudwatch_url + "/v1", access, secret, models)


@pytest.fixture
def loadbalancer_template(lab_heat) -> pathlib.Path:
    """The file the deployment's ``loadbalancer_template`` option names."""
    return lab_heat.work_dir / LB_TEMPLATE


@pytest.fixture(scope="module")
def guest_stacks(lab_heat, keystone):
    """demo's stacks of tests/templates/guests on the deployment, deleted when the module
    ends (their servers with them)."""
    stacks = NativeStacks(lab_heat.native_url, keystone, keystone.demo, TEMPLATES)
    yield stacks
    stacks.delete_all()


@pytest.fixture
def play(admin_cloud, agents, config_agents, tmp_path):
    """``play(server_id, root)``: a booted guest of the lab's server, living in ``root``
    (a directory under the test's tmp_path by default)."""

    def boot(server_id: str, root: pathlib.Path | None = None) -> Guest:
        guest = Guest(
            root or tmp_path / server_id, user_data(admin_cloud, server_id), agents, config_agents
        )
        guest.boot()
        return guest

    return boot


def user_data(admin_cloud, server_id: str) -> bytes:
    """The server's user data, as Nova's API shows it to an admin (microversion 2.3)."""
    answer = admin_cloud.compute.get("/servers/%s" % server_id, microversion="2.3")
    answer.raise_for_status()
    return base64.b64decode(answer.json()["server"]["OS-EXT-SRV-ATTR:user_data"])
