"""yaql: evaluation over data, syntax errors, and the iterator, memory and time bounds."""

import types

import pytest

from heat.common import exception
from heat.engine.hot.function_tables import VERSIONS
from heat.engine.hot.functions.yaql_query import Yaql
from tests.unit.engine.hot.stack_double import StackDouble


def yaql(expression, data=None, **kwargs):
    args = {"expression": expression} if data is None else {"expression": expression, "data": data}
    return StackDouble(**kwargs).evaluate({"yaql": args})


@pytest.fixture
def limits():
    """Restore the class-wide limits that a test configures."""
    saved = (Yaql.limit_iterators, Yaql.memory_quota, Yaql.time_limit)
    yield
    Yaql.limit_iterators, Yaql.memory_quota, Yaql.time_limit = saved
    Yaql._engine = None


@pytest.mark.parametrize("version", VERSIONS[5:])
def test_yaql_evaluates_over_its_data(version):
    assert yaql("$.data.values.sum()", {"values": [1, 2, 3]}, version=version) == 6


def test_yaql_data_may_come_from_parameters():
    stack = StackDouble(parameters={"names": ["b", "a"]})
    snippet = {"yaql": {"expression": "$.data.orderBy($)", "data": {"get_param": "names"}}}
    assert stack.evaluate(snippet) == ["a", "b"]


def test_yaql_returns_plain_lists():
    assert yaql("$.data.select($ * 2)", [1, 2]) == [2, 4]


def test_yaql_syntax_errors_fail_validation():
    with pytest.raises(exception.StackValidationFailed, match='Bad expression in "yaql"'):
        yaql("$.data.(")


def test_yaql_evaluation_errors_show_when_resolved_in_yaql_words():
    with pytest.raises(exception.IntrinsicFunctionError, match="^integer division or modulo"):
        yaql("1 / 0")


@pytest.mark.parametrize(
    "args", ["$.data", {"data": {}}, {"expression": "1", "extra": 1}, {"expression": 5}]
)
def test_yaql_rejects_malformed_arguments(args):
    with pytest.raises(exception.StackValidationFailed, match="yaql"):
        StackDouble().evaluate({"yaql": args})


def test_yaql_collections_are_limited_by_limit_iterators(limits):
    Yaql.configure(types.SimpleNamespace(yaql=types.SimpleNamespace(
        limit_iterators=10, memory_quota=10000)))  # fmt: skip
    with pytest.raises(exception.IntrinsicFunctionError, match="Collection length exceeds 10"):
        yaql("range(20).sum()")
    assert yaql("range(10).sum()") == 45


def test_yaql_memory_is_limited_by_memory_quota(limits):
    Yaql.configure(types.SimpleNamespace(yaql=types.SimpleNamespace(
        limit_iterators=200, memory_quota=100)))  # fmt: skip
    with pytest.raises(exception.IntrinsicFunctionError, match="consumed too much memory"):
        yaql("$.data.join(',')", ["x" * 40] * 20)


def test_yaql_evaluation_is_stopped_at_the_time_limit(limits):
    Yaql.time_limit = 0.2
    nested = "range(200).select(range(200).select(range(200).select($).sum()).sum()).sum()"
    with pytest.raises(exception.IntrinsicFunctionError, match="took more than 0.2 seconds"):
        yaql(nested)


def test_a_value_given_again_from_the_cache_is_a_copy():
    first = yaql("$.data.select({name => $})", ["cached-a", "cached-b"])
    first[0]["name"] = "changed"
    assert yaql("$.data.select({name => $})", ["cached-a", "cached-b"]) == [
        {"name": "cached-a"},
        {"name": "cached-b"},
    ]


def test_the_clock_is_never_cached():
    assert Yaql._value_key("now()", {}) is None
    assert Yaql._value_key("$.data.len()", {"a": 1}) == ("$.data.len()", '{"a": 1}')
