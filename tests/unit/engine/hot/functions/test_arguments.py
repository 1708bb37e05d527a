"""Shared behaviour: literal calls are checked at validation, computed ones when resolved."""

import pytest

from heat.common import exception
from heat.engine import function
from tests.unit.engine.hot.stack_double import StackDouble


def test_a_call_with_literal_arguments_is_evaluated_by_validation():
    parsed = StackDouble().parse({"list_join": [",", ["a", 5]]})
    with pytest.raises(exception.StackValidationFailed) as caught:
        function.validate(parsed, "outputs.o.value")
    assert str(caught.value) == "outputs.o.value: Items to join must be string, map or list not 5"


def test_a_call_with_computed_arguments_fails_only_when_resolved():
    stack = StackDouble(parameters={"items": ["a", 5]})
    parsed = stack.parse({"list_join": [",", {"get_param": "items"}]})
    function.validate(parsed)
    with pytest.raises(exception.IntrinsicFunctionError, match="Items to join must be"):
        function.resolve(parsed)


def test_function_errors_keep_their_message_across_copies():
    error = exception.IntrinsicFunctionError("bad call")
    assert str(error.__deepcopy__({})) == "bad call"
