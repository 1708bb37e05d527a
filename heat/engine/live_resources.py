"""The resources of a running stack as intrinsic functions see them.

:class:`heat.engine.stack_definition.StackDefinition` asks its ``resource_data`` mapping
for a resource's reference id and attributes; :class:`LiveResources` answers from the
stack's :class:`heat.engine.resource.Resource` objects, so values are always current.
"""

from collections.abc import Callable, Iterator, Mapping
from typing import Any


class _Attributes(Mapping):
    """A resource's attributes, resolved when read."""

    def __init__(self, resource: Any):
        self._resource = resource

    def __getitem__(self, name: str) -> Any:
        if name not in self._resource.attributes:
            raise KeyError(name)
        return self._resource.FnGetAtt(name)

    def __contains__(self, name: object) -> bool:
        return name in self._resource.attributes

    def __iter__(self) -> Iterator[str]:
        return iter(self._resource.attributes)

    def __len__(self) -> int:
        return len(self._resource.attributes)


class LiveResource:
    """What functions read of one resource: its reference id and attributes."""

    def __init__(self, resource: Any):
        self.resource = resource
        self.attributes = _Attributes(resource)

    @property
    def reference_id(self) -> str:
        """``get_resource``/``Ref`` of the resource."""
        return self.resource.FnGetRefId()

    def attribute(self, name: str, *path: Any) -> Any:
        """``get_attr`` of the resource: the plugin resolves the name and the path (groups
        and nested stacks give names their schema does not list)."""
        return self.resource.FnGetAtt(name, *path)


class LiveResources(Mapping):
    """``{name: LiveResource}`` over whatever ``resources()`` returns at the time of reading."""

    def __init__(self, resources: Callable[[], Mapping[str, Any]]):
        self._resources = resources

    def __getitem__(self, name: str) -> LiveResource:
        resource = self._resources()[name]
        # A resource not created yet has no id or attributes to give.
        if resource.action == "INIT":
            raise KeyError(name)
        return LiveResource(resource)

    def __iter__(self) -> Iterator[str]:
        return iter(self._resources())

    def __len__(self) -> int:
        return len(self._resources())
