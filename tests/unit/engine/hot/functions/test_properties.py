"""Property: any nesting of function calls over any data either resolves or raises one of
Heat's own errors, through parsing, validation, resolution and dependency analysis."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from heat.common import exception
from heat.engine import function
from heat.engine.cfn.functions import CFN_CONDITION_FUNCTIONS, CFN_FUNCTIONS
from heat.engine.hot.function_tables import CONDITION_FUNCTIONS, FUNCTIONS
from heat.engine.hot.functions.yaql_query import Yaql
from tests.unit.engine.hot.stack_double import ResourceDouble, StackDouble

TABLES = {
    "2013-05-23": (FUNCTIONS["2013-05-23"], CONDITION_FUNCTIONS["2013-05-23"]),
    "2015-10-15": (FUNCTIONS["2015-10-15"], CONDITION_FUNCTIONS["2015-10-15"]),
    "2021-04-16": (FUNCTIONS["2021-04-16"], CONDITION_FUNCTIONS["2021-04-16"]),
    "cfn": (CFN_FUNCTIONS, CFN_CONDITION_FUNCTIONS),
}
NAMES = sorted(
    {name for functions, conditions in TABLES.values() for name in (*functions, *conditions)}
)
WORDS = st.sampled_from(
    ["server", "volume", "net", "p_list", "p_map", "p_str", "yes", "no", "a", "b", "$x", "1",
     "metadata", "Metadata", "template", "params", "for_each", "expression", "data", "keys",
     "values", "permutations", "host", "port", "scheme", "query", "sha256", ",", ""]
)  # fmt: skip
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-3, 70000), WORDS, st.text(max_size=4))


KEYED_ARGUMENTS = {
    "str_replace": ("template", "params"),
    "str_replace_strict": ("template", "params"),
    "str_replace_vstrict": ("template", "params"),
    "repeat": ("for_each", "template", "permutations"),
    "yaql": ("expression", "data"),
    "make_url": ("scheme", "host", "port", "path", "query"),
}


def _arguments(name, children):
    """Arguments shaped like those ``name`` expects (a list, or its keys), or anything."""
    shaped = st.lists(children, min_size=1, max_size=3)
    if name in KEYED_ARGUMENTS:
        keys = KEYED_ARGUMENTS[name]
        shaped = st.fixed_dictionaries({}, optional=dict.fromkeys(keys, children))
    return st.one_of(children, shaped)


def _calls(names, children):
    return st.sampled_from(names).flatmap(
        lambda name: _arguments(name, children).map(lambda args: {name: args})
    )


def snippets(names):
    """A call of one of the functions ``names`` over data with more calls nested in it."""

    def extend(children):
        return st.one_of(
            st.lists(children, max_size=3),
            st.dictionaries(WORDS, children, max_size=3),
            _calls(names, children),
        )

    return _calls(names, st.recursive(SCALARS, extend, max_leaves=10))


def available(table):
    return sorted(name for name, cls in table.items() if cls is not None)


def cases(versions, condition=False):
    """``(version, snippet)`` pairs using the (condition) functions of the version."""
    return st.sampled_from(versions).flatmap(
        lambda version: st.tuples(
            st.just(version), snippets(available(TABLES[version][1 if condition else 0]))
        )
    )


def make_stack(version):
    functions, conditions = TABLES[version]
    resources = {
        "server": ResourceDouble("server", "id-1", {"a": {"b": [1, 2]}, "1": "x"}),
        "net": ResourceDouble("net"),
    }
    return StackDouble(
        parameters={"p_list": ["a", "1"], "p_map": {"a": "b"}, "p_str": "a,b"},
        resources=resources,
        disabled=("volume",),
        conditions={"yes": True, "no": False},
        files={"a": "content"},
        mappings={"a": {"b": {"a": "x"}}},
        functions=functions,
        condition_functions=conditions,
    )


@pytest.fixture(autouse=True)
def short_yaql_time_limit():
    saved = Yaql.time_limit
    Yaql.time_limit = 0.5
    yield
    Yaql.time_limit = saved


def attempt(step, *args):
    """Run one step; Heat's own errors are allowed, anything else fails the test."""
    try:
        return step(*args)
    except exception.HeatException:
        return None


def exercise(stack, snippet, parse):
    """Every step runs even when an earlier one failed validation, as each must be robust."""
    parsed = attempt(parse, stack, snippet)
    attempt(function.validate, parsed, "path")
    attempt(lambda: [ref.resource_name for ref in function.dependencies(parsed)])
    for name in ("server", "net"):
        attempt(lambda name=name: list(function.dep_attrs(parsed, name)))
    attempt(function.resolve, parsed)


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=cases(sorted(TABLES)))
def test_functions_raise_only_heat_errors(case):
    version, snippet = case
    stack = make_stack(version)
    exercise(stack, snippet, stack.t.parse)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=cases(["2021-04-16", "cfn"], condition=True))
def test_condition_functions_raise_only_heat_errors(case):
    version, snippet = case
    stack = make_stack(version)
    exercise(stack, snippet, stack.t.parse_condition)


SHALLOW = st.one_of(
    SCALARS,
    st.lists(SCALARS, max_size=2),
    st.dictionaries(WORDS, SCALARS, max_size=2),
    st.sampled_from([{"get_param": "p_list"}, {"get_param": "p_map"}, {"get_param": "p_str"}]),
)
EVERY_FUNCTION = sorted(
    {(version, name) for version, (table, _) in TABLES.items() for name in available(table)}
)


@pytest.mark.parametrize("version, name", EVERY_FUNCTION)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_each_function_over_shallow_arguments_raises_only_heat_errors(version, name, data):
    args = data.draw(_arguments(name, SHALLOW))
    stack = make_stack(version)
    exercise(stack, {name: args}, stack.t.parse)
