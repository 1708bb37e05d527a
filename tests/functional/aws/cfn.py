"""boto3 CloudFormation clients of the ``aws_heat`` deployment, and the stacks they share.

Clients sign with EC2 credentials Keystone makes for the user (SigV4 unless told
otherwise) and never retry, so a test sees the first answer. Stacks get unique names
and are left behind: the database and Keystone of the session go with it.
"""

import pathlib
import time
import uuid

import boto3
import botocore.auth
import botocore.awsrequest
import botocore.credentials
import botocore.exceptions
import pytest
import requests
from botocore.config import Config

TEMPLATES = pathlib.Path(__file__).resolve().parents[2] / "templates" / "cfn"
WAIT = {"Delay": 1, "MaxAttempts": 90}
NONE_TEMPLATE = (
    '{"AWSTemplateFormatVersion": "2010-09-09", "Resources": {"r": {"Type": "OS::Heat::None"}}}'
)


def template(name: str) -> str:
    """The text of a template of tests/templates/cfn."""
    return (TEMPLATES / name).read_text()


def unique_name(prefix: str) -> str:
    """A stack (or user) name no other test uses."""
    return "%s-%s" % (prefix, uuid.uuid4().hex[:8])


def client(endpoint_url: str, access: str, secret: str, **config):
    """boto3's CloudFormation client at ``endpoint_url`` signing with ``access``/``secret``;
    ``config`` adds botocore Config options (``signature_version``, ...)."""
    return boto3.client(
        "cloudformation",
        endpoint_url=endpoint_url,
        region_name="RegionOne",
        aws_access_key_id=access,
        aws_secret_access_key=secret,
        config=Config(retries={"max_attempts": 0}, **config),
    )


def error_code(raised: pytest.ExceptionInfo) -> tuple[str, int]:
    """The AWS error code and HTTP status of a ClientError."""
    assert isinstance(raised.value, botocore.exceptions.ClientError)
    response = raised.value.response
    return response["Error"]["Code"], response["ResponseMetadata"]["HTTPStatusCode"]


def signed_get(url: str, access: str, secret: str, **params) -> requests.Response:
    """``GET url?params`` signed with SigV4 in the Authorization header, for calls boto3
    will not make (a parameter it requires left out, ``ContentType=JSON``)."""
    request = botocore.awsrequest.AWSRequest(method="GET", url=url, params=params)
    credentials = botocore.credentials.Credentials(access, secret)
    botocore.auth.SigV4Auth(credentials, "cloudformation", "RegionOne").add_auth(request)
    prepared = request.prepare()
    return requests.get(prepared.url, headers=dict(prepared.headers), timeout=30)


def wait_for(cloudformation, waiter: str, stack: str) -> dict:
    """Wait with boto3's waiter (``stack_create_complete``, ...); the stack described."""
    cloudformation.get_waiter(waiter).wait(StackName=stack, WaiterConfig=WAIT)
    if waiter == "stack_delete_complete":
        return {}
    return cloudformation.describe_stacks(StackName=stack)["Stacks"][0]


def settled(cloudformation, stack: str, timeout: float = 90, action: str = "") -> dict:
    """Poll until the stack is no longer IN_PROGRESS, in ``action`` if given (whatever
    boto3's waiters expect: a rolled back update here is ROLLBACK_COMPLETE, and shows
    UPDATE_FAILED for a moment first); the stack described."""
    deadline = time.monotonic() + timeout
    while True:
        (described,) = cloudformation.describe_stacks(StackName=stack)["Stacks"]
        status = described["StackStatus"]
        if not status.endswith("_IN_PROGRESS") and status.startswith(action):
            return described
        assert time.monotonic() < deadline, "%s still %s" % (stack, described["StackStatus"])
        time.sleep(0.5)


class Stacks:
    """Creates stacks of unique names through one client.

    Nothing deletes them: the database and Keystone they live in go with the session.
    """

    def __init__(self, cloudformation):
        self.cloudformation = cloudformation

    def create(self, body: str = NONE_TEMPLATE, prefix: str = "cfn", **arguments) -> str:
        """Start creating a stack; its ARN."""
        arguments.setdefault("StackName", unique_name(prefix))
        return self.cloudformation.create_stack(TemplateBody=body, **arguments)["StackId"]

    def create_complete(self, body: str = NONE_TEMPLATE, **arguments) -> dict:
        """Create a stack and wait for CREATE_COMPLETE; the stack described."""
        stack_id = self.create(body, **arguments)
        return wait_for(self.cloudformation, "stack_create_complete", stack_id)


@pytest.fixture(scope="session")
def demo_keys(keystone, aws_heat):
    """EC2 credentials ``(access, secret)`` of demo on its project."""
    return keystone.ec2_credentials(keystone.demo)


@pytest.fixture(scope="session")
def cloudformation(aws_heat, demo_keys):
    """boto3's CloudFormation client of demo (SigV4, endpoint ``.../v1``)."""
    return client(aws_heat.cfn_url + "/v1", *demo_keys)


@pytest.fixture(scope="session")
def stacks(cloudformation):
    """Stacks of demo made through its client."""
    return Stacks(cloudformation)


@pytest.fixture(scope="session")
def described_stack(stacks):
    """A complete stack with parameters, outputs, metadata and a description (read only)."""
    return stacks.create_complete(
        template("described.yaml"),
        prefix="described",
        Parameters=[{"ParameterKey": "Flavor", "ParameterValue": "large"}],
        TimeoutInMinutes=7,
    )
