"""Change sets: an update of a stack, previewed and kept, then executed as previewed.

A change set keeps the update's input and its preview (with each resource's property
changes, :mod:`heat.engine.resource_changes`). Executing it runs that update only while
the stack is as it was: the same template as when the change set was made, nothing in
progress, and a fresh preview that plans exactly the stored one. Otherwise it refuses,
and the change set is obsolete.

Statuses follow CloudFormation's: a change set is ``CREATE_COMPLETE`` (or ``FAILED`` when
the update changes nothing); its execution status is ``AVAILABLE``, ``UNAVAILABLE``,
``EXECUTE_IN_PROGRESS``, ``EXECUTE_COMPLETE``, ``EXECUTE_FAILED`` or ``OBSOLETE``, the
last three read from the stack when the change set is looked at.
"""

import json
from typing import Any

from heat.common import crypt, exception, identifier
from heat.common import environment_format as env_fmt
from heat.common.i18n import _
from heat.db import api as db_api
from heat.engine import api_format, stack_update_request
from heat.engine import resource_states as states
from heat.engine.parameters import HIDDEN_TEXT
from heat.engine.runtime import EngineRuntime
from heat.engine.walk import decision

CREATE_COMPLETE, FAILED = "CREATE_COMPLETE", "FAILED"
AVAILABLE, UNAVAILABLE, OBSOLETE = "AVAILABLE", "UNAVAILABLE", "OBSOLETE"
EXECUTE_IN_PROGRESS, EXECUTE_COMPLETE, EXECUTE_FAILED = (
    "EXECUTE_IN_PROGRESS",
    "EXECUTE_COMPLETE",
    "EXECUTE_FAILED",
)
NO_CHANGES = _(
    "The submitted information didn't contain changes. Submit different information to "
    "create a change set."
)
# The kinds of change a change set plans (unchanged resources are not part of the plan).
PLANNED = (decision.UPDATED, decision.REPLACED, decision.ADDED, decision.DELETED)


def create(
    runtime: EngineRuntime,
    context: Any,
    stack_identity: Any,
    name: str,
    template: Any,
    params: Any,
    files: Any,
    args: Any,
    description: str | None = None,
) -> dict[str, Any]:
    """Preview the update and keep it as the change set ``name`` of the stack."""
    changes = stack_update_request.preview_update_stack(
        runtime, context, stack_identity, template, params, files, args
    )
    stack = _stack_row(context, stack_identity["stack_id"])
    changed = any(changes[kind] for kind in PLANNED)
    row = db_api.change_set_create(
        context,
        {
            "name": name,
            "stack_id": stack.id,
            "tenant": stack.tenant,
            "description": description,
            "status": CREATE_COMPLETE if changed else FAILED,
            "status_reason": None if changed else NO_CHANGES,
            "execution_status": AVAILABLE if changed else UNAVAILABLE,
            "base_template_id": stack.raw_template_id,
            "request": _stored_request(template, params, files, args),
            "changes": changes,
        },
    )
    return _format(context, row, stack)


def show(
    runtime: EngineRuntime, context: Any, stack_identity: Any, name_or_id: str
) -> dict[str, Any]:
    """The change set with its planned changes and the parameter values it was given."""
    row = _get(context, stack_identity, name_or_id)
    stack = _stack_row(context, row.stack_id)
    shown = _format(context, row, stack)
    shown["changes"] = row.changes
    shown["parameters"] = _given_parameters(runtime, context, row.request, stack)
    return shown


def list_all(context: Any, stack_identity: Any) -> list[dict[str, Any]]:
    """The stack's change sets, oldest first, without their changes."""
    stack = _stack_row(context, stack_identity["stack_id"])
    return [
        _format(context, row, stack)
        for row in db_api.change_set_get_all_by_stack(context, stack.id)
    ]


def execute(runtime: EngineRuntime, context: Any, stack_identity: Any, name_or_id: str) -> None:
    """Start the previewed update; InvalidChangeSetStatus unless it is available and the
    stack would be updated exactly as previewed."""
    row = _get(context, stack_identity, name_or_id)
    stack = _stack_row(context, row.stack_id)
    status = _execution_status(context, row, stack)
    if row.status != CREATE_COMPLETE or status != AVAILABLE:
        raise exception.InvalidChangeSetStatus(
            change_set=row.name, reason=_("its execution status is %s") % status
        )
    if stack.status == states.IN_PROGRESS:
        raise exception.InvalidChangeSetStatus(
            change_set=row.name,
            reason=_("stack %(stack)s has an action (%(action)s) in progress")
            % {"stack": stack.name, "action": stack.action},
        )
    identity = dict(identifier.HeatIdentifier(stack.tenant, stack.name, stack.id))
    request = _request(row.request)
    fresh = stack_update_request.preview_update_stack(runtime, context, identity, **request)
    if _plan(fresh) != _plan(row.changes):
        db_api.change_set_update(context, row.id, {"execution_status": OBSOLETE})
        raise exception.InvalidChangeSetStatus(
            change_set=row.name,
            reason=_("the stack's resources changed since it was made"),
        )
    db_api.change_set_update(context, row.id, {"execution_status": EXECUTE_IN_PROGRESS})
    stack_update_request.update_stack(runtime, context, identity, **request)


def delete(context: Any, stack_identity: Any, name_or_id: str) -> None:
    """Delete the change set, unless it is being executed."""
    row = _get(context, stack_identity, name_or_id)
    if _execution_status(context, row, _stack_row(context, row.stack_id)) == EXECUTE_IN_PROGRESS:
        raise exception.InvalidChangeSetStatus(
            change_set=row.name, reason=_("it is being executed")
        )
    db_api.change_set_delete(context, row.id)


def _stored_request(template: Any, params: Any, files: Any, args: Any) -> dict[str, Any]:
    """The update's input as kept: every parameter value encrypted when
    ``encrypt_parameters_and_properties`` says so."""
    request = {"template": template, "params": params, "files": files, "args": args}
    if db_api.encrypts_parameters_and_properties() and params:
        names = list(params.get(env_fmt.PARAMETERS) or {})
        request["params"] = crypt.encrypted_parameters(params, names, db_api.encryption_key())
        request["encrypted"] = True
    return request


def _request(stored: dict[str, Any]) -> dict[str, Any]:
    """The update's input (the arguments of an update) from its kept form."""
    request = {key: stored[key] for key in ("template", "params", "files", "args")}
    if stored.get("encrypted"):
        params = crypt.decrypted_parameters(stored["params"], db_api.encryption_key())
        params.pop(env_fmt.ENCRYPTED_PARAM_NAMES, None)
        request["params"] = params
    return request


def _get(context: Any, stack_identity: Any, name_or_id: str) -> Any:
    stack_id = stack_identity["stack_id"] if stack_identity else None
    return db_api.change_set_get(context, name_or_id, stack_id)


def _stack_row(context: Any, stack_id: str) -> Any:
    """The live stack (a stack's change sets go with it)."""
    row = db_api.stack_get(context, stack_id, eager_load=False)
    if row is None:
        raise exception.EntityNotFound(entity="Stack", name=stack_id)
    return row


def _execution_status(context: Any, row: Any, stack: Any) -> str:
    """The stored status, or what ``stack`` (the row of the change set's stack) says of it
    now: an available change set of a stack updated since is obsolete; an execution ends
    with the stack's update, and its end is stored once seen."""
    status = row.execution_status
    if status == AVAILABLE:
        return AVAILABLE if stack.raw_template_id == row.base_template_id else OBSOLETE
    if status != EXECUTE_IN_PROGRESS or stack.status == states.IN_PROGRESS:
        return status
    ended = (stack.action, stack.status) == (states.UPDATE, states.COMPLETE)
    status = EXECUTE_COMPLETE if ended else EXECUTE_FAILED
    db_api.change_set_update(context, row.id, {"execution_status": status})
    return status


def _plan(changes: dict) -> dict[str, list]:
    """What a preview would do: per planned kind, each resource and its changes."""
    return {
        kind: sorted(
            (item["resource_name"], json.dumps(item.get("changes"), sort_keys=True, default=str))
            for item in changes.get(kind, [])
        )
        for kind in PLANNED
    }


def _format(context: Any, row: Any, stack: Any) -> dict[str, Any]:
    return {
        "id": row.id,
        "name": row.name,
        "stack_identity": dict(identifier.HeatIdentifier(stack.tenant, stack.name, stack.id)),
        "stack_name": stack.name,
        "description": row.description,
        "status": row.status,
        "status_reason": row.status_reason,
        "execution_status": _execution_status(context, row, stack),
        "creation_time": api_format.time(row.created_at),
    }


def _given_parameters(
    runtime: EngineRuntime, context: Any, stored: dict[str, Any], stack: Any
) -> dict[str, Any]:
    """The parameter values the change set was given, those its template hides masked."""
    request = _request(stored)
    given = (request["params"] or {}).get(env_fmt.PARAMETERS) or {}
    template = request["template"]
    if template is None:  # a patch of the stored template
        template = db_api.raw_template_get(context, stack.raw_template_id).template
    schemata = runtime.templates.template_class(template)(template).param_schemata()
    hidden = {name for name, schema in schemata.items() if schema.hidden}
    return {name: HIDDEN_TEXT if name in hidden else value for name, value in given.items()}
