"""Change sets through boto3 against the real engine: made from an update's input, described
with each resource's property changes, executed as previewed, made obsolete by any other
update of the stack, deleted."""

import json

import pytest
from botocore.exceptions import ClientError

from tests.functional.aws.cfn import error_code, wait_for


def body(with_extra: bool) -> str:
    resources = {
        "in_place": {
            "type": "OS::Heat::TestResource",
            "properties": {"value": {"get_param": "value"}},
        },
        "remade": {
            "type": "OS::Heat::RandomString",
            "properties": {"length": {"get_param": "length"}},
        },
        "extra" if with_extra else "dropped": {"type": "OS::Heat::None"},
    }
    return json.dumps(
        {
            "heat_template_version": "2016-10-14",
            "parameters": {"value": {"type": "string"}, "length": {"type": "number"}},
            "resources": resources,
            "outputs": {"value": {"value": {"get_attr": ["in_place", "output"]}}},
        }
    )


def parameters(value, length):
    return [
        {"ParameterKey": "value", "ParameterValue": value},
        {"ParameterKey": "length", "ParameterValue": str(length)},
    ]


def changes_by_resource(described):
    return {
        change["ResourceChange"]["LogicalResourceId"]: change["ResourceChange"]
        for change in described["Changes"]
    }


@pytest.fixture
def stack(stacks):
    return stacks.create_complete(body(False), Parameters=parameters("one", 8))


def test_a_change_set_plans_each_change_and_is_executed_as_planned(cloudformation, stack):
    made = cloudformation.create_change_set(
        StackName=stack["StackName"],
        ChangeSetName="grow",
        Description="adds extra",
        TemplateBody=body(True),
        Parameters=parameters("two", 12),
    )
    assert made["StackId"] == stack["StackId"]
    assert made["Id"].endswith("/grow/" + made["Id"].rsplit("/", 1)[-1])

    described = cloudformation.describe_change_set(
        ChangeSetName="grow", StackName=stack["StackName"]
    )
    assert (described["Status"], described["ExecutionStatus"]) == ("CREATE_COMPLETE", "AVAILABLE")
    assert (described["ChangeSetId"], described["Description"]) == (made["Id"], "adds extra")
    assert described["Parameters"] == [
        {"ParameterKey": "length", "ParameterValue": "12"},
        {"ParameterKey": "value", "ParameterValue": "two"},
    ]
    changes = changes_by_resource(described)
    assert {name: change["Action"] for name, change in changes.items()} == {
        "in_place": "Modify",
        "remade": "Modify",
        "extra": "Add",
        "dropped": "Remove",
    }
    assert (changes["in_place"]["Replacement"], changes["remade"]["Replacement"]) == (
        "False",
        "True",
    )
    [value] = changes["in_place"]["Details"]
    assert value["Target"] == {
        "Attribute": "Properties",
        "Name": "value",
        "RequiresRecreation": "Never",
    }
    [length] = changes["remade"]["Details"]
    assert (length["Target"]["Name"], length["Target"]["RequiresRecreation"]) == (
        "length",
        "Always",
    )
    by_arn = cloudformation.describe_change_set(
        ChangeSetName=made["Id"], IncludePropertyValues=True
    )
    [value] = changes_by_resource(by_arn)["in_place"]["Details"]
    assert (value["Target"]["BeforeValue"], value["Target"]["AfterValue"]) == ('"one"', '"two"')

    cloudformation.create_change_set(
        StackName=stack["StackId"],
        ChangeSetName="other",
        TemplateBody=body(False),
        Parameters=parameters("three", 8),
    )
    listed = cloudformation.list_change_sets(StackName=stack["StackId"])["Summaries"]
    assert [summary["ChangeSetName"] for summary in listed] == ["grow", "other"]

    cloudformation.execute_change_set(ChangeSetName="grow", StackName=stack["StackName"])
    updated = wait_for(cloudformation, "stack_update_complete", stack["StackId"])
    assert updated["Outputs"][0]["OutputValue"] == "two"
    resources = cloudformation.list_stack_resources(StackName=stack["StackId"])
    names = {r["LogicalResourceId"] for r in resources["StackResourceSummaries"]}
    assert names == {"in_place", "remade", "extra"}
    executed = cloudformation.describe_change_set(ChangeSetName=made["Id"])
    assert executed["ExecutionStatus"] == "EXECUTE_COMPLETE"

    # The stack moved on: the other change set no longer describes an update of it.
    other = cloudformation.describe_change_set(ChangeSetName="other", StackName=stack["StackId"])
    assert other["ExecutionStatus"] == "OBSOLETE"
    with pytest.raises(ClientError) as raised:
        cloudformation.execute_change_set(ChangeSetName="other", StackName=stack["StackId"])
    assert error_code(raised) == ("InvalidChangeSetStatus", 400)

    cloudformation.delete_change_set(ChangeSetName="other", StackName=stack["StackId"])
    with pytest.raises(ClientError) as raised:
        cloudformation.describe_change_set(ChangeSetName="other", StackName=stack["StackId"])
    assert error_code(raised) == ("ChangeSetNotFound", 404)


def test_a_change_set_without_changes_fails_and_names_are_unique(cloudformation, stack):
    arguments = {
        "StackName": stack["StackId"],
        "TemplateBody": body(False),
        "Parameters": parameters("one", 8),
    }
    cloudformation.create_change_set(ChangeSetName="same", **arguments)
    described = cloudformation.describe_change_set(ChangeSetName="same", StackName=stack["StackId"])
    assert (described["Status"], described["ExecutionStatus"]) == ("FAILED", "UNAVAILABLE")
    assert "didn't contain changes" in described["StatusReason"]
    assert described["Changes"] == []
    with pytest.raises(ClientError) as raised:
        cloudformation.create_change_set(ChangeSetName="same", **arguments)
    assert error_code(raised) == ("AlreadyExistsException", 400)
    with pytest.raises(ClientError) as raised:
        cloudformation.execute_change_set(ChangeSetName="same", StackName=stack["StackId"])
    assert error_code(raised) == ("InvalidChangeSetStatus", 400)


def test_a_change_set_of_the_previous_template_with_new_values(cloudformation, stack):
    cloudformation.create_change_set(
        StackName=stack["StackName"],
        ChangeSetName="values",
        UsePreviousTemplate=True,
        Parameters=[
            {"ParameterKey": "value", "ParameterValue": "two"},
            {"ParameterKey": "length", "UsePreviousValue": True},
        ],
    )
    described = cloudformation.describe_change_set(
        ChangeSetName="values", StackName=stack["StackName"], IncludePropertyValues=True
    )
    # Only the values given are echoed; a kept one is not.
    assert described["Parameters"] == [{"ParameterKey": "value", "ParameterValue": "two"}]
    changes = changes_by_resource(described)
    assert list(changes) == ["in_place"]
    [detail] = changes["in_place"]["Details"]
    assert (detail["Target"]["BeforeValue"], detail["Target"]["AfterValue"]) == ('"one"', '"two"')
    cloudformation.execute_change_set(ChangeSetName="values", StackName=stack["StackName"])
    updated = wait_for(cloudformation, "stack_update_complete", stack["StackId"])
    assert updated["Outputs"][0]["OutputValue"] == "two"
