"""``list_events``: a stack's events, filtered, sorted and paged by the database."""

from typing import Any

from heat.common import exception, identifier
from heat.db import api as db_api
from heat.engine import api_format


class _StackName:
    """The identity a stored stack row gives its events."""

    def __init__(self, row: Any):
        self._identity = identifier.HeatIdentifier(row.tenant, row.name, row.id)

    def identifier(self) -> identifier.HeatIdentifier:
        return self._identity


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
    """The events of the stack; resource properties only when one event is asked for by id."""
    identity = identifier.HeatIdentifier(**stack_identity)
    row = db_api.stack_get(context, identity.stack_id, show_deleted=True, eager_load=False)
    if row is None or (identity.stack_name and row.name != identity.stack_name):
        raise exception.EntityNotFound(entity="Stack", name=identity.stack_name)
    events = db_api.event_get_all_by_stack(
        context,
        row.id,
        limit=limit,
        marker=marker,
        sort_keys=sort_keys,
        sort_dir=sort_dir,
        filters=filters,
    )
    stack = _StackName(row)
    with_properties = bool(filters and "uuid" in filters)
    return [
        api_format.format_event(
            event,
            stack,
            db_api.event_properties(context, event) if with_properties else None,
        )
        for event in events
    ]
