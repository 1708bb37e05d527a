"""UpdateStack, CancelUpdateStack and DeleteStack through boto3."""

import pytest
from botocore.exceptions import ClientError

from tests.functional.aws.cfn import error_code, settled, template, wait_for


def _parameters(**values):
    return [{"ParameterKey": key, "ParameterValue": str(value)} for key, value in values.items()]


def test_update_changes_parameters_and_outputs(cloudformation, stacks):
    body = template("slow_update.yaml")
    stack = stacks.create_complete(body, Parameters=_parameters(value="one"))
    answer = cloudformation.update_stack(
        StackName=stack["StackName"], TemplateBody=body, Parameters=_parameters(value="two")
    )
    assert answer["StackId"] == stack["StackId"]
    updated = wait_for(cloudformation, "stack_update_complete", stack["StackId"])
    assert updated["StackStatus"] == "UPDATE_COMPLETE"
    assert updated["Outputs"][0]["OutputValue"] == "two"
    assert updated["LastUpdatedTime"] >= updated["CreationTime"]


def test_cancel_update_rolls_back(cloudformation, stacks):
    body = template("slow_update.yaml")
    stack = stacks.create_complete(body, OnFailure="ROLLBACK", Parameters=_parameters(value="one"))
    cloudformation.update_stack(
        StackName=stack["StackId"],
        TemplateBody=body,
        Parameters=_parameters(value="two", update_wait=15),
    )
    cloudformation.cancel_update_stack(StackName=stack["StackName"])
    rolled_back = settled(cloudformation, stack["StackId"], action="ROLLBACK")
    assert rolled_back["StackStatus"] == "ROLLBACK_COMPLETE"
    assert rolled_back["Outputs"][0]["OutputValue"] == "one"


def test_cancel_without_an_update_in_progress_fails(cloudformation, described_stack):
    with pytest.raises(ClientError) as raised:
        cloudformation.cancel_update_stack(StackName=described_stack["StackName"])
    assert error_code(raised)[1] == 400


def test_delete_by_arn(cloudformation, stacks):
    stack = stacks.create_complete()
    assert cloudformation.delete_stack(StackName=stack["StackId"])
    wait_for(cloudformation, "stack_delete_complete", stack["StackId"])
    (deleted,) = cloudformation.describe_stacks(StackName=stack["StackId"])["Stacks"]
    assert deleted["StackStatus"] == "DELETE_COMPLETE"
    with pytest.raises(ClientError) as raised:
        cloudformation.describe_stacks(StackName=stack["StackName"])
    assert error_code(raised) == ("InvalidParameterValue", 400)


def test_update_of_an_unknown_stack_fails(cloudformation):
    with pytest.raises(ClientError) as raised:
        cloudformation.update_stack(StackName="no-such-stack", TemplateBody="{}")
    assert error_code(raised) == ("InvalidParameterValue", 400)


PREVIOUS = """
heat_template_version: 2016-10-14
parameters:
  kept: {type: string}
  changed: {type: string}
  reset: {type: string, default: the default}
resources:
  thing: {type: OS::Heat::None}
outputs:
  values: {value: {list_join: [",", [{get_param: kept}, {get_param: changed}, {get_param: reset}]]}}
"""


def test_update_with_the_previous_template_and_values(cloudformation, stacks):
    stack = stacks.create_complete(
        PREVIOUS, Parameters=_parameters(kept="k1", changed="c1", reset="r1")
    )
    cloudformation.update_stack(
        StackName=stack["StackName"],
        UsePreviousTemplate=True,
        Parameters=[
            {"ParameterKey": "kept", "UsePreviousValue": True},
            {"ParameterKey": "changed", "ParameterValue": "c2"},
        ],
    )
    updated = wait_for(cloudformation, "stack_update_complete", stack["StackId"])
    # As AWS: a parameter the update leaves out goes back to its default.
    assert updated["Outputs"][0]["OutputValue"] == "k1,c2,the default"
    kept = cloudformation.get_template(StackName=stack["StackId"])["TemplateBody"]
    assert set(kept["parameters"]) == {"kept", "changed", "reset"}


def test_the_previous_template_and_a_new_one_are_refused_together(cloudformation, stacks):
    stack = stacks.create_complete(PREVIOUS, Parameters=_parameters(kept="k", changed="c"))
    with pytest.raises(ClientError) as refused:
        cloudformation.update_stack(
            StackName=stack["StackName"], UsePreviousTemplate=True, TemplateBody=PREVIOUS
        )
    assert error_code(refused) == ("InvalidParameterCombination", 400)
