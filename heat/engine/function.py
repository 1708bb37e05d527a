"""Intrinsic functions as nodes of a parsed template.

A template is parsed once into plain data with :class:`Function` objects where
``get_param``, ``Fn::GetAtt``... were. The tree is then walked by three small
helpers of this module: :func:`resolve` evaluates it (lazily, on demand),
:func:`validate` checks it statically and :func:`dependencies` lists the resources
it refers to. A function knows its stack only through ``stack``, a
:class:`heat.engine.stack_definition.StackDefinition` (or None while only parsing).
"""

import abc
import collections.abc
from collections.abc import Iterator
from typing import Any, ClassVar

from heat.common import exception


class Function(abc.ABC):
    """One call of an intrinsic function; ``args`` are already parsed snippets."""

    # What the template-functions API says of the function: Heat's wording, kept as is.
    description: ClassVar[str] = ""

    def __init__(self, stack: Any, fn_name: str, args: Any):
        self.stack = stack
        self.fn_name = fn_name
        self.args = args

    def validate(self) -> None:
        """Check the call without evaluating it; raise a Heat error naming what is wrong."""
        validate(self.args, self.fn_name)

    @abc.abstractmethod
    def result(self) -> Any:
        """The value of the call, evaluating the functions in its arguments first."""

    def dependencies(self, path: str) -> Iterator["Function"]:
        """Functions under this one that refer to resources (see :class:`ResourceReference`)."""
        return dependencies(self.args, _join(path, self.fn_name))

    def dep_attrs(self, resource_name: str) -> Iterator[tuple]:
        """Attributes (as tuples ``(attr, *path)``) of ``resource_name`` this call reads."""
        return dep_attrs(self.args, resource_name)

    def __repr__(self) -> str:
        return "{%s: %r}" % (self.fn_name, self.args)


class ResourceReference(Function):
    """A function that makes the resource ``resource_name`` a dependency (get_resource...)."""

    @property
    @abc.abstractmethod
    def resource_name(self) -> str:
        """The name of the resource referred to."""

    def dependencies(self, path: str) -> Iterator[Function]:
        yield self
        yield from super().dependencies(path)


class Omitted:
    """The result of a ``if`` without a false value whose condition is false: the
    enclosing map entry or list item disappears from the resolved data."""

    def __repr__(self) -> str:
        return "Omitted"


OMITTED = Omitted()

# The types of template data that hold no function. Tested first, by exact type: big
# templates are mostly such leaves, and the abstract Mapping test is slow for them.
LEAF_TYPES = frozenset({str, int, float, bool, type(None)})


def resolve(snippet: Any) -> Any:
    """``snippet`` with every function replaced by its result (dropping omitted items)."""
    if type(snippet) in LEAF_TYPES:
        return snippet
    if isinstance(snippet, Function):
        return resolve(snippet.result())
    if isinstance(snippet, collections.abc.Mapping):
        resolved = ((key, resolve(value)) for key, value in snippet.items())
        return {key: value for key, value in resolved if value is not OMITTED}
    if isinstance(snippet, list):
        return [value for value in map(resolve, snippet) if value is not OMITTED]
    return snippet


def validate(snippet: Any, path: str = "") -> None:
    """Validate every function in ``snippet``; errors name their template path."""
    if type(snippet) in LEAF_TYPES:
        return
    if isinstance(snippet, Function):
        try:
            snippet.validate()
        except exception.StackValidationFailed as error:
            # A nested call reports its path relative to its caller: make it absolute.
            if not path:
                raise
            raise exception.StackValidationFailed(
                error=error.error or None, path=[path, *error.path], message=error.error_message
            )
        except (exception.HeatException, ValueError, TypeError) as error:
            raise exception.StackValidationFailed(path=path or None, message=str(error))
    elif isinstance(snippet, collections.abc.Mapping):
        for key, value in snippet.items():
            if type(value) not in LEAF_TYPES:
                validate(value, _join(path, key))
    elif isinstance(snippet, list):
        for index, value in enumerate(snippet):
            if type(value) not in LEAF_TYPES:
                validate(value, "%s[%d]" % (path, index))


def dependencies(snippet: Any, path: str = "") -> Iterator[Function]:
    """Every resource-referring function in ``snippet``, depth first."""
    if isinstance(snippet, Function):
        yield from snippet.dependencies(path)
    elif isinstance(snippet, collections.abc.Mapping):
        for key, value in snippet.items():
            if type(value) not in LEAF_TYPES:
                yield from dependencies(value, _join(path, key))
    elif isinstance(snippet, list):
        for index, value in enumerate(snippet):
            if type(value) not in LEAF_TYPES:
                yield from dependencies(value, "%s[%d]" % (path, index))


def dep_attrs(snippet: Any, resource_name: str) -> Iterator[tuple]:
    """Attributes of ``resource_name`` read anywhere in ``snippet``."""
    if isinstance(snippet, Function):
        yield from snippet.dep_attrs(resource_name)
    elif isinstance(snippet, collections.abc.Mapping):
        for value in snippet.values():
            if type(value) not in LEAF_TYPES:
                yield from dep_attrs(value, resource_name)
    elif isinstance(snippet, list):
        for value in snippet:
            if type(value) not in LEAF_TYPES:
                yield from dep_attrs(value, resource_name)


def _join(path: str, key: Any) -> str:
    return "%s.%s" % (path, key) if path else str(key)
