"""Condition functions (equals, not, and, or) and ``if``, shared by HOT and CFN.

A condition argument is a boolean, the name of a condition of the template, or a
condition function; ``if`` evaluates its condition as soon as it is validated or
asked for its dependencies, so that the branch not taken is never looked at (it may
refer to resources that the same condition disables).
"""

import functools
from collections.abc import Iterator
from typing import Any

from heat.engine import function
from heat.engine.hot.functions.arguments import PureFunction, condition_value, fail, is_list, is_map


class Equals(PureFunction):
    """Whether two values are equal: ``[value_1, value_2]``."""

    description = "A function for comparing whether two values are equal."

    def _parts(self, args: Any) -> tuple[Any, Any]:
        if not is_list(args) or len(args) != 2:
            fail('Arguments to "%s" must be of the form: [value_1, value_2]' % self.fn_name)
        return args[0], args[1]

    def result(self) -> bool:
        first, second = self._parts(function.resolve(self.args))
        return bool(first == second)


class Not(function.Function):
    """The negation of a condition (given alone or as a one-item list)."""

    description = "A function that acts as a NOT operator on a condition."

    def _condition(self) -> Any:
        if not is_list(self.args):
            return self.args
        if len(self.args) != 1:
            fail('Arguments to "%s" must be of the form: [condition]' % self.fn_name)
        return self.args[0]

    def validate(self) -> None:
        self._condition()
        super().validate()

    def result(self) -> bool:
        return not condition_value(self.stack, self._condition(), self.fn_name)


class And(function.Function):
    """Whether all of at least two conditions hold."""

    description = "A function that acts as an AND operator on conditions."

    def _conditions(self) -> list:
        if not is_list(self.args):
            fail('Arguments to "%s" must be a list of conditions' % self.fn_name)
        if len(self.args) < 2:
            fail('The minimum number of condition arguments to "%s" is 2.' % self.fn_name)
        return list(self.args)

    def validate(self) -> None:
        self._conditions()
        super().validate()

    def result(self) -> bool:
        return all(condition_value(self.stack, item, self.fn_name) for item in self._conditions())


class Or(And):
    """Whether any of at least two conditions holds."""

    description = "A function that acts as an OR operator on conditions."

    def result(self) -> bool:
        return any(condition_value(self.stack, item, self.fn_name) for item in self._conditions())


class If(function.Function):
    """``[condition, value_if_true, value_if_false]``: one of two values (2016-10-14)."""

    description = "A function to return corresponding value based on condition evaluation."

    arities: tuple[int, ...] = (3,)
    usage = "[condition_name, value_if_true, value_if_false]"

    def _parts(self) -> list:
        if not is_list(self.args) or len(self.args) not in self.arities:
            fail('Arguments to "%s" must be of the form: %s' % (self.fn_name, self.usage))
        return list(self.args)

    @functools.cached_property
    def _parsed_condition(self) -> Any:
        condition = self._parts()[0]
        if is_map(condition):
            # Function arguments are parsed with the plain functions: parse the inline
            # condition again with the condition functions of the template version.
            condition = self.stack.t.parse_condition(self.stack, condition, self.fn_name)
        return condition

    def _chosen(self) -> tuple[int, Any]:
        """The index and the value of the branch that the condition selects."""
        parts = self._parts()
        if condition_value(self.stack, self._parsed_condition, self.fn_name):
            return 1, parts[1]
        if len(parts) > 2:
            return 2, parts[2]
        return 2, function.OMITTED

    def validate(self) -> None:
        condition = self._parsed_condition
        function.validate(condition, "%s[0]" % self.fn_name)
        index, value = self._chosen()
        function.validate(value, "%s[%d]" % (self.fn_name, index))

    def result(self) -> Any:
        return self._chosen()[1]

    def dependencies(self, path: str) -> Iterator[function.Function]:
        index, value = self._chosen()
        return function.dependencies(value, "%s.%s[%d]" % (path, self.fn_name, index))

    def dep_attrs(self, resource_name: str) -> Iterator[tuple]:
        return function.dep_attrs(self._chosen()[1], resource_name)


class IfNullable(If):
    """As ``if``; without a third argument a false condition removes the enclosing item."""

    arities = (2, 3)
    usage = "[condition_name, value_if_true(, value_if_false)]"
