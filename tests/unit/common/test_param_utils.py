"""Parsing of user-supplied booleans, integers and tags."""

import pytest

from heat.common import param_utils


@pytest.mark.parametrize("value, expected", [("true", True), ("FALSE", False), (True, True)])
def test_booleans_are_only_true_or_false(value, expected):
    assert param_utils.extract_bool("flag", value) is expected


def test_other_boolean_words_are_refused_with_heats_message():
    with pytest.raises(ValueError) as error:
        param_utils.extract_bool("flag", "yes")
    assert str(error.value) == (
        'Unrecognized value "yes" for "flag", acceptable values are: true, false.'
    )


def test_integers_must_be_integral():
    assert param_utils.extract_int("limit", "12") == 12
    with pytest.raises(ValueError):
        param_utils.extract_int("limit", "1.5")


def test_negative_and_zero_are_refused_when_asked():
    with pytest.raises(ValueError):
        param_utils.extract_int("limit", "-1")
    with pytest.raises(ValueError):
        param_utils.extract_int("limit", "0", allow_zero=False)


def test_tags_split_on_commas_and_are_at_most_80_characters():
    assert param_utils.extract_tags("a, b") == ["a", "b"]
    with pytest.raises(ValueError):
        param_utils.extract_tags("x" * 81)


@pytest.mark.parametrize("value", [float("inf"), float("nan"), 1.5, True, "x", [1]])
def test_non_integers_are_refused_with_openstack_heats_message(value):
    with pytest.raises(ValueError) as error:
        param_utils.extract_int("timeout_mins", value)
    assert str(error.value) == "Only integer is acceptable by 'timeout_mins'."


def test_negative_integers_are_refused_with_openstack_heats_message():
    with pytest.raises(ValueError) as error:
        param_utils.extract_int("limit", -1)
    assert str(error.value) == (
        "Value '-1' is invalid for 'limit' which only accepts non-negative integer."
    )
