"""map_merge, map_replace, filter, list_concat, list_concat_unique and contains."""

import pytest

from heat.common import exception
from heat.engine.hot.function_tables import VERSIONS
from tests.unit.engine.hot.stack_double import StackDouble

Error = (exception.StackValidationFailed, exception.IntrinsicFunctionError)


def evaluate(snippet, version="2021-04-16", **kwargs):
    return StackDouble(version=version, **kwargs).evaluate(snippet)


@pytest.mark.parametrize("version", VERSIONS[4:])
def test_map_merge_lets_later_maps_win(version):
    snippet = {"map_merge": [{"a": 1, "b": 1}, {"b": 2}, None, {"c": 3}]}
    assert evaluate(snippet, version) == {"a": 1, "b": 2, "c": 3}


@pytest.mark.parametrize("args", [{"a": 1}, [{"a": 1}, ["b"]], "ab"])
def test_map_merge_rejects_anything_but_a_list_of_maps(args):
    with pytest.raises(exception.StackValidationFailed, match="map_merge|maps"):
        evaluate({"map_merge": args})


@pytest.mark.parametrize("version", VERSIONS[5:])
def test_map_replace_replaces_keys_and_values(version):
    snippet = {
        "map_replace": [
            {"k1": "v1", "k2": "v2"},
            {"keys": {"k1": "K1"}, "values": {"v2": "V2"}},
        ]
    }
    assert evaluate(snippet, version) == {"K1": "v1", "k2": "V2"}


def test_map_replace_leaves_unhashable_values_alone():
    snippet = {"map_replace": [{"k": ["v"]}, {"values": {"v": "w"}}]}
    assert evaluate(snippet) == {"k": ["v"]}


def test_map_replace_fails_when_a_new_key_collides_with_an_input_key():
    snippet = {"map_replace": [{"a": 1, "b": 2}, {"keys": {"a": "b"}}]}
    with pytest.raises(exception.StackValidationFailed, match="b collides with a key in the input"):
        evaluate(snippet)


def test_map_replace_fails_when_two_new_keys_collide():
    snippet = {"map_replace": [{"a": 1, "b": 2}, {"keys": {"a": "c", "b": "c"}}]}
    with pytest.raises(
        exception.StackValidationFailed, match="c collides with a key in the output"
    ):
        evaluate(snippet)


@pytest.mark.parametrize(
    "args", [[{"a": 1}], [{"a": 1}, {"other": {}}], [["a"], {}], [{"a": 1}, {"keys": ["a"]}]]
)
def test_map_replace_rejects_malformed_arguments(args):
    with pytest.raises(exception.StackValidationFailed, match='"map_replace"'):
        evaluate({"map_replace": args})


@pytest.mark.parametrize("version", VERSIONS[6:])
def test_filter_removes_values(version):
    assert evaluate({"filter": [[1, "b"], [1, 2, "b", "c", 1]]}, version) == [2, "c"]


def test_filter_with_nothing_to_remove_keeps_the_list():
    assert evaluate({"filter": [None, [1, 2]]}) == [1, 2]


@pytest.mark.parametrize("args", [[1, 2], [[1]], [[1], "abc"], [5, [1]]])
def test_filter_rejects_malformed_arguments(args):
    with pytest.raises(exception.StackValidationFailed, match='"filter"'):
        evaluate({"filter": args})


@pytest.mark.parametrize("version", VERSIONS[7:])
def test_list_concat_concatenates(version):
    assert evaluate({"list_concat": [[1, 2], None, [2, 3]]}, version) == [1, 2, 2, 3]


def test_list_concat_unique_keeps_first_occurrences():
    snippet = {"list_concat_unique": [[1, {"a": 1}], [{"a": 1}, 2, 1]]}
    assert evaluate(snippet) == [1, {"a": 1}, 2]


@pytest.mark.parametrize("name", ["list_concat", "list_concat_unique"])
@pytest.mark.parametrize("args", [[[1], "ab"], "ab", {"a": [1]}])
def test_list_concat_rejects_items_that_are_not_lists(name, args):
    with pytest.raises(exception.StackValidationFailed, match="concat|list_concat"):
        evaluate({name: args})


@pytest.mark.parametrize("version", VERSIONS[7:])
@pytest.mark.parametrize(
    "args, expected", [(["a", ["a", "b"]], True), (["c", ["a"]], False), (["bc", "abc"], True)]
)
def test_contains(version, args, expected):
    assert evaluate({"contains": args}, version) is expected


def test_contains_of_a_non_string_in_a_string_is_false():
    assert evaluate({"contains": [[1], "abc"]}) is False


@pytest.mark.parametrize("args", [["a"], ["a", 5], ["a", {"a": 1}]])
def test_contains_rejects_malformed_arguments(args):
    with pytest.raises(exception.StackValidationFailed, match='"contains"'):
        evaluate({"contains": args})
