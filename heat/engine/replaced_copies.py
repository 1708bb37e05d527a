"""Replaced copies: the rows a replacement superseded, kept until the update cleans them up.

A failed update leaves them behind, each still holding its physical resource: a rollback
may swap one back in, a later update or the stack's deletion deletes them first.
"""

from collections.abc import Iterable
from typing import Any

from heat.common import exception
from heat.db import api as db_api
from heat.engine import resource_actions, resource_store
from heat.engine.rsrc_defn import ResourceDefinition


def of_stack(stack: Any) -> dict[str, Any]:
    """Resource objects of the stack's replaced copies by name (the newest of a name), with
    the properties they stored; a copy whose name left the template is of the type its row
    was made as."""
    copies = {row.name: copy_of(stack, row) for row in stack.store.replaced_rows(stack.id)}
    resource_store.use_stored_properties(stack.store, copies.values())
    return copies


def copy_of(stack: Any, row: Any) -> Any:
    """The resource object of one replaced row (without its stored properties)."""
    if row.name in stack.resources:
        definition = stack.resources[row.name].t
    else:
        definition = ResourceDefinition(row.name, _made_as(stack, row))
    copy = stack.make_resource(row.name, definition)
    resource_store.apply_row(copy, row)
    return copy


def _made_as(stack: Any, row: Any) -> str:
    """The type the row's template gave its name (templates are kept while their stack
    lives); OS::Heat::None, which deletes nothing, when that is unknown or unavailable."""
    template = {}
    if row.current_template_id is not None:
        try:
            template = db_api.raw_template_get(stack.context, row.current_template_id).template
        except exception.NotFound:
            pass
    for section, key in (("resources", "type"), ("Resources", "Type")):
        snippet = (template.get(section) or {}).get(row.name)
        if isinstance(snippet, dict) and isinstance(snippet.get(key), str):
            try:
                stack.env.get_class_to_instantiate(snippet[key], row.name)
            except exception.StackValidationFailed:
                break
            return snippet[key]
    return "OS::Heat::None"


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
