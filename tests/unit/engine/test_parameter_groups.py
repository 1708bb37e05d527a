"""Validation of the parameter_groups section."""

import pytest

from heat.common import exception
from heat.engine.parameter_groups import ParameterGroups

NAMES = ["a", "b", "c", "OS::stack_id"]


def error_of(groups):
    with pytest.raises(exception.StackValidationFailed) as error:
        ParameterGroups(groups, NAMES).validate()
    return str(error.value)


def test_groups_of_known_parameters_are_valid():
    ParameterGroups(
        [{"label": "g1", "description": "d", "parameters": ["a", "b"]}, {"parameters": ["c"]}],
        NAMES,
    ).validate()


def test_a_missing_section_is_valid():
    ParameterGroups(None, NAMES).validate()


def test_pseudo_parameters_may_be_grouped():
    ParameterGroups([{"label": "g", "parameters": ["OS::stack_id"]}], NAMES).validate()


def test_the_section_must_be_a_list():
    assert error_of({"label": "g"}) == (
        "Parameter Groups error: parameter_groups: The parameter_groups should be a list."
    )


def test_a_group_needs_parameters():
    assert error_of([{"label": "g"}]) == (
        "Parameter Groups error: parameter_groups.g: "
        "The parameters must be provided for each parameter group."
    )


def test_a_group_parameters_must_be_a_list():
    assert error_of([{"label": "g", "parameters": "a"}]) == (
        "Parameter Groups error: parameter_groups.g: "
        "The parameters of parameter group should be a list."
    )


def test_a_parameter_belongs_to_one_group_only():
    groups = [{"label": "g1", "parameters": ["a"]}, {"label": "g2", "parameters": ["b", "a"]}]
    assert error_of(groups) == (
        "Parameter Groups error: parameter_groups.g2: "
        "The a parameter must be assigned to one parameter group only."
    )


def test_a_grouped_name_must_be_a_parameter():
    assert error_of([{"label": "g", "parameters": ["zz"]}]) == (
        "Parameter Groups error: parameter_groups.g: "
        "The grouped parameter zz does not reference a valid parameter."
    )


def test_the_error_path_names_the_group():
    with pytest.raises(exception.StackValidationFailed) as error:
        ParameterGroups([{"label": "net", "parameters": ["zz"]}], NAMES).validate()
    assert error.value.path == ["parameter_groups", "net"]


def test_each_group_must_be_a_map():
    assert "Each parameter group should be a map." in error_of(["a"])
