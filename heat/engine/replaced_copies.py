"""Replaced copies: the rows a replacement superseded, kept until the update cleans them up.

A failed update leaves them behind, each still holding its physical resource: a rollback
may swap one back in, a later update or the stack's deletion deletes them first.
"""

from collections.abc import Iterable
from typing import Any

from heat.common import exception
from heat.engine import resource_actions, resource_store
from heat.engine.rsrc_defn import ResourceDefinition


def of_stack(stack: Any) -> dict[str, Any]:
    """Resource objects of the stack's replaced copies by name (the newest of a name); a
    copy whose name left the template gets a definition of its stored type."""
    copies = {}
    for row in stack.store.replaced_rows(stack.id):
        if row.name in stack.resources:
            definition = stack.resources[row.name].t
        else:
            definition = ResourceDefinition(row.name, "OS::Heat::None")
        copy = stack.make_resource(row.name, definition)
        resource_store.apply_row(copy, row)
        copies[row.name] = copy
    return copies


def delete_task(copies: Iterable[Any], action: str):
    """Delete ``copies`` one after the other (a task); why it failed, or None."""
    for copy in copies:
        try:
            yield from delete(copy)
        except exception.ResourceFailure as failure:
            return "Resource %s failed: %s" % (action, failure)
    return None


def delete(resource: Any):
    """Delete the resource, then its row once nothing is left of it (a task)."""
    yield from resource_actions.delete(resource)
    if resource.state in resource_actions.SETTLED:
        resource.stack.store.delete_row(resource)
