"""HOT ``yaql``: the value of a YAQL expression over some data, with bounded evaluation.

The bounds are the ``[yaql]`` options ``limit_iterators`` (items a collection may have)
and ``memory_quota`` (bytes), given to :meth:`Yaql.configure` by the engine at start,
plus a time limit: an expression whose evaluation outlives it is stopped with an error.
"""

import collections.abc  # noqa: F401  (yaql needs collections.abc imported before it)
import json
import time
from typing import Any, ClassVar

import yaql
from yaql.language import exceptions as yaql_exceptions
from yaql.language import expressions, factory

from heat.engine import function
from heat.engine.hot.functions.arguments import fail, is_function, is_map

USAGE = "{expression: $.data.var1.sum(), data: {var1: [3, 2, 1]}}"


class _TimeLimitExceeded(Exception):
    """Raised inside the YAQL evaluator once the deadline has passed."""


class _DeadlineEngine(factory.YaqlEngine):
    """A YAQL engine that stops its evaluations at a deadline.

    YAQL reads its engine's options on every function and operator call, so checking
    the clock there bounds the evaluation without threads or signals.
    """

    def __init__(self, base: factory.YaqlEngine, deadline: float):
        super().__init__(base.lexer, base.parser, base.options, base.factory)
        self._deadline = deadline

    @property
    def options(self) -> Any:
        if time.monotonic() > self._deadline:
            raise _TimeLimitExceeded()
        return self._options


class Yaql(function.Function):
    """The value of a YAQL expression evaluated over ``data`` (``$.data`` in the expression)."""

    description = "A function for executing a yaql expression."

    limit_iterators: ClassVar[int] = 200
    memory_quota: ClassVar[int] = 10000
    time_limit: ClassVar[float] = 5.0
    _engine: ClassVar[factory.YaqlEngine | None] = None
    _context: ClassVar[Any] = None
    # Parsed expressions by their text: YAQL's parser is slow, and a template tree (every
    # member of a group, every nested stack of a role) repeats the same expressions.
    _parsed: ClassVar[dict[str, Any]] = {}
    _parsed_limit: ClassVar[int] = 4096
    # Values by expression and data (as canonical JSON): the nested stacks of a role's
    # nodes evaluate the same expressions over the same data, and YAQL is pure but for
    # its clock functions, which are never cached.
    _values: ClassVar[dict[tuple[str, str], str]] = {}
    _values_limit: ClassVar[int] = 4096

    @classmethod
    def configure(cls, conf: Any) -> None:
        """Take the limits from ``conf.yaql``; the engine calls this once at start."""
        cls.limit_iterators = conf.yaql.limit_iterators
        cls.memory_quota = conf.yaql.memory_quota
        cls._engine = None
        cls._parsed = {}
        cls._values = {}

    @classmethod
    def _base_engine(cls) -> factory.YaqlEngine:
        if cls._engine is None:
            options = {
                "yaql.limitIterators": cls.limit_iterators,
                "yaql.memoryQuota": cls.memory_quota,
            }
            cls._engine = factory.YaqlFactory().create(options)
            cls._context = yaql.create_context()
        return cls._engine

    def _parts(self, args: Any) -> tuple[Any, Any]:
        if not is_map(args) or "expression" not in args or set(args) - {"expression", "data"}:
            fail('"%s" syntax should be %s' % (self.fn_name, USAGE))
        return args["expression"], args.get("data", {})

    def _parse(self, expression: Any) -> Any:
        """The parsed expression (a yaql Statement of the base engine)."""
        if not isinstance(expression, str):
            fail('The "expression" argument to %s must contain a string.' % self.fn_name)
        parsed = self._parsed.get(expression)
        if parsed is not None:
            return parsed
        try:
            parsed = self._base_engine()(expression)
        except yaql_exceptions.YaqlException as error:
            fail('Bad expression in "%s": %s' % (self.fn_name, error))
        if len(self._parsed) >= self._parsed_limit:
            self._parsed.clear()
        self._parsed[expression] = parsed
        return parsed

    def validate(self) -> None:
        expression, _data = self._parts(self.args)
        if not is_function(expression):
            self._parse(expression)
        super().validate()

    def result(self) -> Any:
        expression, data = self._parts(function.resolve(self.args))
        key = self._value_key(expression, data)
        if key is not None and key in self._values:
            return json.loads(self._values[key])
        value = self._evaluate(expression, data)
        if key is not None:
            self._remember(key, value)
        return value

    @staticmethod
    def _value_key(expression: Any, data: Any) -> tuple[str, str] | None:
        if not isinstance(expression, str) or "now(" in expression:
            return None
        try:
            return expression, json.dumps(data, sort_keys=True)
        except (TypeError, ValueError):
            return None

    def _remember(self, key: tuple[str, str], value: Any) -> None:
        try:
            text = json.dumps(value)
        except (TypeError, ValueError):
            return
        if json.loads(text) != value:
            return  # not plain JSON data (tuples, sets...): given back as computed
        if len(self._values) >= self._values_limit:
            self._values.clear()
        self._values[key] = text

    def _evaluate(self, expression: Any, data: Any) -> Any:
        engine = _DeadlineEngine(self._base_engine(), time.monotonic() + self.time_limit)
        statement = expressions.Statement(self._parse(expression).expression, engine)
        context = self._context.create_child_context()
        try:
            return statement.evaluate({"data": data}, context)
        except _TimeLimitExceeded:
            fail('"%s" took more than %s seconds to evaluate' % (self.fn_name, self.time_limit))
        # The expression is the user's code: any error of its evaluation is the user's,
        # reported in yaql's words as upstream does.
        except Exception as error:
            fail(str(error))
