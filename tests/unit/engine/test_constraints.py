"""The built-in constraints: their checks, messages, schema errors and REST form."""

import pytest

from heat.common import exception
from heat.engine import constraints


def failure(constraint, value, **kwargs):
    with pytest.raises(ValueError) as error:
        constraint.validate(value, **kwargs)
    return str(error.value)


def test_numbers_come_from_numbers_or_text():
    assert constraints.to_number("12") == 12
    assert constraints.to_number("1.5") == 1.5
    assert constraints.to_number(7) == 7


@pytest.mark.parametrize("value", ["x", True, None, [1]])
def test_other_values_are_not_numbers(value):
    with pytest.raises(ValueError, match="is not a number"):
        constraints.to_number(value)


def test_range_accepts_its_bounds_inclusive():
    rule = constraints.Range(1, 5)
    rule.validate(1)
    rule.validate("5")


def test_range_says_which_bounds_were_broken():
    assert failure(constraints.Range(min=1), 0) == "0 is out of range (min: 1, max: None)"


def test_a_description_replaces_the_message():
    assert failure(constraints.Range(max=3, description="too big"), 4) == "too big"


def test_range_needs_a_bound():
    with pytest.raises(exception.InvalidSchemaError, match="must have a min value"):
        constraints.Range()


def test_range_bounds_must_be_numbers():
    with pytest.raises(exception.InvalidSchemaError, match="min/max must be numeric"):
        constraints.Range(min="one")


def test_length_counts_strings_lists_and_maps():
    rule = constraints.Length(1, 2)
    for value in ("a", ["a", "b"], {"k": "v"}):
        rule.validate(value)
    assert failure(rule, "abc") == "length (3) is out of range (min: 1, max: 2)"


def test_length_bounds_must_be_integral():
    with pytest.raises(exception.InvalidSchemaError, match="must be integral"):
        constraints.Length(max=1.5)


def test_modulo_accepts_step_multiples_plus_offset():
    rule = constraints.Modulo(step=2, offset=1)
    rule.validate(3)
    assert failure(rule, 4) == "4 is not a multiple of 2 with an offset of 1"


@pytest.mark.parametrize(
    "step, offset, message",
    [
        (2, None, "must have a step value and an offset value"),
        (0, 0, "step cannot be 0"),
        (2, 2, "offset must be smaller"),
        (3, -1, "both positive or both negative"),
        (1.5, 0, "step/offset must be integer"),
    ],
)
def test_modulo_refuses_inconsistent_settings(step, offset, message):
    with pytest.raises(exception.InvalidSchemaError, match=message):
        constraints.Modulo(step, offset)


def test_allowed_values_lists_the_choices():
    rule = constraints.AllowedValues(["x", "y"])
    rule.validate("x")
    assert failure(rule, "z") == '"z" is not an allowed value ["x", "y"]'


def test_allowed_values_compare_after_conversion():
    constraints.AllowedValues([1, 2]).validate("2", convert=constraints.to_number)


def test_every_item_of_a_list_must_be_allowed():
    rule = constraints.AllowedValues([1, "b"])
    rule.validate(["1", "b"])
    assert "is not an allowed value" in failure(rule, ["b", "c"])


def test_allowed_values_must_be_a_list():
    with pytest.raises(exception.InvalidSchemaError, match="AllowedValues must be a list"):
        constraints.AllowedValues("xy")


def test_allowed_pattern_must_match_the_whole_value():
    rule = constraints.AllowedPattern("[a-z]+")
    rule.validate("abc")
    assert failure(rule, "abc1") == '"abc1" does not match pattern "[a-z]+"'


def test_a_bad_regular_expression_is_a_schema_error():
    with pytest.raises(exception.InvalidSchemaError, match="not a valid regular expression"):
        constraints.AllowedPattern("[a-")


@pytest.mark.parametrize(
    "constraint, expected",
    [
        (constraints.Length(1, 5, "len"), {"length": {"min": 1, "max": 5}, "description": "len"}),
        (constraints.Range(max=9), {"range": {"max": 9}}),
        (constraints.Modulo(2, 1), {"modulo": {"step": 2, "offset": 1}}),
        (constraints.AllowedValues(["a"]), {"allowed_values": ["a"]}),
        (constraints.AllowedPattern("a*"), {"allowed_pattern": "a*"}),
        (constraints.CustomConstraint("ip_addr"), {"custom_constraint": "ip_addr"}),
    ],
)
def test_constraints_serialise_to_the_rest_schema_form(constraint, expected):
    assert constraint.to_dict() == expected


def test_constraints_with_the_same_definition_are_equal():
    assert constraints.Range(1, 2) == constraints.Range("1", "2")
    assert constraints.Range(1, 2) != constraints.Length(1, 2)
