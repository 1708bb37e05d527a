"""Storing and loading stacks: the ``stack`` row, its raw template, tags and resource rows."""

from typing import Any

from oslo_utils import timeutils

from heat.common import crypt, exception
from heat.db import api as db_api
from heat.engine import environment, state_log
from heat.engine import resource_states as states
from heat.engine.stack import EngineSettings, Stack, StackState


def _template_values(stack: Stack) -> dict[str, Any]:
    return {
        "template": dict(stack.t.t),
        "files": dict(stack.t.files),
        "environment": _stored_environment(stack),
    }


def _stored_environment(stack: Stack) -> dict[str, Any]:
    """The environment as stored: hidden parameters encrypted when
    ``encrypt_parameters_and_properties`` says so."""
    names = stack.parameters.hidden_names() if db_api.encrypts_parameters_and_properties() else []
    return crypt.encrypted_parameters(stack.env.env_as_dict(), names, db_api.encryption_key())


def store_template(stack: Stack) -> int:
    """Store the stack's template, files and environment; return the new raw template id."""
    row = db_api.raw_template_create(stack.context, _template_values(stack))
    stack.t.id = row.id
    return row.id


def store_new(stack: Stack, user_creds_id: int | None = None) -> None:
    """Insert a new stack (in its current state), its tags and a row per resource."""
    state = stack.state_data
    now = timeutils.utcnow()
    values = {
        "name": stack.name,
        "raw_template_id": store_template(stack),
        "username": state.username,
        "tenant": state.tenant_id,
        "user_creds_id": user_creds_id or state.user_creds_id,
        "owner_id": state.owner_id,
        "parent_resource_name": state.parent_resource_name,
        "timeout": state.timeout_mins,
        "disable_rollback": state.disable_rollback,
        "stack_user_project_id": state.stack_user_project_id,
        "nested_depth": state.nested_depth,
        "convergence": state.convergence,
        "action": state.action,
        "status": state.status,
        "status_reason": state.status_reason,
        "created_at": now,
    }
    if stack.id:
        values["id"] = stack.id  # chosen beforehand (a nested stack's, by its parent)
    row = db_api.stack_create(stack.context, values)
    state.created_time = now
    state.user_creds_id = user_creds_id or state.user_creds_id
    stack.set_id(row.id)
    if state.tags:
        db_api.stack_tags_set(stack.context, stack.id, state.tags)
    stack.store.create_rows(stack, stack.resources.values())


def write_state(stack: Stack, action: str, status: str, reason: str) -> None:
    """Set the stack's state, record the stack event and write everything buffered."""
    state = stack.state_data
    state.action, state.status, state.status_reason = action, status, reason
    state_log.stack_state(stack, action, status, reason)
    # Creating is not an update: updated_time stays null until another action starts.
    if status == states.IN_PROGRESS and action not in (states.CREATE, states.ADOPT):
        state.updated_time = timeutils.utcnow()
    values: dict[str, Any] = {
        "action": action,
        "status": status,
        "status_reason": reason,
        "updated_at": state.updated_time,
    }
    # The state, its event and anything buffered are written in one transaction.
    stack.store.record_stack_event(stack, action, status, reason, stack_values=values)
    stack.store.flush()
    if stack.notifier is not None:
        stack.notifier.stack_state(stack, action, status, reason)


def announce_stored_state(stack: Stack) -> None:
    """Record the event (and notification) of the state a new stack was stored in."""
    state = stack.state_data
    state_log.stack_state(stack, state.action, state.status, state.status_reason)
    stack.store.record_stack_event(stack, state.action, state.status, state.status_reason)
    if stack.notifier is not None:
        stack.notifier.stack_state(stack, state.action, state.status, state.status_reason)


def load(
    context: Any,
    templates: Any,
    global_env: Any,
    settings: EngineSettings,
    stack_id: str | None = None,
    row: Any = None,
    show_deleted: bool = False,
    store: Any = None,
    parent_resource: Any = None,
    template_id: int | None = None,
) -> Stack:
    """The stack with its stored resources' states (defined by the template
    ``template_id``, when given, rather than the row's); EntityNotFound when not visible."""
    if row is None:
        row = db_api.stack_get(context, stack_id or "", show_deleted=show_deleted)
        if row is None:
            raise exception.EntityNotFound(entity="Stack", name=stack_id)
    # A row read without its template (or detached from its session) has none loaded.
    if template_id is not None and template_id != row.raw_template_id:
        raw = db_api.raw_template_get(context, template_id)
    else:
        raw = row.__dict__.get("raw_template") or db_api.raw_template_get(
            context, row.raw_template_id
        )
    stored = crypt.decrypted_parameters(raw.environment or {}, db_api.encryption_key())
    env = environment.Environment(stored, global_env=global_env)
    template = templates.load(raw.template, files=raw.files or {}, env=env)
    template.id = raw.id
    stack = Stack(
        context,
        row.name or "",
        template,
        settings,
        stack_id=row.id,
        state=state_of(
            row, root_stack_id=db_api.stack_root_id(context, row.owner_id) if row.owner_id else None
        ),
        templates=templates,
        store=store,
        parent_resource=parent_resource,
    )
    stack.set_id(row.id)
    stack.attach_stored_rows = True
    return stack


def state_of(row: Any, root_stack_id: str | None = None) -> StackState:
    """The :class:`StackState` a ``stack`` row records (in the tree under
    ``root_stack_id``, when nested)."""
    return StackState(
        action=row.action,
        status=row.status,
        status_reason=row.status_reason or "",
        disable_rollback=bool(row.disable_rollback),
        timeout_mins=row.timeout,
        tags=[tag.tag for tag in row.tags] or None,
        owner_id=row.owner_id,
        nested_depth=row.nested_depth or 0,
        parent_resource_name=row.parent_resource_name,
        user_creds_id=row.user_creds_id,
        username=row.username,
        tenant_id=row.tenant,
        stack_user_project_id=row.stack_user_project_id,
        created_time=row.created_at,
        updated_time=row.updated_at,
        deleted_time=row.deleted_at,
        prev_raw_template_id=row.prev_raw_template_id,
        convergence=bool(row.convergence),
        root_stack_id=root_stack_id,
        termination_protection=bool(row.termination_protection),
    )


def remove(stack: Stack) -> None:
    """Soft-delete a deleted stack: its row keeps ``deleted_at``; resource rows go."""
    db_api.stack_delete(stack.context, stack.id)
    stack.state_data.deleted_time = timeutils.utcnow()
