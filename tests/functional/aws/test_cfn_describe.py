"""DescribeStacks, ListStacks and GetTemplate as boto3 parses them."""

import json

import pytest
from botocore.exceptions import ClientError

from tests.functional.aws.cfn import error_code, settled


def test_describe_by_name_has_parameters_outputs_and_settings(cloudformation, described_stack):
    (stack,) = cloudformation.describe_stacks(StackName=described_stack["StackName"])["Stacks"]
    assert stack["StackId"] == described_stack["StackId"]
    assert stack["StackStatus"] == "CREATE_COMPLETE"
    assert stack["Description"] == "A stack the CloudFormation API describes"
    assert stack["TimeoutInMinutes"] == 7
    parameters = {p["ParameterKey"]: p["ParameterValue"] for p in stack["Parameters"]}
    assert parameters["Flavor"] == "large"
    assert parameters["Secret"] == "******"
    (output,) = stack["Outputs"]
    assert output == {
        "OutputKey": "Flavor",
        "OutputValue": "large",
        "Description": "The flavor, echoed by a resource",
    }


def test_describe_by_arn(cloudformation, described_stack):
    (stack,) = cloudformation.describe_stacks(StackName=described_stack["StackId"])["Stacks"]
    assert stack["StackName"] == described_stack["StackName"]


def test_describe_all_includes_the_stack(cloudformation, described_stack):
    stacks = cloudformation.describe_stacks()["Stacks"]
    assert described_stack["StackId"] in [stack["StackId"] for stack in stacks]


def test_unset_fields_are_omitted(stacks):
    stack = stacks.create_complete()
    assert "TimeoutInMinutes" not in stack
    assert "LastUpdatedTime" not in stack
    assert "DeletionTime" not in stack
    assert stack["Outputs"] == []


def test_failed_stack_is_described_with_its_reason(cloudformation, stacks):
    body = (
        '{"AWSTemplateFormatVersion": "2010-09-09", "Resources": '
        '{"r": {"Type": "OS::Heat::TestResource", "Properties": {"fail": true}}}}'
    )
    stack = settled(cloudformation, stacks.create(body))
    assert stack["StackStatus"] == "CREATE_FAILED"
    assert "Test Resource failed r" in stack["StackStatusReason"]


def test_describe_unknown_stack_fails(cloudformation):
    with pytest.raises(ClientError) as raised:
        cloudformation.describe_stacks(StackName="no-such-stack")
    assert error_code(raised) == ("InvalidParameterValue", 400)
    assert "no-such-stack" in str(raised.value)


def test_list_stacks_summarises(cloudformation, described_stack):
    summaries = cloudformation.list_stacks()["StackSummaries"]
    (summary,) = [s for s in summaries if s["StackId"] == described_stack["StackId"]]
    assert summary["StackName"] == described_stack["StackName"]
    assert summary["StackStatus"] == "CREATE_COMPLETE"
    assert summary["CreationTime"] == described_stack["CreationTime"]


def test_get_template_returns_the_template_as_json(cloudformation, described_stack):
    body = cloudformation.get_template(StackName=described_stack["StackName"])["TemplateBody"]
    document = body if isinstance(body, dict) else json.loads(body)
    assert document["Description"] == "A stack the CloudFormation API describes"
    assert set(document["Resources"]) == {"Echo", "Config"}
