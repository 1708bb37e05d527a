"""HOT ``yaql``: the value of a YAQL expression over some data, with bounded evaluation.

The bounds are the ``[yaql]`` options ``limit_iterators`` (items a collection may have)
and ``memory_quota`` (bytes), given to :meth:`Yaql.configure` by the engine at start,
plus a time limit: an expression whose evaluation outlives it is stopped with an error.
"""

import collections.abc  # noqa: F401  (yaql needs collections.abc imported before it)
import time
from typing import Any, ClassVar

import yaql
from yaql.language import exceptions as yaql_exceptions
from yaql.language import factory

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

    limit_iterators: ClassVar[int] = 200
    memory_quota: ClassVar[int] = 10000
    time_limit: ClassVar[float] = 5.0
    _engine: ClassVar[factory.YaqlEngine | None] = None
    _context: ClassVar[Any] = None

    @classmethod
    def configure(cls, conf: Any) -> None:
        """Take the limits from ``conf.yaql``; the engine calls this once at start."""
        cls.limit_iterators = conf.yaql.limit_iterators
        cls.memory_quota = conf.yaql.memory_quota
        cls._engine = None

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

    def _parse(self, expression: Any, engine: factory.YaqlEngine) -> Any:
        if not isinstance(expression, str):
            fail('The "expression" argument to %s must contain a string.' % self.fn_name)
        try:
            return engine(expression)
        except yaql_exceptions.YaqlException as error:
            fail('Bad expression in "%s": %s' % (self.fn_name, error))

    def validate(self) -> None:
        expression, _data = self._parts(self.args)
        if not is_function(expression):
            self._parse(expression, self._base_engine())
        super().validate()

    def result(self) -> Any:
        expression, data = self._parts(function.resolve(self.args))
        engine = _DeadlineEngine(self._base_engine(), time.monotonic() + self.time_limit)
        statement = self._parse(expression, engine)
        context = self._context.create_child_context()
        try:
            return statement.evaluate({"data": data}, context)
        except _TimeLimitExceeded:
            fail('"%s" took more than %s seconds to evaluate' % (self.fn_name, self.time_limit))
        # The expression is the user's code: any error of its evaluation is the user's.
        except Exception as error:
            fail('Error evaluating "%s": %s' % (self.fn_name, error))
