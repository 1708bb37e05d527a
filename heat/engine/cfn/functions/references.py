"""CFN functions that read the stack: Ref, Fn::GetAtt, Fn::FindInMap, Fn::GetAZs, facade."""

from collections.abc import Iterator
from typing import Any

from heat.common import exception
from heat.engine import function
from heat.engine.hot.functions import references
from heat.engine.hot.functions.arguments import (
    PureFunction,
    check_resource,
    fail,
    is_list,
    is_map,
    resource,
    short,
)


class Ref(function.ResourceReference):
    """The value of a parameter (pseudo parameters included), else a resource's reference id."""

    description = "A function for resolving parameters or resource references."

    def _is_parameter(self) -> bool:
        return self.resource_name in self.stack.parameters

    @property
    def resource_name(self) -> str:
        name = function.resolve(self.args)
        if not isinstance(name, str):
            fail('Argument to "%s" must be a name, not %s' % (self.fn_name, short(name)))
        return name

    def validate(self) -> None:
        super().validate()
        if not self._is_parameter():
            check_resource(self.stack, self.resource_name, self.fn_name)

    def dependencies(self, path: str) -> Iterator[function.Function]:
        if self._is_parameter():
            return function.dependencies(self.args, path)
        return super().dependencies(path)

    def result(self) -> Any:
        if self._is_parameter():
            return self.stack.parameters[self.resource_name]
        return resource(self.stack, self.resource_name, self.fn_name).FnGetRefId()


class ParamRef(function.Function):
    """``Ref`` in a condition: the value of a parameter only."""

    description = "A function for resolving parameter references."

    def result(self) -> Any:
        name = function.resolve(self.args)
        if not isinstance(name, str):
            fail('Argument to "%s" must be a parameter name, not %s' % (self.fn_name, short(name)))
        if name not in self.stack.parameters:
            raise exception.UserParameterMissing(key=name)
        return self.stack.parameters[name]


class GetAtt(references.GetAtt):
    """``[resource_name, attribute]``: an attribute of a resource."""

    def _parts(self, args: Any) -> tuple[Any, Any, list]:
        if not is_list(args) or len(args) != 2:
            fail('Arguments to "%s" must be of the form [resource_name, attribute]' % self.fn_name)
        return args[0], args[1], []


class ResourceFacade(references.ResourceFacade):
    """``Metadata``, ``DeletionPolicy`` or ``UpdatePolicy`` of the parent resource."""

    sections = ("Metadata", "DeletionPolicy", "UpdatePolicy")


class FindInMap(PureFunction):
    """``[map_name, key, value]``: an entry of the template's ``Mappings``."""

    description = "A function for resolving keys in the template mappings."

    def _parts(self, args: Any) -> list:
        if not is_list(args) or len(args) != 3:
            fail('Arguments to "%s" must be of the form [map_name, key, value]' % self.fn_name)
        return list(args)

    def result(self) -> Any:
        path = self._parts(function.resolve(self.args))
        found: Any = self.stack.t.mappings
        for depth, key in enumerate(path):
            if not is_map(found) or not isinstance(key, str) or key not in found:
                fail(
                    '"%s" found no %s %s in the Mappings'
                    % (self.fn_name, ("map", "key", "value")[depth], short(key))
                )
            found = found[key]
        return found


class GetAZs(function.Function):
    """The availability zones of the region (the argument names the region, unused)."""

    description = "A function for retrieving the availability zones."

    def result(self) -> list:
        return list(self.stack.availability_zones())
