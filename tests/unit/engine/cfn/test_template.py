"""CFN formats: AWSTemplateFormatVersion 2010-09-09 and HeatTemplateFormatVersion 2012-12-12."""

import pytest

from heat.common import exception
from tests.unit.engine.template_helpers import REGISTRY, definition

AWS = {"AWSTemplateFormatVersion": "2010-09-09"}
HEAT = {"HeatTemplateFormatVersion": "2012-12-12"}
INSTANCE = {"Type": "AWS::EC2::Instance"}


def validate(document):
    REGISTRY.load(document).validate()


def failure(document):
    with pytest.raises(exception.StackValidationFailed) as error:
        validate(document)
    return str(error.value)


@pytest.mark.parametrize("version", [AWS, HEAT])
def test_both_formats_accept_the_shared_sections(version):
    validate(
        dict(
            version,
            Description="d",
            Mappings={"M": {"k": {"v": 1}}},
            Parameters={},
            Resources={"i": dict(INSTANCE)},
            Outputs={},
        )
    )


def test_conditions_section_exists_only_in_aws_format():
    validate(dict(AWS, Conditions={"c": True}))
    with pytest.raises(exception.InvalidTemplateSection, match="Conditions"):
        validate(dict(HEAT, Conditions={"c": True}))


def test_resource_condition_key_exists_only_in_aws_format():
    validate(dict(AWS, Resources={"i": dict(INSTANCE, Condition=True)}))
    message = failure(dict(HEAT, Resources={"i": dict(INSTANCE, Condition=True)}))
    assert message == "Resources.i: Invalid keyword(s) inside a resource definition: Condition"


def test_output_condition_key_exists_only_in_aws_format():
    validate(dict(AWS, Outputs={"o": {"Value": 1, "Condition": True}}))
    with pytest.raises(exception.StackValidationFailed, match='"Condition" is not a valid'):
        validate(dict(HEAT, Outputs={"o": {"Value": 1, "Condition": True}}))


@pytest.mark.parametrize("version", [AWS, HEAT])
def test_every_cfn_resource_key_is_accepted(version):
    resource = {
        "Type": "AWS::EC2::Instance",
        "Properties": {},
        "Metadata": {},
        "DependsOn": "j",
        "DeletionPolicy": "Snapshot",
        "UpdatePolicy": {},
        "Description": "d",
    }
    validate(dict(version, Resources={"i": resource, "j": dict(INSTANCE)}))


def test_hot_keys_are_refused_in_cfn():
    message = failure(dict(AWS, Resources={"i": {"type": "AWS::EC2::Instance"}}))
    assert message == "Resources.i: Invalid keyword(s) inside a resource definition: type"


def test_missing_type_names_the_cfn_key():
    message = failure(dict(AWS, Resources={"i": {"Properties": {}}}))
    assert message == 'Resources.i: Resource i is missing "Type"'


def test_lowercase_deletion_policy_is_refused():
    message = failure(dict(AWS, Resources={"i": dict(INSTANCE, DeletionPolicy="retain")}))
    assert message == 'Resources.i.DeletionPolicy: Invalid deletion policy "retain"'


def test_output_needs_a_value_key():
    message = failure(dict(AWS, Outputs={"o": {"Description": "d"}}))
    assert message.endswith("Each output definition must contain a Value key.")


def test_mappings_attribute_reads_the_section():
    template = REGISTRY.load(dict(AWS, Mappings={"M": {"k": {"v": 1}}}))
    assert template.mappings == {"M": {"k": {"v": 1}}}
    assert REGISTRY.load(dict(AWS)).mappings == {}


def test_find_in_map_resolves_through_the_definition():
    document = dict(
        AWS,
        Parameters={"Size": {"Type": "String", "Default": "small"}},
        Mappings={"Flavors": {"small": {"name": "m1.small"}}},
        Outputs={"o": {"Value": {"Fn::FindInMap": ["Flavors", {"Ref": "Size"}, "name"]}}},
    )
    assert definition(document).outputs["o"].get_value() == "m1.small"


def test_cfn_condition_disables_a_resource():
    document = dict(
        AWS,
        Parameters={"Env": {"Type": "String", "Default": "dev"}},
        Conditions={"Prod": {"Fn::Equals": [{"Ref": "Env"}, "prod"]}},
        Resources={"i": dict(INSTANCE), "backup": dict(INSTANCE, Condition="Prod")},
    )
    stack = definition(document)
    assert list(stack.resource_names) == ["i"]
    assert list(stack.all_resource_names) == ["i", "backup"]


def test_fn_if_is_not_a_function_of_heat_format():
    document = dict(HEAT, Outputs={"o": {"Value": {"Fn::If": ["c", 1, 2]}}})
    assert definition(document).outputs["o"].get_value() == {"Fn::If": ["c", 1, 2]}


def test_cfn_parameter_defaults_come_from_the_environment():
    document = dict(AWS, Parameters={"Size": {"Type": "String", "Default": "small"}})
    stack = definition(document, env={"parameter_defaults": {"Size": "large"}})
    assert stack.parameters["Size"] == "large"


def test_cfn_pseudo_parameters_are_present():
    stack = definition(dict(AWS))
    assert stack.parameters["AWS::StackId"] == "None"
