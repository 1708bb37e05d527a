"""Who may do what through the CloudFormation API: readers, and other projects."""

import pytest
from botocore.exceptions import ClientError

from tests.functional.aws.cfn import NONE_TEMPLATE, client, error_code, unique_name


@pytest.fixture(scope="module")
def reader(keystone, aws_heat):
    """boto3's client of a user holding only the reader role on demo's project."""
    user = keystone.make_user(unique_name("reader"), keystone.demo, ("reader",))
    return client(aws_heat.cfn_url + "/v1", *keystone.admin_ec2_credentials(user))


@pytest.fixture(scope="module")
def alt_demo(keystone, aws_heat):
    """boto3's client of alt_demo, a member of another project."""
    return client(aws_heat.cfn_url + "/v1", *keystone.ec2_credentials(keystone.alt_demo))


def test_reader_may_describe(reader, described_stack):
    (stack,) = reader.describe_stacks(StackName=described_stack["StackName"])["Stacks"]
    assert stack["StackId"] == described_stack["StackId"]


def test_reader_may_not_create(reader):
    with pytest.raises(ClientError) as raised:
        reader.create_stack(StackName=unique_name("reader"), TemplateBody=NONE_TEMPLATE)
    assert error_code(raised) == ("AccessDenied", 403)


def test_reader_may_not_delete(reader, described_stack):
    with pytest.raises(ClientError) as raised:
        reader.delete_stack(StackName=described_stack["StackId"])
    assert error_code(raised) == ("AccessDenied", 403)


@pytest.mark.parametrize("key", ["StackName", "StackId"])
def test_another_projects_stack_does_not_exist(alt_demo, described_stack, key):
    with pytest.raises(ClientError) as raised:
        alt_demo.describe_stacks(StackName=described_stack[key])
    assert error_code(raised) == ("InvalidParameterValue", 400)
    assert "could not be found" in str(raised.value)


def test_another_projects_stack_is_not_listed(alt_demo, described_stack):
    listed = alt_demo.list_stacks()["StackSummaries"]
    assert described_stack["StackId"] not in [stack["StackId"] for stack in listed]
    described = alt_demo.describe_stacks()["Stacks"]
    assert described_stack["StackId"] not in [stack["StackId"] for stack in described]


def test_another_projects_stack_resources_are_hidden(alt_demo, described_stack):
    with pytest.raises(ClientError) as raised:
        alt_demo.describe_stack_resource(
            StackName=described_stack["StackId"], LogicalResourceId="Config"
        )
    assert error_code(raised) == ("InvalidParameterValue", 400)


def test_another_projects_physical_resource_is_not_found(cloudformation, alt_demo, described_stack):
    (echo,) = cloudformation.describe_stack_resources(
        StackName=described_stack["StackName"], LogicalResourceId="Echo"
    )["StackResources"]
    with pytest.raises(ClientError) as raised:
        alt_demo.describe_stack_resources(PhysicalResourceId=echo["PhysicalResourceId"])
    assert error_code(raised) == ("InvalidParameterValue", 400)
