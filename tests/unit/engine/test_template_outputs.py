"""Output definitions built from the outputs section."""

import pytest

from heat.common import exception
from heat.engine.output import OutputDefinition
from tests.unit.engine.template_helpers import definition, hot

RESOURCES = {"a": {"type": "OS::Heat::None"}}


def outputs(**outputs):
    return definition(hot(resources=RESOURCES, outputs=outputs)).outputs


def test_output_value_is_resolved():
    assert outputs(o={"value": {"list_join": ["-", ["x", "y"]]}})["o"].get_value() == "x-y"


def test_output_description_has_a_placeholder():
    result = outputs(o={"value": 1}, p={"value": 1, "description": "described"})
    assert result["o"].description() == "No description given"
    assert result["p"].description() == "described"


def test_output_dependencies_name_the_resources_read():
    result = outputs(o={"value": [{"get_resource": "a"}, {"get_attr": ["a", "show"]}]})
    assert result["o"].dependencies() == ["a"]


def test_output_renders_as_hot():
    snippet = {"value": {"get_attr": ["a", "show"]}, "description": "d", "condition": True}
    assert outputs(o=snippet)["o"].render_hot() == snippet


def test_output_with_a_false_condition_is_not_parsed():
    snippet = {"value": {"get_attr": ["ghost", "x"]}, "condition": False}
    output = outputs(o=snippet)["o"]
    assert (output.value, output.get_value(), output.dependencies()) == (None, None, [])


def test_an_output_naming_an_undeclared_parameter_fails_only_when_resolved():
    stack = definition(hot(outputs={"o": {"value": {"list_join": ["-", [{"get_param": "x"}]]}}}))
    stack.validate()
    with pytest.raises(exception.UserParameterMissing):
        stack.outputs["o"].get_value()


def test_output_definition_can_be_built_directly():
    output = OutputDefinition("o", {"k": 1})
    assert output.get_value() == {"k": 1}
