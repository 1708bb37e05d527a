"""CFN functions that read the stack, the CFN condition functions and the CFN tables."""

import pytest

from heat.common import exception
from heat.engine import function
from heat.engine.cfn.functions import CFN_CONDITION_FUNCTIONS, CFN_FUNCTIONS, HEAT_CFN_FUNCTIONS
from tests.unit.engine.hot.stack_double import (
    ResourceDefinitionDouble,
    ResourceDouble,
    StackDouble,
)


def cfn_stack(**kwargs):
    resources = {"Server": ResourceDouble("Server", "i-123", {"PublicIp": "1.2.3.4"})}
    kwargs.setdefault("resources", resources)
    return StackDouble(
        functions=CFN_FUNCTIONS, condition_functions=CFN_CONDITION_FUNCTIONS, **kwargs
    )


def test_the_twelve_cfn_functions():
    assert sorted(CFN_FUNCTIONS) == [
        "Fn::Base64", "Fn::FindInMap", "Fn::GetAZs", "Fn::GetAtt", "Fn::If", "Fn::Join",
        "Fn::MemberListToMap", "Fn::Replace", "Fn::ResourceFacade", "Fn::Select", "Fn::Split",
        "Ref",
    ]  # fmt: skip


def test_the_cfn_condition_functions():
    assert sorted(CFN_CONDITION_FUNCTIONS) == [
        "Fn::And", "Fn::Equals", "Fn::FindInMap", "Fn::Not", "Fn::Or", "Ref",
    ]  # fmt: skip


def test_heat_template_format_has_no_fn_if():
    assert set(CFN_FUNCTIONS) - set(HEAT_CFN_FUNCTIONS) == {"Fn::If"}


def test_ref_to_a_parameter_gives_its_value_and_no_dependency():
    stack = cfn_stack(parameters={"AWS::StackName": "teststack"})
    parsed = stack.parse({"Ref": "AWS::StackName"})
    assert list(function.dependencies(parsed)) == []
    assert stack.evaluate({"Ref": "AWS::StackName"}) == "teststack"


def test_ref_to_a_resource_gives_its_reference_id_and_a_dependency():
    stack = cfn_stack()
    parsed = stack.parse({"Ref": "Server"})
    assert [ref.resource_name for ref in function.dependencies(parsed)] == ["Server"]
    assert stack.evaluate({"Ref": "Server"}) == "i-123"


def test_ref_to_an_unknown_name_is_an_invalid_reference():
    with pytest.raises(exception.StackValidationFailed, match='"Nope" \\(in Ref\\) is incorrect'):
        cfn_stack().evaluate({"Ref": "Nope"})


def test_ref_in_a_condition_reads_parameters_only():
    stack = cfn_stack(parameters={"Env": "prod"})
    parsed = stack.t.parse_condition(stack, {"Fn::Equals": [{"Ref": "Env"}, "prod"]})
    assert function.resolve(parsed) is True
    with pytest.raises(exception.UserParameterMissing, match=r"\(Server\) was not provided"):
        function.resolve(stack.t.parse_condition(stack, {"Ref": "Server"}))


def test_fn_getatt_reads_an_attribute():
    assert cfn_stack().evaluate({"Fn::GetAtt": ["Server", "PublicIp"]}) == "1.2.3.4"


@pytest.mark.parametrize("args", [["Server"], ["Server", "PublicIp", "x"], "Server.PublicIp"])
def test_fn_getatt_takes_a_resource_and_an_attribute(args):
    message = r'Arguments to "Fn::GetAtt" must be of the form \[resource_name, attribute\]'
    with pytest.raises(exception.StackValidationFailed, match=message):
        cfn_stack().evaluate({"Fn::GetAtt": args})


def test_fn_getatt_reports_its_attribute():
    parsed = cfn_stack().parse({"Fn::GetAtt": ["Server", "PublicIp"]})
    assert list(function.dep_attrs(parsed, "Server")) == [("PublicIp",)]


MAPPINGS = {"Regions": {"us-east-1": {"AMI": "ami-1"}}}


def test_fn_findinmap_reads_the_mappings():
    snippet = {"Fn::FindInMap": ["Regions", "us-east-1", "AMI"]}
    assert cfn_stack(mappings=MAPPINGS).evaluate(snippet) == "ami-1"


@pytest.mark.parametrize(
    "args, missing",
    [(["Nope", "us-east-1", "AMI"], "map"), (["Regions", "eu", "AMI"], "key"),
     (["Regions", "us-east-1", "Nope"], "value")],
)  # fmt: skip
def test_fn_findinmap_names_what_is_missing(args, missing):
    with pytest.raises(exception.StackValidationFailed, match="found no %s" % missing):
        cfn_stack(mappings=MAPPINGS).evaluate({"Fn::FindInMap": args})


def test_fn_findinmap_takes_three_arguments():
    with pytest.raises(exception.StackValidationFailed, match=r"\[map_name, key, value\]"):
        cfn_stack().evaluate({"Fn::FindInMap": ["Regions", "us-east-1"]})


def test_fn_getazs_gives_the_availability_zones():
    assert cfn_stack().evaluate({"Fn::GetAZs": ""}) == ["nova"]


class ParentDouble:
    t = ResourceDefinitionDouble({"Role": "web"}, "Retain", {})


@pytest.mark.parametrize(
    "section, expected", [("Metadata", {"Role": "web"}), ("DeletionPolicy", "Retain")]
)
def test_fn_resourcefacade_reads_the_parent_definition(section, expected):
    stack = cfn_stack(parent_resource=ParentDouble())
    assert stack.evaluate({"Fn::ResourceFacade": section}) == expected


def test_fn_resourcefacade_rejects_hot_names():
    with pytest.raises(exception.StackValidationFailed, match="one of: Metadata, DeletionPolicy"):
        cfn_stack().evaluate({"Fn::ResourceFacade": "metadata"})


@pytest.mark.parametrize(
    "snippet, expected",
    [
        ({"Fn::If": ["Prod", "big", "small"]}, "big"),
        ({"Fn::If": [{"Fn::Not": ["Prod"]}, "big", "small"]}, "small"),
        ({"Fn::If": [{"Fn::And": ["Prod", {"Fn::Or": [False, True]}]}, 1, 2]}, 1),
    ],
)
def test_fn_if_with_cfn_conditions(snippet, expected):
    assert cfn_stack(conditions={"Prod": True}).evaluate(snippet) == expected


def test_fn_if_takes_three_arguments():
    with pytest.raises(exception.StackValidationFailed, match='"Fn::If" must be of the form'):
        cfn_stack(conditions={"Prod": True}).evaluate({"Fn::If": ["Prod", 1]})
