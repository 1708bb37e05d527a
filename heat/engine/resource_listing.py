"""A stack's resources as a listing shows them, made from their rows and a shape of the
stack's template kept from an earlier load, without building the stack.

Listing a stack of a thousand resources used to build it whole (definitions, a plugin
object per resource, the dependency graph) to print a dozen plain fields per resource:
most of the time went there. A stored template never changes (an update stores another),
so what the listing takes from it, the types and who requires whom, is worked out once per
stack and template.
"""

import collections
import dataclasses
import threading
from typing import Any

from heat.common import identifier
from heat.db import api as db_api
from heat.engine import api_format
from heat.engine import resource_states as states
from heat.rpc import api as rpc_api


@dataclasses.dataclass(frozen=True)
class TemplateShape:
    """The enabled resources of a stack's template in template order, with each one's type
    and the sorted names of the resources that require it."""

    types: dict[str, str]
    required_by: dict[str, list[str]]

    @classmethod
    def of(cls, stack: Any) -> "TemplateShape | None":
        """The shape of a loaded ``stack``; None when its graph may change with its
        resources' state (a type implies requirements from resolved property values)."""
        resources = stack.resources
        if any(hasattr(type(resource), "implied_requirements") for resource in resources.values()):
            return None
        graph = stack.dependencies()
        return cls(
            types={name: resource.type() for name, resource in resources.items()},
            required_by={
                name: sorted(graph.required_by(name)) if name in graph else [] for name in resources
            },
        )


class TemplateShapes:
    """Shapes by (stack id, raw template id), the ``size`` most recently used kept."""

    def __init__(self, size: int = 64) -> None:
        self._size = size
        self._shapes: collections.OrderedDict[tuple, TemplateShape] = collections.OrderedDict()
        self._lock = threading.Lock()

    def get(self, stack_row: Any) -> TemplateShape | None:
        key = (stack_row.id, stack_row.raw_template_id)
        with self._lock:
            shape = self._shapes.get(key)
            if shape is not None:
                self._shapes.move_to_end(key)
            return shape

    def remember(self, stack_row: Any, stack: Any) -> None:
        """Keep the shape of ``stack``, loaded from ``stack_row``, if it has a lasting one."""
        shape = TemplateShape.of(stack)
        if shape is None:
            return
        with self._lock:
            self._shapes[(stack_row.id, stack_row.raw_template_id)] = shape
            while len(self._shapes) > self._size:
                self._shapes.popitem(last=False)


def _action(row: Any) -> str:
    return (row.action if row else None) or states.INIT


def _status(row: Any) -> str:
    return (row.status if row else None) or states.COMPLETE


# What a listing may be filtered by, read from a resource's name, type and stored row (None
# for a resource not stored yet).
_FILTERS = {
    "name": lambda name, kind, row: name,
    "type": lambda name, kind, row: kind,
    "status": lambda name, kind, row: _status(row),
    "action": lambda name, kind, row: _action(row),
    "id": lambda name, kind, row: row.uuid if row else None,
    "physical_resource_id": lambda name, kind, row: row.nova_instance if row else None,
}


def listing(context: Any, stack_row: Any, shape: TemplateShape, filters: dict) -> list[dict]:
    """The stack's resources matching ``filters``, in the RPC form of a listing without
    detail, as :func:`api_format.format_resource` gives them for a loaded stack."""
    rows = db_api.resource_states_by_stack(context, stack_row.id, listed_only=True)
    stack_identity = dict(
        identifier.HeatIdentifier(stack_row.tenant, stack_row.name or "", stack_row.id)
    )
    nested = _nested_identities(context, stack_row)
    times = _Times()
    listed = []
    for name, kind in shape.types.items():
        row = rows.get(name)
        if not all(is_wanted(_FILTERS[key](name, kind, row), filters[key]) for key in filters):
            continue
        created = row.created_at if row else None
        updated = row.updated_at if row and row.updated_at != row.created_at else None
        physical_id = row.nova_instance if row else None
        result = {
            rpc_api.RES_ID: {**stack_identity, "path": "/resources/" + name},
            rpc_api.RES_STACK_ID: dict(stack_identity),
            rpc_api.RES_STACK_NAME: stack_identity["stack_name"],
            rpc_api.RES_NAME: name,
            rpc_api.RES_PHYSICAL_ID: physical_id or "",
            rpc_api.RES_ACTION: _action(row),
            rpc_api.RES_STATUS: _status(row),
            rpc_api.RES_STATUS_DATA: (row.status_reason if row else None) or "",
            rpc_api.RES_TYPE: kind,
            rpc_api.RES_CREATION_TIME: times.text(created),
            rpc_api.RES_UPDATED_TIME: times.text(updated or created),
            rpc_api.RES_REQUIRED_BY: list(shape.required_by[name]),
        }
        if stack_row.parent_resource_name:
            result[rpc_api.RES_PARENT_RESOURCE] = stack_row.parent_resource_name
        if physical_id in nested:
            result[rpc_api.RES_NESTED_STACK_ID] = dict(nested[physical_id])
        listed.append(result)
    return listed


class _Times:
    """Times as Heat prints them, each distinct one formatted once (the resources of one
    create share a handful)."""

    def __init__(self) -> None:
        self._texts: dict[Any, str | None] = {}

    def text(self, value: Any) -> str | None:
        if value not in self._texts:
            self._texts[value] = api_format.time(value)
        return self._texts[value]


def is_wanted(value: Any, wanted: Any) -> bool:
    """Whether a filter's ``wanted`` value (or list of values) admits ``value``."""
    return value in (wanted if isinstance(wanted, list) else [wanted])


def _nested_identities(context: Any, stack_row: Any) -> dict[str, dict]:
    """The identities of the stack's nested stacks, by id (a resource's physical id)."""
    return {
        child.id: dict(identifier.HeatIdentifier(child.tenant, child.name or "", child.id))
        for child in db_api.stack_names_by_owner_id(context, stack_row.id)
    }
