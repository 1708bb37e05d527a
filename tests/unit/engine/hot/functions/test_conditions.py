"""Condition functions (equals, not, and, or) and if."""

import pytest

from heat.common import exception
from heat.engine import function
from heat.engine.hot.function_tables import CONDITION_FUNCTIONS, VERSIONS
from tests.unit.engine.hot.stack_double import ResourceDouble, StackDouble

CONDITION_VERSIONS = VERSIONS[5:]


def condition(snippet, version="2021-04-16", **kwargs):
    stack = StackDouble(version=version, **kwargs)
    parsed = stack.t.parse_condition(stack, snippet)
    function.validate(parsed)
    return function.resolve(parsed)


@pytest.mark.parametrize("version", CONDITION_VERSIONS)
@pytest.mark.parametrize("args, expected", [(["a", "a"], True), ([1, "1"], False)])
def test_equals(version, args, expected):
    assert condition({"equals": args}, version) is expected


def test_equals_compares_parameter_values():
    snippet = {"equals": [{"get_param": "env"}, "prod"]}
    assert condition(snippet, parameters={"env": "prod"}) is True


@pytest.mark.parametrize("args", ["a", ["a"], ["a", "b", "c"]])
def test_equals_needs_two_values(args):
    message = r'Arguments to "equals" must be of the form: \[value_1, value_2\]'
    with pytest.raises(exception.StackValidationFailed, match=message):
        condition({"equals": args})


@pytest.mark.parametrize("args", [True, [True], "yes", ["yes"]])
def test_not_negates_a_boolean_or_a_named_condition(args):
    assert condition({"not": args}, conditions={"yes": True}) is False


def test_not_negates_a_condition_function():
    assert condition({"not": {"equals": [1, 2]}}) is True


def test_not_takes_one_condition():
    with pytest.raises(exception.StackValidationFailed, match=r"\[condition\]"):
        condition({"not": [True, False]})


def test_a_condition_must_be_a_name_or_a_boolean():
    with pytest.raises(exception.IntrinsicFunctionError, match="Invalid condition 5"):
        condition({"not": 5})


def test_an_undefined_condition_name_fails():
    with pytest.raises(exception.StackValidationFailed, match='Invalid condition "nope"'):
        condition({"and": ["nope", True]})


@pytest.mark.parametrize(
    "name, args, expected",
    [
        ("and", [True, True, "yes"], True),
        ("and", [True, {"equals": [1, 2]}], False),
        ("or", [False, "no", {"equals": [1, 1]}], True),
        ("or", [False, "no"], False),
    ],
)
def test_and_or(name, args, expected):
    assert condition({name: args}, conditions={"yes": True, "no": False}) is expected


@pytest.mark.parametrize("name", ["and", "or"])
def test_and_or_need_at_least_two_conditions(name):
    message = 'The minimum number of condition arguments to "%s" is 2.' % name
    with pytest.raises(exception.StackValidationFailed, match=message):
        condition({name: [True]})


@pytest.mark.parametrize("name", ["and", "or"])
def test_and_or_need_a_list(name):
    with pytest.raises(exception.StackValidationFailed, match="must be a list of conditions"):
        condition({name: "yes"}, conditions={"yes": True})


def test_condition_functions_are_evaluated_lazily():
    assert condition({"or": [True, "undefined"]}) is True


@pytest.mark.parametrize("version", VERSIONS[7:])
def test_yaql_and_contains_are_condition_functions_from_2017_09_01(version):
    assert condition({"contains": ["a", ["a"]]}, version) is True
    assert condition({"yaql": {"expression": "1 < 2"}}, version) is True


@pytest.mark.parametrize("version", VERSIONS[5:7])
def test_yaql_is_no_condition_function_before_2017_09_01(version):
    assert "yaql" not in CONDITION_FUNCTIONS[version]


def resources_stack(version="2021-04-16", **kwargs):
    resources = {"server": ResourceDouble("server", "id-1")}
    return StackDouble(resources=resources, disabled=("volume",), version=version, **kwargs)


@pytest.mark.parametrize("version", CONDITION_VERSIONS)
@pytest.mark.parametrize("name, expected", [("prod", "big"), ("dev", "small")])
def test_if_chooses_by_a_named_condition(version, name, expected):
    stack = StackDouble(conditions={"prod": True, "dev": False}, version=version)
    assert stack.evaluate({"if": [name, "big", "small"]}) == expected


def test_if_takes_an_inline_condition():
    stack = StackDouble(parameters={"env": "prod"})
    snippet = {"if": [{"equals": [{"get_param": "env"}, "prod"]}, "big", "small"]}
    assert stack.evaluate(snippet) == "big"


def test_if_takes_a_boolean_parameter():
    stack = StackDouble(parameters={"flag": False})
    assert stack.evaluate({"if": [{"get_param": "flag"}, 1, 2]}) == 2


def test_if_resolves_functions_in_the_chosen_value():
    stack = StackDouble(parameters={"a": "x"}, conditions={"yes": True})
    assert stack.evaluate({"if": ["yes", {"get_param": "a"}, None]}) == "x"


@pytest.mark.parametrize("version", VERSIONS[5:10])
def test_if_needs_three_arguments_before_2021_04_16(version):
    stack = StackDouble(conditions={"yes": True}, version=version)
    message = r'Arguments to "if" must be of the form: \[condition_name, value_if_true, value_'
    with pytest.raises(exception.StackValidationFailed, match=message):
        stack.evaluate({"if": ["yes", 1]})


def test_if_with_two_arguments_removes_the_item_when_false():
    stack = StackDouble(conditions={"no": False, "yes": True})
    snippet = {"a": {"if": ["no", 1]}, "b": [{"if": ["no", 1]}, {"if": ["yes", 2]}]}
    assert stack.evaluate(snippet) == {"b": [2]}


def test_if_ignores_the_branch_not_taken():
    stack = resources_stack(conditions={"has_volume": False})
    snippet = {"if": ["has_volume", {"get_resource": "volume"}, {"get_resource": "server"}]}
    parsed = stack.parse(snippet)
    function.validate(parsed)
    assert [ref.resource_name for ref in function.dependencies(parsed)] == ["server"]
    assert function.resolve(parsed) == "id-1"


def test_if_reads_the_attributes_of_the_branch_taken_only():
    stack = resources_stack(conditions={"yes": True})
    snippet = {"if": ["yes", {"get_attr": ["server", "ip"]}, {"get_attr": ["server", "name"]}]}
    assert list(function.dep_attrs(stack.parse(snippet), "server")) == [("ip",)]


def test_if_validates_the_branch_taken():
    stack = resources_stack(conditions={"yes": True})
    with pytest.raises(exception.StackValidationFailed, match="if\\[1\\].*volume"):
        function.validate(stack.parse({"if": ["yes", {"get_resource": "volume"}, None]}))
