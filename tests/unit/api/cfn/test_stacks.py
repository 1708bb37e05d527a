"""CloudFormation stack actions: request parsing, engine calls and response shapes."""

import json

import pytest

from heat.common import exception
from tests.unit.api.aws.engine_stub import STACK_ARN, STACK_IDENTITY
from tests.unit.api.cfn import engine_data
from tests.unit.api.cfn.conftest import error_of, xml

pytestmark = pytest.mark.filterwarnings("ignore:Policy .* was deprecated:UserWarning")

TEMPLATE = {"HeatTemplateFormatVersion": "2012-12-12", "Resources": {}}
BODY = json.dumps(TEMPLATE)


def test_list_stacks_xml_has_summaries_as_members(call, engine):
    engine.answers["list_stacks"] = [engine_data.STACK]
    root = xml(call("ListStacks"))
    member = root.find("ListStacksResult/StackSummaries/member")
    assert member.findtext("StackId") == STACK_ARN
    assert member.findtext("StackName") == "web"
    assert member.findtext("StackStatus") == "CREATE_COMPLETE"
    assert member.findtext("CreationTime") == "2024-05-01T10:00:00Z"
    assert member.findtext("TemplateDescription") == "A web server"


def test_list_stacks_xml_omits_unset_fields(call, engine):
    engine.answers["list_stacks"] = [engine_data.STACK]
    response = call("ListStacks")
    assert b"None" not in response.body
    assert xml(response).find(".//LastUpdatedTime") is None
    assert xml(response).find(".//DeletionTime") is None


def test_list_stacks_json(call, engine):
    engine.answers["list_stacks"] = [engine_data.STACK]
    response = call("ListStacks", ContentType="JSON")
    assert response.content_type == "application/json"
    summary = response.json["ListStacksResponse"]["ListStacksResult"]["StackSummaries"][0]
    assert summary["StackId"] == STACK_ARN
    assert summary["StackStatusReason"] == "Stack CREATE completed successfully"


def test_describe_stacks_looks_up_a_name(call, engine):
    engine.answers["identify_stack"] = STACK_IDENTITY
    engine.answers["show_stack"] = [engine_data.STACK]
    call("DescribeStacks", StackName="web")
    assert engine.call_of("identify_stack") == {"stack_name": "web"}
    assert engine.call_of("show_stack")["stack_identity"] == STACK_IDENTITY


def test_describe_stacks_parses_an_arn_without_asking_the_engine(call, engine):
    engine.answers["show_stack"] = [engine_data.STACK]
    call("DescribeStacks", StackName=STACK_ARN)
    assert engine.call_of("show_stack")["stack_identity"] == STACK_IDENTITY
    assert [name for name, _ctx, _args in engine.calls] == ["show_stack"]


def test_describe_stacks_without_name_shows_every_stack(call, engine):
    engine.answers["show_stack"] = []
    call("DescribeStacks")
    assert engine.call_of("show_stack")["stack_identity"] is None


def test_describe_stacks_shape(call, engine):
    engine.answers["show_stack"] = [engine_data.STACK]
    response = call("DescribeStacks", StackName=STACK_ARN, ContentType="JSON")
    stack = response.json["DescribeStacksResponse"]["DescribeStacksResult"]["Stacks"][0]
    assert stack["StackId"] == STACK_ARN
    assert stack["StackStatus"] == "CREATE_COMPLETE"
    assert stack["DisableRollback"] is True
    assert stack["TimeoutInMinutes"] == 60
    assert stack["Capabilities"] == [] and stack["NotificationARNs"] == []
    assert {"ParameterKey": "flavor", "ParameterValue": "m1.small"} in stack["Parameters"]
    assert stack["Outputs"][0] == {
        "OutputKey": "url",
        "OutputValue": "http://10.0.0.5/",
        "Description": "Site",
    }


def test_describe_stacks_xml_writes_booleans_and_structured_outputs_as_text(call, engine):
    engine.answers["show_stack"] = [engine_data.STACK]
    stack = xml(call("DescribeStacks", StackName=STACK_ARN)).find(".//Stacks/member")
    assert stack.findtext("DisableRollback") == "true"
    outputs = stack.findall("Outputs/member")
    assert json.loads(outputs[1].findtext("OutputValue")) == [80, 443]


def test_create_stack_sends_template_parameters_and_args(call, engine):
    engine.answers["create_stack"] = STACK_IDENTITY
    call(
        "CreateStack",
        method="POST",
        StackName="web",
        TemplateBody=json.dumps(TEMPLATE),
        TimeoutInMinutes="30",
        DisableRollback="true",
        **{
            "Parameters.member.1.ParameterKey": "flavor",
            "Parameters.member.1.ParameterValue": "m1.small",
            "Parameters.member.2.ParameterKey": "image",
            "Parameters.member.2.ParameterValue": "cirros",
        },
    )
    sent = engine.call_of("create_stack")
    assert sent["stack_name"] == "web"
    assert sent["template"] == TEMPLATE
    assert sent["params"] == {"parameters": {"flavor": "m1.small", "image": "cirros"}}
    assert sent["args"] == {"timeout_mins": 30, "disable_rollback": True}


def test_create_stack_answers_the_stack_arn(call, engine):
    engine.answers["create_stack"] = STACK_IDENTITY
    root = xml(call("CreateStack", StackName="web", TemplateBody=BODY))
    assert root.findtext("CreateStackResult/StackId") == STACK_ARN


@pytest.mark.parametrize(
    "on_failure, disable_rollback", [("DO_NOTHING", True), ("ROLLBACK", False), ("DELETE", False)]
)
def test_on_failure_sets_disable_rollback(call, engine, on_failure, disable_rollback):
    engine.answers["create_stack"] = STACK_IDENTITY
    call("CreateStack", StackName="web", TemplateBody=BODY, OnFailure=on_failure)
    assert engine.call_of("create_stack")["args"] == {"disable_rollback": disable_rollback}


def test_disable_rollback_with_on_failure_is_invalid_combination(call, engine):
    response = call(
        "CreateStack", StackName="web", TemplateBody=BODY, OnFailure="DELETE", DisableRollback="1"
    )
    assert response.status_int == 400
    assert error_of(response)[1] == "InvalidParameterCombination"
    assert engine.calls == []


@pytest.mark.parametrize(
    "params", [{"OnFailure": "EXPLODE"}, {"DisableRollback": "yes"}, {"TimeoutInMinutes": "x"}]
)
def test_bad_stack_args_are_invalid_parameter_values(call, params):
    response = call("CreateStack", StackName="web", TemplateBody=BODY, **params)
    assert error_of(response)[1] == "InvalidParameterValue"


def test_create_without_template_is_missing_parameter(call):
    response = call("CreateStack", StackName="web")
    assert response.status_int == 400
    assert error_of(response) == (
        "Sender",
        "MissingParameter",
        "A mandatory input parameter is missing:TemplateBody or TemplateUrl were not given.",
    )


def test_create_without_name_is_missing_parameter(call):
    assert error_of(call("CreateStack", TemplateBody=BODY))[1] == "MissingParameter"


def test_create_existing_stack_is_already_exists(call, engine):
    engine.answers["create_stack"] = exception.StackExists(stack_name="web")
    response = call("CreateStack", StackName="web", TemplateBody=BODY)
    assert response.status_int == 400
    assert error_of(response) == (
        "Sender",
        "AlreadyExists",
        "Resource with the name requested already exists:The Stack (web) already exists.",
    )


def test_invalid_template_from_engine_is_invalid_parameter_value(call, engine):
    engine.answers["create_stack"] = exception.StackValidationFailed(message="Bad resource")
    response = call("CreateStack", StackName="web", TemplateBody=BODY)
    assert error_of(response)[1:] == (
        "InvalidParameterValue",
        "A bad or out-of-range value was supplied:Bad resource",
    )


def test_update_stack_sends_identity_template_and_parameters(call, engine):
    engine.answers["identify_stack"] = STACK_IDENTITY
    engine.answers["update_stack"] = STACK_IDENTITY
    root = xml(
        call(
            "UpdateStack",
            StackName="web",
            TemplateBody="AWSTemplateFormatVersion: 2010-09-09\nResources: {}\n",
            **{"Parameters.member.1.ParameterKey": "a", "Parameters.member.1.ParameterValue": "1"},
        )
    )
    sent = engine.call_of("update_stack")
    assert sent["stack_identity"] == STACK_IDENTITY
    assert sent["template"] == {"AWSTemplateFormatVersion": "2010-09-09", "Resources": {}}
    assert sent["params"] == {"parameters": {"a": "1"}}
    assert root.findtext("UpdateStackResult/StackId") == STACK_ARN


def test_delete_stack_calls_the_engine_and_answers_an_empty_result(call, engine):
    engine.answers["identify_stack"] = STACK_IDENTITY
    response = call("DeleteStack", StackName="web")
    assert engine.call_of("delete_stack")["stack_identity"] == STACK_IDENTITY
    assert response.status_int == 200
    assert xml(response).find("DeleteStackResult") is not None
    assert (xml(response).findtext("DeleteStackResult") or "") == ""


def test_cancel_update_rolls_back(call, engine):
    engine.answers["identify_stack"] = STACK_IDENTITY
    response = call("CancelUpdateStack", StackName="web", ContentType="JSON")
    assert engine.call_of("stack_cancel_update") == {
        "stack_identity": STACK_IDENTITY,
        "cancel_with_rollback": True,
    }
    assert response.json == {"CancelUpdateStackResponse": {"CancelUpdateStackResult": {}}}


def test_malformed_arn_is_invalid_parameter_value(call):
    response = call("DeleteStack", StackName="arn:openstack:heat::t:stacks/")
    assert error_of(response)[1] == "InvalidParameterValue"
