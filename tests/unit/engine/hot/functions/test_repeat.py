"""repeat: lists (2015-04-30), map keys (2016-10-14), permutations (2017-09-01)."""

import pytest

from heat.common import exception
from heat.engine.hot.function_tables import VERSIONS
from tests.unit.engine.hot.stack_double import StackDouble


def repeat(args, version="2021-04-16", **kwargs):
    return StackDouble(version=version, **kwargs).evaluate({"repeat": args})


@pytest.mark.parametrize("version", VERSIONS[2:])
def test_repeat_makes_one_copy_per_item(version):
    args = {"for_each": {"%port%": ["80", "443"]}, "template": {"port": "%port%"}}
    assert repeat(args, version) == [{"port": "80"}, {"port": "443"}]


def test_repeat_replaces_in_map_keys_and_nested_lists():
    args = {"for_each": {"<x>": ["a"]}, "template": {"k_<x>": ["<x>", {"n": "<x><x>"}, 3]}}
    assert repeat(args) == [{"k_a": ["a", {"n": "aa"}, 3]}]


def test_repeat_writes_non_string_items_as_text():
    assert repeat({"for_each": {"X": [1, [2]]}, "template": "v=X"}) == ["v=1", "v=[2]"]


def test_repeat_over_several_lists_makes_every_combination():
    args = {"for_each": {"A": ["1", "2"], "B": ["x", "y"]}, "template": "A-B"}
    assert repeat(args) == ["1-x", "1-y", "2-x", "2-y"]


def test_repeat_takes_lists_from_parameters():
    stack = StackDouble(parameters={"ports": ["22", "80"]})
    snippet = {"repeat": {"for_each": {"P": {"get_param": "ports"}}, "template": "P"}}
    assert stack.evaluate(snippet) == ["22", "80"]


@pytest.mark.parametrize("version", VERSIONS[5:])
def test_repeat_over_a_map_uses_its_keys_from_2016_10_14(version):
    args = {"for_each": {"K": {"a": 1, "b": 2}}, "template": "K"}
    assert repeat(args, version) == ["a", "b"]


@pytest.mark.parametrize("version", VERSIONS[2:5])
def test_repeat_over_a_map_is_refused_before_2016_10_14(version):
    args = {"for_each": {"K": {"a": 1}}, "template": "K"}
    with pytest.raises(exception.StackValidationFailed, match="must be lists"):
        repeat(args, version)


@pytest.mark.parametrize("version", VERSIONS[7:])
def test_repeat_without_permutations_zips_the_lists(version):
    args = {
        "for_each": {"A": ["1", "2"], "B": ["x", "y"]},
        "template": "A-B",
        "permutations": False,
    }
    assert repeat(args, version) == ["1-x", "2-y"]


def test_repeat_without_permutations_needs_lists_of_equal_length():
    args = {"for_each": {"A": ["1"], "B": ["x", "y"]}, "template": "A", "permutations": False}
    with pytest.raises(exception.StackValidationFailed, match="length of for_each values"):
        repeat(args)


def test_permutations_must_be_a_boolean():
    args = {"for_each": {"A": ["1"]}, "template": "A", "permutations": "no"}
    with pytest.raises(exception.StackValidationFailed, match="must be a boolean"):
        repeat(args)


def test_permutations_is_ignored_before_2017_09_01():
    args = {"for_each": {"A": ["1", "2"], "B": ["x"]}, "template": "AB", "permutations": False}
    assert repeat(args, "2017-02-24") == ["1x", "2x"]


@pytest.mark.parametrize(
    "args",
    [
        ["a"],
        {"for_each": {"A": ["1"]}},
        {"template": "A"},
        {"for_each": ["A"], "template": "A"},
        {"for_each": {"A": "abc"}, "template": "A"},
        {"for_each": {}, "template": "A"},
    ],
)
def test_repeat_rejects_malformed_arguments(args):
    with pytest.raises(exception.StackValidationFailed, match='"repeat"|for_each'):
        repeat(args)
