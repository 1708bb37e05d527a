"""``list_events``: a stack's events (and its nested stacks', to ``nested_depth``), filtered,
sorted and paged by the database."""

from typing import Any

from heat.common import exception, identifier
from heat.db import api as db_api
from heat.engine import api_format


def _stack_rows(context: Any, root: Any, depth: int) -> dict[str, Any]:
    """The root stack row and its nested stacks' rows down to ``depth`` levels, by id.

    The walk ends at the deepest stack of the tree whatever ``depth`` asks for (a client
    may send 2**63 - 1), and never visits a stack twice."""
    rows = {root.id: root}
    level = [root]
    remaining = depth
    while level and remaining > 0:
        remaining -= 1
        children = (
            child for row in level for child in db_api.stack_get_all_by_owner_id(context, row.id)
        )
        level = [child for child in children if child.id not in rows]
        rows.update((row.id, row) for row in level)
    return rows


def _root_row(context: Any, stack_identity: Any) -> Any:
    """The row of the stack an identity names; EntityNotFound when ``context`` cannot see it."""
    identity = identifier.HeatIdentifier(**stack_identity)
    root = db_api.stack_get(context, identity.stack_id, show_deleted=True, eager_load=False)
    if root is None or (identity.stack_name and root.name != identity.stack_name):
        raise exception.EntityNotFound(entity="Stack", name=identity.stack_name)
    return root


def _project_stack_rows(context: Any) -> dict[str, Any]:
    """The live stacks of the caller's project (an admin's too), nested ones included, by id."""
    rows = db_api.stack_get_all(context, show_nested=True)
    return {row.id: row for row in rows if row.tenant == context.project_id}


def list_events(
    context: Any,
    stack_identity: Any,
    filters: dict | None = None,
    limit: int | None = None,
    marker: str | None = None,
    sort_keys: list[str] | None = None,
    sort_dir: str | None = None,
    nested_depth: int | None = None,
) -> list[dict[str, Any]]:
    """The events of the stack (of every live stack of the project, nested ones included,
    when ``stack_identity`` is None); resource properties only for events asked for by id."""
    if stack_identity is None:
        root = None
        rows = _project_stack_rows(context)
    else:
        root = _root_row(context, stack_identity)
        rows = _stack_rows(context, root, nested_depth or 0)
    events = db_api.event_get_all_by_stacks(
        context,
        list(rows),
        limit=limit,
        marker=marker,
        sort_keys=sort_keys,
        sort_dir=sort_dir,
        filters=filters,
    )
    stacks = {
        stack_id: identifier.HeatIdentifier(row.tenant, row.name or "", row.id)
        for stack_id, row in rows.items()
    }
    with_properties = bool(filters and "uuid" in filters)
    result = []
    for event in events:
        formatted = api_format.format_event(
            event,
            stacks[event.stack_id],
            db_api.event_properties(context, event) if with_properties else None,
        )
        if nested_depth and root is not None:
            formatted["root_stack_id"] = dict(stacks[root.id])
        result.append(formatted)
    return result
