"""DescribeStackResource(s), ListStackResources and DescribeStackEvents through boto3."""

import json

import pytest
from botocore.exceptions import ClientError

from tests.functional.aws.cfn import error_code, signed_get


def test_describe_stack_resource_has_metadata(cloudformation, described_stack):
    detail = cloudformation.describe_stack_resource(
        StackName=described_stack["StackName"], LogicalResourceId="Config"
    )["StackResourceDetail"]
    assert detail["StackId"] == described_stack["StackId"]
    assert detail["ResourceType"] == "OS::Heat::None"
    assert detail["ResourceStatus"] == "CREATE_COMPLETE"
    metadata = json.loads(detail["Metadata"])
    assert metadata["AWS::CloudFormation::Init"]["config"]["files"]["/etc/motd"] == {
        "content": "hello"
    }


def test_describe_stack_resource_unknown_name_fails(cloudformation, described_stack):
    with pytest.raises(ClientError) as raised:
        cloudformation.describe_stack_resource(
            StackName=described_stack["StackId"], LogicalResourceId="Nope"
        )
    assert error_code(raised) == ("InvalidParameterValue", 400)


def test_describe_stack_resources_by_stack_name(cloudformation, described_stack):
    resources = cloudformation.describe_stack_resources(StackName=described_stack["StackName"])
    names = {item["LogicalResourceId"] for item in resources["StackResources"]}
    assert names == {"Echo", "Config"}


def test_describe_stack_resources_filtered_by_logical_id(cloudformation, described_stack):
    (resource,) = cloudformation.describe_stack_resources(
        StackName=described_stack["StackName"], LogicalResourceId="Echo"
    )["StackResources"]
    assert resource["ResourceType"] == "OS::Heat::TestResource"
    assert resource["StackName"] == described_stack["StackName"]
    assert resource["Timestamp"]


def test_describe_stack_resources_by_physical_id(cloudformation, described_stack):
    (echo,) = cloudformation.describe_stack_resources(
        StackName=described_stack["StackName"], LogicalResourceId="Echo"
    )["StackResources"]
    found = cloudformation.describe_stack_resources(PhysicalResourceId=echo["PhysicalResourceId"])[
        "StackResources"
    ]
    assert {item["StackId"] for item in found} == {described_stack["StackId"]}


def test_describe_stack_resources_refuses_name_and_physical_id(cloudformation, described_stack):
    with pytest.raises(ClientError) as raised:
        cloudformation.describe_stack_resources(
            StackName=described_stack["StackName"], PhysicalResourceId="x"
        )
    assert error_code(raised) == ("InvalidParameterCombination", 400)


def test_describe_stack_resources_needs_a_stack_or_physical_id(cloudformation):
    with pytest.raises(ClientError) as raised:
        cloudformation.describe_stack_resources()
    assert error_code(raised) == ("MissingParameter", 400)


def test_list_stack_resources_summarises(cloudformation, described_stack):
    summaries = cloudformation.list_stack_resources(StackName=described_stack["StackId"])[
        "StackResourceSummaries"
    ]
    by_name = {item["LogicalResourceId"]: item for item in summaries}
    assert set(by_name) == {"Echo", "Config"}
    assert by_name["Echo"]["ResourceStatus"] == "CREATE_COMPLETE"
    assert by_name["Echo"]["LastUpdatedTimestamp"]


def test_describe_stack_events_of_a_stack(cloudformation, described_stack):
    events = cloudformation.describe_stack_events(StackName=described_stack["StackName"])[
        "StackEvents"
    ]
    statuses = {(event["LogicalResourceId"], event["ResourceStatus"]) for event in events}
    assert ("Echo", "CREATE_COMPLETE") in statuses
    assert (described_stack["StackName"], "CREATE_COMPLETE") in statuses
    assert all(event["StackId"] == described_stack["StackId"] for event in events)
    assert all(event["EventId"] and event["Timestamp"] for event in events)


def test_describe_stack_events_carry_resource_properties(cloudformation, described_stack):
    events = cloudformation.describe_stack_events(StackName=described_stack["StackName"])[
        "StackEvents"
    ]
    (created,) = [
        event
        for event in events
        if event["LogicalResourceId"] == "Echo" and event["ResourceStatus"] == "CREATE_COMPLETE"
    ]
    assert json.loads(created["ResourceProperties"])["value"] == "large"


def test_describe_stack_events_of_every_stack(aws_heat, demo_keys, described_stack):
    answer = signed_get(
        aws_heat.cfn_url + "/v1/", *demo_keys, Action="DescribeStackEvents", ContentType="JSON"
    )
    assert answer.status_code == 200, answer.text
    result = answer.json()["DescribeStackEventsResponse"]["DescribeStackEventsResult"]
    assert described_stack["StackId"] in {event["StackId"] for event in result["StackEvents"]}
