"""HOT functions that read the stack: parameters, resources, attributes, files, the facade."""

from collections.abc import Iterator
from typing import Any

from heat.common import exception
from heat.engine import function
from heat.engine.hot.functions.arguments import (
    check_resource,
    fail,
    is_function,
    is_list,
    is_map,
    resource,
    short,
)


def select_path(value: Any, path: list, missing: Any = None) -> Any:
    """Follow ``path`` (map keys, list indexes) into ``value``; ``missing`` when a step is
    missing (a None found at the end of the path is None)."""
    for key in path:
        if is_list(value) and isinstance(key, str) and key.lstrip("-").isdigit():
            key = int(key)
        if not (is_list(value) or is_map(value)) or not isinstance(key, (str, int)):
            return missing
        try:
            value = value[key]
        except (KeyError, IndexError, TypeError):
            return missing
    return value


class GetParam(function.Function):
    """The value of a parameter; with a path, the item found by following it into the value."""

    description = "A function for resolving parameter references."

    def _name_and_path(self, args: Any) -> tuple[Any, list]:
        if is_list(args):
            if not args:
                fail('Argument to "%s" must not be an empty list' % self.fn_name)
            return args[0], list(args[1:])
        if isinstance(args, str) or is_function(args):
            return args, []
        fail('Argument to "%s" must be a name or a list [name, path...]' % self.fn_name)

    def validate(self) -> None:
        # A parameter the template lacks is an error only when the value is resolved,
        # as upstream: an unused condition may name one.
        self._name_and_path(self.args)
        super().validate()

    def result(self) -> Any:
        name, path = self._name_and_path(function.resolve(self.args))
        if not isinstance(name, str):
            fail('The parameter name given to "%s" must be a string' % self.fn_name)
        if name not in self.stack.parameters:
            raise exception.UserParameterMissing(key=name)
        value = self.stack.parameters[name]
        if not path:
            return value
        return select_path(value, path, missing="")


class GetResource(function.ResourceReference):
    """The reference id of a resource: its physical id once created, else its name."""

    description = "A function for resolving resource references."

    @property
    def resource_name(self) -> str:
        name = function.resolve(self.args)
        if not isinstance(name, str):
            fail('Argument to "%s" must be a resource name, not %s' % (self.fn_name, short(name)))
        return name

    def validate(self) -> None:
        super().validate()
        check_resource(self.stack, self.resource_name, self.fn_name)

    def result(self) -> Any:
        return resource(self.stack, self.resource_name, self.fn_name).FnGetRefId()


class GetAttThenSelect(function.ResourceReference):
    """An attribute of a resource, then the item found by following the path (2013-05-23)."""

    description = "A function for resolving resource attributes."

    min_args = 2

    def _parts(self, args: Any) -> tuple[Any, Any, list]:
        if not is_list(args) or len(args) < self.min_args:
            fail(
                'Incorrect arguments to "%s" should be: {"%s": [resource_name, attribute_name, '
                "...]}" % (self.fn_name, self.fn_name)
            )
        attribute = args[1] if len(args) > 1 else None
        return args[0], attribute, list(args[2:])

    @property
    def resource_name(self) -> str:
        name = function.resolve(self._parts(self.args)[0])
        if not isinstance(name, str):
            fail('The resource name given to "%s" must be a string' % self.fn_name)
        return name

    def validate(self) -> None:
        _name, attribute, path = self._parts(self.args)
        super().validate()
        check_resource(self.stack, self.resource_name, self.fn_name)
        parts = [] if attribute is None else [attribute, *path]
        if not all(isinstance(part, (str, int)) or is_function(part) for part in parts):
            fail('Attribute names and paths in "%s" must be strings' % self.fn_name)

    def _attribute_and_path(self) -> tuple[Any, list]:
        _name, attribute, path = self._parts(function.resolve(self.args))
        if attribute is not None and not isinstance(attribute, str):
            fail('The attribute name given to "%s" must be a string' % self.fn_name)
        return attribute, path

    def result(self) -> Any:
        attribute, path = self._attribute_and_path()
        proxy = resource(self.stack, self.resource_name, self.fn_name)
        if attribute is None:
            return proxy.FnGetAtts()
        return self._read(proxy, attribute, path)

    def _read(self, proxy: Any, attribute: str, path: list) -> Any:
        return select_path(proxy.FnGetAtt(attribute), path)

    def _read_attrs(self, attribute: str, path: list) -> tuple:
        return (attribute,)

    def dep_attrs(self, resource_name: str) -> Iterator[tuple]:
        """The attribute read, as a tuple; ``()`` stands for all the attributes."""
        yield from super().dep_attrs(resource_name)
        if self.resource_name == resource_name:
            attribute, path = self._attribute_and_path()
            yield () if attribute is None else self._read_attrs(attribute, path)


class GetAtt(GetAttThenSelect):
    """An attribute of a resource, the path selecting inside it (2014-10-16 on)."""

    def _read(self, proxy: Any, attribute: str, path: list) -> Any:
        return proxy.FnGetAtt(attribute, *path)

    def _read_attrs(self, attribute: str, path: list) -> tuple:
        return (attribute, *path)


class GetAttAllAttributes(GetAtt):
    """As ``get_attr`` of 2014-10-16; ``[resource_name]`` alone gives every attribute as a map."""

    min_args = 1


class GetFile(function.Function):
    """The content of a file sent with the template (the ``files`` map), by name."""

    description = "A function for including a file inline."

    def _content(self, key: Any) -> str:
        if not isinstance(key, str):
            fail('Argument to "%s" must be a string' % self.fn_name)
        files = self.stack.t.files or {}
        if key not in files:
            fail('No content found in the "files" section for %s path: %s' % (self.fn_name, key))
        return files[key]

    def validate(self) -> None:
        super().validate()
        if not is_function(self.args):
            self._content(self.args)

    def result(self) -> Any:
        return self._content(function.resolve(self.args))


class ResourceFacade(function.Function):
    """A section of the definition of the resource that this nested stack implements."""

    description = "A function for retrieving data in a parent provider template."

    sections = ("metadata", "deletion_policy", "update_policy")

    def _section(self, name: Any) -> int:
        if not (isinstance(name, str) and name in self.sections):
            fail(
                'Incorrect arguments to "%s" should be one of: %s'
                % (self.fn_name, ", ".join(self.sections))
            )
        return self.sections.index(name)

    def validate(self) -> None:
        super().validate()
        if not is_function(self.args):
            self._section(self.args)

    def result(self) -> Any:
        """The parent's metadata, deletion policy or update policy (defaults at top level)."""
        index = self._section(function.resolve(self.args))
        parent = self.stack.parent_resource
        if parent is None:
            return ({}, "Delete", {})[index]
        definition = parent.t
        return (definition.metadata, definition.deletion_policy, definition.update_policy)[index]()
