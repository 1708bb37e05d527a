"""str_replace and its JSON, strict and very strict variants."""

import pytest

from heat.common import exception
from heat.engine.hot.function_tables import VERSIONS
from heat.engine.hot.functions.replace import substitute
from tests.unit.engine.hot.stack_double import StackDouble

JSON_VERSIONS = VERSIONS[3:]
STRICT_VERSIONS = VERSIONS[6:]
VERY_STRICT_VERSIONS = VERSIONS[7:]


def replace(params, template="Hello $name", name="str_replace", version="2021-04-16"):
    snippet = {name: {"template": template, "params": params}}
    return StackDouble(version=version).evaluate(snippet)


@pytest.mark.parametrize("version", VERSIONS)
def test_str_replace_replaces_placeholders(version):
    assert replace({"$name": "world"}, version=version) == "Hello world"


def test_longest_placeholders_are_replaced_first():
    assert substitute("abcd", {"bcd": "1", "ab": "2"}) == "a1"
    assert substitute("$var $var2", {"$var": "x", "$var2": "y"}) == "x y"


def test_equal_length_placeholders_are_replaced_in_alphabetical_order():
    assert substitute("abc", {"bc": "2", "ab": "1"}) == "1c"


def test_replaced_text_is_not_replaced_again():
    assert replace({"$name": "$other", "$other": "no"}) == "Hello $other"


@pytest.mark.parametrize("value, expected", [(5, "5"), (2.5, "2.5"), (None, ""), (True, "True")])
def test_str_replace_writes_numbers_as_text(value, expected):
    assert replace({"$name": value}) == "Hello " + expected


@pytest.mark.parametrize("version", VERSIONS[:3])
def test_str_replace_rejects_list_values_before_2015_10_15(version):
    with pytest.raises(exception.StackValidationFailed, match="params must be strings or numbers"):
        replace({"$name": [1]}, version=version)


@pytest.mark.parametrize("version", JSON_VERSIONS)
def test_str_replace_writes_lists_and_maps_as_json_from_2015_10_15(version):
    assert replace({"$name": {"b": [1], "a": None}}, version=version) == (
        'Hello {"a": null, "b": [1]}'
    )


@pytest.mark.parametrize(
    "args",
    [
        "text",
        {"template": "x"},
        {"params": {}},
        {"template": ["x"], "params": {}},
        {"template": "x", "params": ["a"]},
        {"template": "x", "params": {"": "a"}},
    ],
)
def test_str_replace_rejects_malformed_arguments(args):
    with pytest.raises(exception.StackValidationFailed, match='"str_replace"'):
        StackDouble().evaluate({"str_replace": args})


@pytest.mark.parametrize("version", STRICT_VERSIONS)
def test_str_replace_strict_fails_when_a_placeholder_is_missing(version):
    message = "The following params were not found in the template.*: \\$absent,\\$gone"
    with pytest.raises(exception.StackValidationFailed, match=message):
        replace(
            {"$name": "x", "$gone": "y", "$absent": "z"}, name="str_replace_strict", version=version
        )


def test_str_replace_strict_accepts_empty_values():
    assert replace({"$name": ""}, name="str_replace_strict") == "Hello "


@pytest.mark.parametrize("version", VERY_STRICT_VERSIONS)
def test_str_replace_vstrict_fails_on_empty_values(version):
    with pytest.raises(exception.StackValidationFailed, match="empty values.*: \\$name"):
        replace({"$name": None}, name="str_replace_vstrict", version=version)


def test_str_replace_vstrict_replaces_like_str_replace():
    assert replace({"$name": 0}, name="str_replace_vstrict") == "Hello 0"
