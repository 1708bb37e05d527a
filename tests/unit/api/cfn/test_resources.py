"""CloudFormation resource and event actions: engine calls and response shapes."""

import json

import pytest

from heat.common import exception
from tests.unit.api.aws.engine_stub import STACK_ARN, STACK_IDENTITY
from tests.unit.api.cfn import engine_data
from tests.unit.api.cfn.conftest import error_of, xml

pytestmark = pytest.mark.filterwarnings("ignore:Policy .* was deprecated:UserWarning")


def _result(response, action):
    return response.json["%sResponse" % action]["%sResult" % action]


def test_describe_stack_events_shape(call, engine):
    engine.answers["identify_stack"] = STACK_IDENTITY
    engine.answers["list_events"] = [engine_data.EVENT]
    response = call("DescribeStackEvents", StackName="web", ContentType="JSON")
    (event,) = _result(response, "DescribeStackEvents")["StackEvents"]
    assert event == {
        "EventId": engine_data.EVENT_ID,
        "StackId": STACK_ARN,
        "StackName": "web",
        "LogicalResourceId": "server",
        "PhysicalResourceId": "0b7c5e8e-9999-4444-8888-777766665555",
        "ResourceType": "OS::Nova::Server",
        "ResourceStatus": "CREATE_IN_PROGRESS",
        "ResourceStatusReason": "state changed",
        "ResourceProperties": '{"flavor": "m1.small"}',
        "Timestamp": "2024-05-01T10:00:02Z",
    }
    assert engine.call_of("list_events")["stack_identity"] == STACK_IDENTITY


def test_events_are_asked_for_again_by_id_for_their_properties(call, engine):
    engine.answers["identify_stack"] = STACK_IDENTITY
    listed = {**engine_data.EVENT, "resource_properties": {}}
    engine.answers["list_events"] = lambda **kwargs: (
        [engine_data.EVENT] if kwargs.get("filters") else [listed]
    )
    response = call("DescribeStackEvents", StackName="web", ContentType="JSON")
    (event,) = _result(response, "DescribeStackEvents")["StackEvents"]
    assert json.loads(event["ResourceProperties"]) == {"flavor": "m1.small"}
    assert engine.call_of("list_events")["filters"] == {"uuid": [engine_data.EVENT_ID]}


def test_no_events_ask_the_engine_once(call, engine):
    engine.answers["list_events"] = []
    response = call("DescribeStackEvents", ContentType="JSON")
    assert _result(response, "DescribeStackEvents")["StackEvents"] == []
    assert [name for name, _ctxt, _kwargs in engine.calls] == ["list_events"]


def test_events_without_properties_are_still_described(call, engine):
    event = {k: v for k, v in engine_data.EVENT.items() if k != "resource_properties"}
    engine.answers["list_events"] = [event]
    response = call("DescribeStackEvents")
    assert response.status_int == 200
    member = xml(response).find(".//StackEvents/member")
    assert member.find("ResourceProperties") is None
    assert engine.call_of("list_events")["stack_identity"] is None


def test_describe_stack_resource_embeds_metadata_as_json_text(call, engine):
    engine.answers["identify_stack"] = STACK_IDENTITY
    engine.answers["describe_stack_resource"] = engine_data.RESOURCE
    root = xml(call("DescribeStackResource", StackName="web", LogicalResourceId="server"))
    detail = root.find("DescribeStackResourceResult/StackResourceDetail")
    assert json.loads(detail.findtext("Metadata")) == engine_data.RESOURCE["metadata"]
    assert detail.findtext("StackId") == STACK_ARN
    assert detail.findtext("ResourceStatus") == "CREATE_COMPLETE"
    assert detail.findtext("LastUpdatedTimestamp") == "2024-05-01T10:00:09Z"
    assert engine.call_of("describe_stack_resource")["resource_name"] == "server"


def test_describe_stack_resource_json_keeps_metadata_an_object(call, engine):
    engine.answers["describe_stack_resource"] = engine_data.RESOURCE
    response = call(
        "DescribeStackResource",
        StackName=STACK_ARN,
        LogicalResourceId="server",
        ContentType="JSON",
    )
    detail = _result(response, "DescribeStackResource")["StackResourceDetail"]
    assert detail["Metadata"] == engine_data.RESOURCE["metadata"]


def test_describe_stack_resource_needs_a_logical_id(call, engine):
    engine.answers["identify_stack"] = STACK_IDENTITY
    assert error_of(call("DescribeStackResource", StackName="web"))[1] == "MissingParameter"


def test_unknown_resource_is_invalid_parameter_value(call, engine):
    engine.answers["identify_stack"] = STACK_IDENTITY
    engine.answers["describe_stack_resource"] = exception.ResourceNotFound(
        resource_name="db", stack_name="web"
    )
    response = call("DescribeStackResource", StackName="web", LogicalResourceId="db")
    assert error_of(response)[1:] == (
        "InvalidParameterValue",
        "A bad or out-of-range value was supplied:"
        "The Resource (db) could not be found in Stack web.",
    )


def test_describe_stack_resources_by_stack_name(call, engine):
    engine.answers["identify_stack"] = STACK_IDENTITY
    engine.answers["describe_stack_resources"] = [engine_data.RESOURCE]
    response = call("DescribeStackResources", StackName="web", ContentType="JSON")
    (resource,) = _result(response, "DescribeStackResources")["StackResources"]
    assert resource["Timestamp"] == "2024-05-01T10:00:09Z"
    assert resource["StackId"] == STACK_ARN
    assert "Metadata" not in resource
    assert engine.call_of("describe_stack_resources") == {
        "stack_identity": STACK_IDENTITY,
        "resource_name": None,
    }


def test_describe_stack_resources_by_physical_id_finds_the_stack(call, engine):
    engine.answers["find_physical_resource"] = engine_data.RESOURCE_IDENTITY
    engine.answers["describe_stack_resources"] = []
    call("DescribeStackResources", PhysicalResourceId="0b7c", LogicalResourceId="server")
    assert engine.call_of("find_physical_resource") == {"physical_resource_id": "0b7c"}
    assert engine.call_of("describe_stack_resources") == {
        "stack_identity": STACK_IDENTITY,
        "resource_name": "server",
    }


def test_describe_stack_resources_with_name_and_physical_id_is_invalid(call, engine):
    response = call("DescribeStackResources", StackName="web", PhysicalResourceId="0b7c")
    assert error_of(response)[1] == "InvalidParameterCombination"
    assert engine.calls == []


def test_describe_stack_resources_without_stack_is_missing_parameter(call):
    assert error_of(call("DescribeStackResources"))[1] == "MissingParameter"


def test_list_stack_resources_shape(call, engine):
    engine.answers["identify_stack"] = STACK_IDENTITY
    engine.answers["list_stack_resources"] = [engine_data.RESOURCE]
    response = call("ListStackResources", StackName="web", ContentType="JSON")
    (summary,) = _result(response, "ListStackResources")["StackResourceSummaries"]
    assert summary == {
        "LogicalResourceId": "server",
        "PhysicalResourceId": "0b7c5e8e-9999-4444-8888-777766665555",
        "ResourceType": "OS::Nova::Server",
        "ResourceStatus": "CREATE_COMPLETE",
        "ResourceStatusReason": "state changed",
        "LastUpdatedTimestamp": "2024-05-01T10:00:09Z",
    }
