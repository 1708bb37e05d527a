"""Functions whose result grows with their arguments refuse to build one too large."""

import pytest

from heat.common import exception
from tests.unit.engine.hot.stack_double import StackDouble

REFUSED = (exception.IntrinsicFunctionError, exception.StackValidationFailed)
TOO_MANY = r"The result of \"%s\" would have \d+ items, more than the 1000000 allowed"
TOO_LONG = r"The result of \"%s\" would be \d+ characters long, more than the 10000000 allowed"


def evaluate(snippet, **parameters):
    return StackDouble(parameters=parameters).evaluate(snippet)


def hundred(prefix):
    return ["%s%d" % (prefix, number) for number in range(100)]


def test_a_cartesian_repeat_bomb_is_refused_before_expanding():
    for_each = {variable: hundred(variable) for variable in ("A", "B", "C", "D")}
    with pytest.raises(REFUSED, match=TOO_MANY % "repeat"):
        evaluate({"repeat": {"for_each": for_each, "template": "A-B-C-D"}})


def test_a_repeat_whose_replacements_chain_into_a_huge_string_is_refused():
    for_each = {"a": ["b" * 4000], "b": ["c" * 4000]}
    with pytest.raises(REFUSED, match=TOO_LONG % "repeat"):
        evaluate({"repeat": {"for_each": for_each, "template": "a" * 4000}})


def test_nested_repeats_are_bounded_by_their_whole_result():
    inner = {"repeat": {"for_each": {"X": hundred("x") * 20}, "template": ["X", "X"]}}
    outer = {"repeat": {"for_each": {"Y": hundred("y") * 5}, "template": inner}}
    with pytest.raises(REFUSED, match=TOO_MANY % "repeat"):
        evaluate(outer)


def test_a_repeat_within_the_bounds_is_expanded():
    for_each = {variable: hundred(variable) for variable in ("A", "B")}
    result = evaluate({"repeat": {"for_each": for_each, "template": "A-B"}})
    assert len(result) == 10_000 and result[-1] == "A99-B99"


def test_nested_str_replace_growing_exponentially_is_refused():
    snippet = "$x"
    for _level in range(4):
        snippet = {"str_replace": {"template": "$x" * 200, "params": {"$x": snippet}}}
    with pytest.raises(REFUSED, match=TOO_LONG % "str_replace"):
        evaluate(snippet)


def test_a_list_join_of_one_long_value_many_times_is_refused():
    items = [{"get_param": "text"}] * 2000
    with pytest.raises(REFUSED, match=TOO_LONG % "list_join"):
        evaluate({"list_join": [",", items]}, text="x" * 10_000)


def test_a_list_concat_of_one_long_list_many_times_is_refused():
    lists = [{"get_param": "items"}] * 200
    with pytest.raises(REFUSED, match=TOO_MANY % "list_concat"):
        evaluate({"list_concat": lists}, items=list(range(10_000)))


def test_list_concat_unique_keeps_first_occurrences_of_maps_and_scalars():
    lists = [[{"a": 1}, "x", 1], [{"a": 1}, {"a": 2}, "x", True, 2]]
    result = evaluate({"list_concat_unique": lists})
    assert result == [{"a": 1}, "x", 1, {"a": 2}, 2]


def test_filter_removes_maps_and_scalars():
    result = evaluate({"filter": [[{"a": 1}, "x"], [{"a": 1}, "x", "y", {"a": 2}]]})
    assert result == ["y", {"a": 2}]


def test_fn_replace_whose_values_hold_shorter_placeholders_is_refused():
    mapping = {"$long": "$x" * 5000, "$x": "y" * 5000}
    with pytest.raises(REFUSED, match=TOO_LONG % "Fn::Replace"):
        StackDouble(version="2013-05-23").evaluate({"Fn::Replace": [mapping, "$long"]})
