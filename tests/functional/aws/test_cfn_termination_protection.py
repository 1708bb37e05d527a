"""UpdateTerminationProtection and DescribeStacks' EnableTerminationProtection through
boto3: a protected stack is refused deletion with ValidationError until cleared."""

import pytest
from botocore.exceptions import ClientError

from tests.functional.aws.cfn import error_code, wait_for


def test_a_protected_stack_is_not_deleted_until_the_protection_is_lifted(cloudformation, stacks):
    stack = stacks.create_complete()
    assert stack["EnableTerminationProtection"] is False

    answer = cloudformation.update_termination_protection(
        StackName=stack["StackName"], EnableTerminationProtection=True
    )
    assert answer["StackId"] == stack["StackId"]
    (described,) = cloudformation.describe_stacks(StackName=stack["StackId"])["Stacks"]
    assert described["EnableTerminationProtection"] is True

    with pytest.raises(ClientError) as raised:
        cloudformation.delete_stack(StackName=stack["StackId"])
    assert error_code(raised) == ("ValidationError", 400)
    assert "termination protection is enabled" in raised.value.response["Error"]["Message"]
    (kept,) = cloudformation.describe_stacks(StackName=stack["StackId"])["Stacks"]
    assert kept["StackStatus"] == "CREATE_COMPLETE"

    cloudformation.update_termination_protection(
        StackName=stack["StackId"], EnableTerminationProtection=False
    )
    cloudformation.delete_stack(StackName=stack["StackId"])
    wait_for(cloudformation, "stack_delete_complete", stack["StackId"])
