"""Requests signed with EC2 credentials reach the engine through Keystone 30's ec2tokens."""

import uuid

import boto3
import pytest
from botocore.config import Config

TEMPLATE = (
    '{"AWSTemplateFormatVersion": "2010-09-09", "Resources": {"r": {"Type": "OS::Heat::None"}}}'
)


@pytest.fixture(scope="module")
def cloudformation(keystone, aws_heat):
    """boto3's CloudFormation client signing with new EC2 credentials of demo."""
    access, secret = keystone.ec2_credentials(keystone.demo)
    return boto3.client(
        "cloudformation",
        endpoint_url=aws_heat.cfn_url + "/v1",
        region_name="RegionOne",
        aws_access_key_id=access,
        aws_secret_access_key=secret,
        config=Config(retries={"max_attempts": 0}),
    )


def test_stack_created_with_ec2_credentials_completes(cloudformation, keystone):
    name = "ec2-%s" % uuid.uuid4().hex[:8]
    stack_id = cloudformation.create_stack(StackName=name, TemplateBody=TEMPLATE)["StackId"]
    assert stack_id.startswith(
        "arn:openstack:heat::%s:stacks/%s/" % (keystone.demo.project_id, name)
    )
    cloudformation.get_waiter("stack_create_complete").wait(
        StackName=name, WaiterConfig={"Delay": 1, "MaxAttempts": 60}
    )
    cloudformation.delete_stack(StackName=stack_id)
    cloudformation.get_waiter("stack_delete_complete").wait(
        StackName=stack_id, WaiterConfig={"Delay": 1, "MaxAttempts": 60}
    )
