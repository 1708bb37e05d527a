"""CFN parameter entries and the AWS pseudo parameters."""

import pytest

from heat.common import exception
from heat.common.identifier import HeatIdentifier
from heat.engine import constraints, parameters
from heat.engine.cfn.parameters import CfnParamSchema, CfnPseudoParameters


def test_cfn_keys_become_constraints_sharing_the_description():
    schema = CfnParamSchema.from_dict(
        "p",
        {
            "Type": "String",
            "MinLength": "1",
            "MaxLength": 8,
            "AllowedPattern": "[a-z]*",
            "AllowedValues": ["ab", "cd"],
            "ConstraintDescription": "lower case",
        },
    )
    assert schema.constraints == [
        constraints.Length(1, 8, "lower case"),
        constraints.AllowedValues(["ab", "cd"], "lower case"),
        constraints.AllowedPattern("[a-z]*", "lower case"),
    ]


def test_min_and_max_value_make_a_range():
    schema = CfnParamSchema.from_dict("n", {"Type": "Number", "MinValue": 1, "MaxValue": "9"})
    assert schema.constraints == [constraints.Range(1, 9)]


@pytest.mark.parametrize("no_echo, hidden", [("true", True), ("TRUE", True), ("false", False)])
def test_no_echo_hides_the_value(no_echo, hidden):
    schema = CfnParamSchema.from_dict("p", {"Type": "String", "NoEcho": no_echo})
    assert schema.hidden is hidden


def test_all_five_types_are_known():
    for name in ("String", "Number", "CommaDelimitedList", "Json", "Boolean"):
        assert CfnParamSchema.from_dict("p", {"Type": name}).type == name


def test_an_unknown_type_names_the_parameter():
    with pytest.raises(exception.InvalidSchemaError) as error:
        CfnParamSchema.from_dict("p", {"Type": "string"})
    assert str(error.value) == "Parameter 'p' is invalid: Invalid type (string)"


def test_hot_keys_are_not_cfn_keys():
    with pytest.raises(exception.InvalidSchemaError, match="Invalid key 'type' for parameter"):
        CfnParamSchema.from_dict("p", {"Type": "String", "type": "string"})


def test_the_type_is_required():
    with pytest.raises(exception.InvalidSchemaError, match="Missing parameter type"):
        CfnParamSchema.from_dict("p", {"Default": "x"})


def pseudo(identifier):
    return parameters.Parameters(identifier, {}, pseudo=CfnPseudoParameters())


def test_the_stack_id_is_the_stack_arn():
    values = pseudo(HeatIdentifier("tenant1", "web", "abc-123"))
    assert values["AWS::StackId"] == "arn:openstack:heat::tenant1:stacks/web/abc-123"
    assert values["AWS::StackName"] == "web"


def test_before_the_stack_has_an_id_the_stack_id_is_none_text():
    values = pseudo({"tenant": "t", "stack_name": "web", "stack_id": None})
    assert values["AWS::StackId"] == "None"
    values.set_stack_id(HeatIdentifier("t", "web", "42"))
    assert values["AWS::StackId"] == "arn:openstack:heat::t:stacks/web/42"


def test_the_region_defaults_to_ap_southeast_1_and_allows_seven_regions():
    values = pseudo(HeatIdentifier("t", "web", "1"))
    assert values["AWS::Region"] == "ap-southeast-1"
    region = values.parameter("AWS::Region")
    assert len(region.schema.constraints[0].allowed) == 7
    values.validate()


def test_without_an_identifier_only_the_stack_id_exists():
    assert dict(pseudo(None)) == {"AWS::StackId": "None"}
