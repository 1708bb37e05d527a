"""A stack user's access key describes what its policies allow and nothing else, as
cfn-init and cfn-hup do from inside a server."""

import json

import pytest
from botocore.exceptions import ClientError

from tests.functional.aws.cfn import client, error_code, template


@pytest.fixture(scope="module")
def user_stack(stacks):
    """The complete stack of tests/templates/cfn/stack_user.yaml."""
    return stacks.create_complete(template("stack_user.yaml"), prefix="stack-user")


@pytest.fixture(scope="module")
def stack_user(aws_heat, user_stack):
    """boto3's client signing with the stack's AWS::IAM::AccessKey."""
    outputs = {item["OutputKey"]: item["OutputValue"] for item in user_stack["Outputs"]}
    return client(aws_heat.cfn_url + "/v1", outputs["access_key"], outputs["secret_key"])


@pytest.mark.parametrize("key", ["StackName", "StackId"])
def test_stack_user_describes_an_allowed_resource(stack_user, user_stack, key):
    detail = stack_user.describe_stack_resource(
        StackName=user_stack[key], LogicalResourceId="config"
    )["StackResourceDetail"]
    assert detail["StackId"] == user_stack["StackId"]
    metadata = json.loads(detail["Metadata"])
    assert metadata["AWS::CloudFormation::Init"]["config"]["files"]["/etc/motd"] == {
        "content": "hello from the stack"
    }


@pytest.mark.parametrize("resource", ["private", "key"])
def test_stack_user_may_not_describe_other_resources(stack_user, user_stack, resource):
    with pytest.raises(ClientError) as raised:
        stack_user.describe_stack_resource(
            StackName=user_stack["StackId"], LogicalResourceId=resource
        )
    assert error_code(raised) == ("AccessDenied", 403)


def test_stack_user_may_not_describe_the_stack(stack_user, user_stack):
    with pytest.raises(ClientError) as raised:
        stack_user.describe_stacks(StackName=user_stack["StackId"])
    assert error_code(raised) == ("AccessDenied", 403)


def test_stack_user_may_not_create_stacks(stack_user):
    with pytest.raises(ClientError) as raised:
        stack_user.create_stack(StackName="from-inside", TemplateBody="{}")
    assert error_code(raised) == ("AccessDenied", 403)


def test_stack_user_does_not_see_other_stacks_of_the_project(stack_user, described_stack):
    with pytest.raises(ClientError) as raised:
        stack_user.describe_stack_resource(
            StackName=described_stack["StackId"], LogicalResourceId="Config"
        )
    assert error_code(raised) == ("InvalidParameterValue", 400)
    assert "could not be found" in str(raised.value)
