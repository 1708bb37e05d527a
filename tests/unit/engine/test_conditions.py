"""Conditions: evaluation, references between conditions, their effect on resources,
outputs and ``if``, and their errors."""

import pytest

from heat.common import exception
from heat.engine.conditions import Conditions
from tests.unit.engine.template_helpers import definition, hot

PARAMETERS = {"env": {"type": "string", "default": "prod"}}
IS_PROD = {"equals": [{"get_param": "env"}, "prod"]}


def conditional(conditions, resources=None, outputs=None, params=None):
    document = hot(
        parameters=PARAMETERS,
        conditions=conditions,
        resources=resources or {},
        outputs=outputs or {},
    )
    return definition(document, params=params)


def test_condition_follows_the_parameters():
    assert conditional({"prod": IS_PROD}).condition("prod") is True
    assert conditional({"prod": IS_PROD}, params={"env": "dev"}).condition("prod") is False


def test_condition_may_be_a_boolean():
    assert conditional({"always": True}).condition("always") is True


def test_conditions_may_refer_to_conditions():
    stack = conditional(
        {"prod": IS_PROD, "dev": {"not": "prod"}, "either": {"or": ["prod", "dev"]}}
    )
    assert (stack.condition("dev"), stack.condition("either")) == (False, True)


def test_circular_conditions_are_reported():
    stack = conditional({"a": {"not": "b"}, "b": {"not": "a"}})
    with pytest.raises(exception.StackValidationFailed, match="a -> b -> a"):
        stack.condition("a")


def test_unknown_condition_is_reported_by_the_stack():
    with pytest.raises(exception.StackValidationFailed, match='Invalid condition "ghost"'):
        conditional({}).condition("ghost")


def test_has_condition_tells_defined_names():
    stack = conditional({"prod": IS_PROD})
    assert stack.has_condition("prod") and not stack.has_condition("ghost")


def test_is_enabled_treats_none_as_true_and_booleans_as_themselves():
    conditions = Conditions({})
    assert conditions.is_enabled(None) is True
    assert conditions.is_enabled(False) is False


def test_is_enabled_refuses_unknown_names():
    with pytest.raises(ValueError, match='Invalid condition "x"'):
        Conditions({}).is_enabled("x")


def test_a_definition_that_is_not_a_condition_is_invalid():
    with pytest.raises(exception.StackValidationFailed) as error:
        conditional({"c": "prod"}).validate()
    assert str(error.value) == (
        'Condition validation error: The definition of condition "c" is invalid: prod'
    )


def test_resource_functions_are_invalid_in_conditions():
    with pytest.raises(exception.StackValidationFailed) as error:
        conditional({"c": {"equals": [{"get_resource": "r"}, "x"]}}).validate()
    assert str(error.value).startswith("conditions.c.equals[0].get_resource: ")
    assert "invalid in this context" in str(error.value)


def test_errors_in_condition_functions_name_the_condition():
    with pytest.raises(exception.StackValidationFailed) as error:
        conditional({"c": {"equals": [1]}}).validate()
    assert str(error.value).startswith("conditions.c")


def test_resource_with_a_false_condition_is_disabled():
    resources = {
        "a": {"type": "OS::Heat::None", "condition": {"not": "prod"}},
        "b": {"type": "OS::Heat::None", "condition": "prod"},
    }
    stack = conditional({"prod": IS_PROD}, resources)
    assert list(stack.resource_names) == ["b"]
    assert list(stack.resource_definitions) == ["b"]
    assert "a" not in stack


def test_resource_with_an_unknown_condition_is_reported():
    stack = conditional({}, {"a": {"type": "OS::Heat::None", "condition": "ghost"}})
    with pytest.raises(exception.StackValidationFailed) as error:
        stack.validate()
    assert str(error.value) == 'resources.a.condition: Invalid condition "ghost"'


def test_output_with_a_false_condition_has_no_value():
    outputs = {
        "o": {"value": "x", "condition": {"not": "prod"}},
        "p": {"value": "y", "condition": "prod"},
    }
    stack = conditional({"prod": IS_PROD}, outputs=outputs)
    values = {name: output.get_value() for name, output in stack.outputs.items()}
    assert values == {"o": None, "p": "y"}


def test_if_on_a_property_picks_a_branch():
    resources = {
        "s": {
            "type": "OS::Nova::Server",
            "properties": {"flavor": {"if": ["prod", "large", "small"]}},
        }
    }
    stack = conditional({"prod": IS_PROD}, resources, params={"env": "dev"})
    assert stack.resource_definitions["s"].properties() == {"flavor": "small"}


def test_if_may_refer_to_a_resource_disabled_on_the_other_branch():
    resources = {
        "volume": {"type": "OS::Cinder::Volume", "condition": "prod"},
        "s": {
            "type": "OS::Nova::Server",
            "properties": {"volume": {"if": ["prod", {"get_resource": "volume"}, None]}},
        },
    }
    stack = conditional({"prod": IS_PROD}, resources, params={"env": "dev"})
    stack.validate()
    assert stack.resource_definitions["s"].dependencies(stack) == []


def test_reference_to_a_disabled_resource_fails_validation():
    resources = {
        "volume": {"type": "OS::Cinder::Volume", "condition": "prod"},
        "s": {"type": "OS::Nova::Server", "properties": {"volume": {"get_resource": "volume"}}},
    }
    stack = conditional({"prod": IS_PROD}, resources, params={"env": "dev"})
    with pytest.raises(exception.StackValidationFailed, match="resources.s.properties.volume"):
        stack.validate()


def test_validation_does_not_evaluate_unused_conditions():
    conditional({"a": {"not": "b"}, "b": {"and": ["a", True]}, "c": {"not": "ghost"}}).validate()


def test_a_used_condition_in_a_cycle_is_refused():
    stack = conditional(
        {"a": {"not": "b"}, "b": {"and": ["a", True]}},
        resources={"r": {"type": "OS::Heat::None", "condition": "a"}},
    )
    with pytest.raises(exception.StackValidationFailed, match="Circular reference"):
        stack.validate()


def test_a_used_condition_naming_an_unknown_one_is_refused():
    stack = conditional(
        {"c": {"not": "ghost"}}, resources={"r": {"type": "OS::Heat::None", "condition": "c"}}
    )
    with pytest.raises(exception.StackValidationFailed, match="ghost"):
        stack.validate()
