"""Snapshots of a stack: take, list, show, delete and restore.

Taking one runs the SNAPSHOT action: each resource's ``handle_snapshot`` (when it has one)
may add data, and the snapshot keeps the stack's export document. Restoring updates the
stack back to the snapshot's template, environment and files.
"""

from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.db import api as db_api
from heat.engine import (
    api_format,
    resource_actions,
    stack_actions,
    stack_export,
    stack_update_request,
)
from heat.engine import resource_states as states
from heat.engine.runtime import EngineRuntime
from heat.engine.stack import Stack


def format_snapshot(row: Any) -> dict[str, Any]:
    """A snapshot row in the RPC shape."""
    return {
        "id": row.id,
        "name": row.name,
        "stack_id": row.stack_id,
        "data": row.data,
        "action": row.action,
        "status": row.status,
        "status_reason": row.status_reason,
        "creation_time": api_format.time(row.created_at),
    }


def _snapshot_resource(resource: Any) -> Any:
    if getattr(resource, "handle_snapshot", None) is None:
        return
    yield from resource_actions.run_action(resource, states.SNAPSHOT, "snapshot")


def _take(stack: Stack, snapshot_id: str, messages: Any) -> None:
    def task():
        failure = yield from stack_actions.walk_task(stack, states.SNAPSHOT, _snapshot_resource)
        return failure

    failure = stack_actions.drive(stack, task, messages)
    values: dict[str, Any] = {
        "status": states.COMPLETE,
        "status_reason": "Stack SNAPSHOT completed successfully",
    }
    if failure is None:
        values["data"] = stack_export.export_document(stack)
    else:
        values.update(status=states.FAILED, status_reason=failure)
    db_api.snapshot_update(stack.context, snapshot_id, values)
    stack_actions.finish(stack, states.SNAPSHOT, failure)


def _snapshot_of(context: Any, stack: Stack, snapshot_id: str) -> Any:
    try:
        return db_api.snapshot_get_by_stack(context, snapshot_id, stack.id)
    except exception.NotFound:
        raise exception.SnapshotNotFound(snapshot=snapshot_id, stack=stack.name)


def stack_snapshot(
    runtime: EngineRuntime, context: Any, stack_identity: Any, name: str | None
) -> dict[str, Any]:
    """Start taking a snapshot; the snapshot, CREATE_IN_PROGRESS."""
    stack = runtime.load_stack(context, stack_identity)
    if stack.status == states.IN_PROGRESS:
        raise exception.ActionInProgress(stack_name=stack.name, action=stack.action)
    limit = runtime.settings.max_snapshots_per_stack
    if 0 <= limit <= db_api.snapshot_count_all_by_stack(context, stack.id):
        raise exception.RequestLimitExceeded(
            message=_(
                "You have reached the maximum snapshots per stack, %d. "
                "Please delete some snapshots."
            )
            % limit
        )
    row = db_api.snapshot_create(
        context,
        {
            "name": name,
            "stack_id": stack.id,
            "tenant": context.project_id,
            "action": "CREATE",
            "status": states.IN_PROGRESS,
            "status_reason": "",
        },
    )
    runtime.start_action(
        context,
        stack,
        states.SNAPSHOT,
        lambda stack, messages: _take(stack, row.id, messages),
    )
    return format_snapshot(row)


def stack_list_snapshots(runtime: EngineRuntime, context: Any, stack_identity: Any) -> list:
    """The stack's snapshots, oldest first."""
    stack = runtime.load_stack(context, stack_identity)
    return [format_snapshot(row) for row in db_api.snapshot_get_all_by_stack(context, stack.id)]


def show_snapshot(
    runtime: EngineRuntime, context: Any, stack_identity: Any, snapshot_id: str
) -> dict[str, Any]:
    """One snapshot of the stack."""
    stack = runtime.load_stack(context, stack_identity)
    return format_snapshot(_snapshot_of(context, stack, snapshot_id))


def delete_snapshot(
    runtime: EngineRuntime, context: Any, stack_identity: Any, snapshot_id: str
) -> None:
    """Delete a snapshot that is not being taken."""
    stack = runtime.load_stack(context, stack_identity)
    row = _snapshot_of(context, stack, snapshot_id)
    if row.status == states.IN_PROGRESS:
        raise exception.NotSupported(feature=_("Deleting in-progress snapshot"))
    db_api.snapshot_delete(context, snapshot_id)


def stack_restore(
    runtime: EngineRuntime, context: Any, stack_identity: Any, snapshot_id: str
) -> None:
    """Start restoring the stack to a COMPLETE snapshot (an update to its template)."""
    stack = runtime.load_stack(context, stack_identity)
    row = _snapshot_of(context, stack, snapshot_id)
    if row.status != states.COMPLETE:
        raise exception.NotSupported(feature=_("Restoring a snapshot that is not COMPLETE"))
    data = row.data or {}
    stack_update_request.restore(runtime, context, stack, data)
