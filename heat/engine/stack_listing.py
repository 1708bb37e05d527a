"""Stack lists and counts, answered from the database without loading templates.

A list entry carries only what ``GET /stacks`` shows, so no template is parsed
and no output resolved for it.
"""

from typing import Any

from heat.common import identifier
from heat.db import api as db_api
from heat.rpc import api as rpc_api

LIST_FILTER_ARGS = (
    "show_deleted",
    "show_nested",
    "show_hidden",
    "tags",
    "tags_any",
    "not_tags",
    "not_tags_any",
)


def _time(value) -> str | None:
    return value.strftime("%Y-%m-%dT%H:%M:%SZ") if value is not None else None


def format_stack_summary(stack: Any) -> dict[str, Any]:
    """A stack row in the RPC shape of a ``list_stacks`` entry."""
    identity = identifier.HeatIdentifier(stack.tenant, stack.name, stack.id)
    return {
        rpc_api.STACK_ID: dict(identity),
        rpc_api.STACK_NAME: stack.name,
        rpc_api.STACK_DESCRIPTION: "",
        rpc_api.STACK_ACTION: stack.action or "",
        rpc_api.STACK_STATUS: stack.status or "",
        rpc_api.STACK_STATUS_DATA: stack.status_reason or "",
        rpc_api.STACK_CREATION_TIME: _time(stack.created_at),
        rpc_api.STACK_UPDATED_TIME: _time(stack.updated_at),
        rpc_api.STACK_DELETION_TIME: _time(stack.deleted_at),
        rpc_api.STACK_OWNER: stack.username,
        rpc_api.STACK_PARENT: stack.owner_id,
        rpc_api.STACK_USER_PROJECT_ID: stack.stack_user_project_id,
        rpc_api.STACK_TAGS: [tag.tag for tag in stack.tags] or None,
        "project": stack.tenant,
    }


def list_stacks(
    context,
    hidden_tags,
    limit=None,
    sort_keys=None,
    marker=None,
    sort_dir=None,
    filters=None,
    **flags,
) -> list[dict[str, Any]]:
    """Stacks of the caller's project (or all, for an admin's global listing)."""
    stacks = db_api.stack_get_all(
        context,
        limit=limit,
        sort_keys=sort_keys,
        marker=marker,
        sort_dir=sort_dir,
        filters=filters,
        hidden_tags=hidden_tags,
        **_flags(flags),
    )
    return [format_stack_summary(stack) for stack in stacks]


def count_stacks(context, hidden_tags, filters=None, **flags) -> int:
    """How many stacks ``list_stacks`` would return without pagination."""
    return db_api.stack_count_all(
        context, filters=filters, hidden_tags=hidden_tags, **_flags(flags)
    )


def _flags(flags: dict[str, Any]) -> dict[str, Any]:
    return {name: flags[name] for name in LIST_FILTER_ARGS if flags.get(name) is not None}
