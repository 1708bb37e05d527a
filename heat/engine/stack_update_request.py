"""``update_stack`` and ``preview_update_stack``: the new definition of a stack, checked.

A PUT replaces template, environment and parameters; a PATCH (``existing``) keeps what it
does not give: the current template, the stored parameters (minus ``clear_parameters``,
with the new ones merged over them), files and tags.
"""

import copy
from collections.abc import Mapping
from typing import Any

from heat.common import environment_format as env_fmt
from heat.common import exception
from heat.common.i18n import _
from heat.engine import resource_states as states
from heat.engine import template_validation, update_preview
from heat.engine.runtime import EngineRuntime
from heat.engine.stack import Stack
from heat.engine.walk import strategy
from heat.rpc import api as rpc_api


def _patched_environment(current: Stack, params: Mapping, args: Mapping) -> dict[str, Any]:
    """The stored environment with the request's sections merged over it (maps updated,
    lists replaced when given) and ``clear_parameters`` removed."""
    env = copy.deepcopy(current.env.env_as_dict())
    for name in args.get(rpc_api.PARAM_CLEAR_PARAMETERS) or []:
        env[env_fmt.PARAMETERS].pop(name, None)
        env[env_fmt.PARAMETER_DEFAULTS].pop(name, None)
    new = dict(params or {})
    flat = {key: new.pop(key) for key in list(new) if key not in env_fmt.SECTIONS}
    new.setdefault(env_fmt.PARAMETERS, {}).update(flat)
    for section, value in new.items():
        if isinstance(value, Mapping) and isinstance(env.get(section), Mapping):
            env[section].update(value)
        elif value:
            env[section] = value
    return env


def _new_stack(runtime, context, current, template, params, files, args, env_files) -> Stack:
    if current.action == states.SUSPEND:
        raise exception.NotSupported(feature=_("Updating a stack when it is suspended"))
    if current.action == states.DELETE:
        raise exception.NotSupported(feature=_("Updating a stack when it is deleting"))
    args = dict(args or {})
    if args.get(rpc_api.PARAM_EXISTING):
        template = template or dict(current.t.t)
        params = _patched_environment(current, params or {}, args)
        files = {**current.t.files, **(files or {})}
    parsed = template_validation.parse_request_template(
        runtime.templates, runtime.global_env, template, params, files, env_files
    )
    state = copy.copy(current.state_data)
    state.action, state.status = current.action, current.status
    if rpc_api.PARAM_TIMEOUT in args:
        state.timeout_mins = args[rpc_api.PARAM_TIMEOUT]
    if rpc_api.PARAM_DISABLE_ROLLBACK in args:
        state.disable_rollback = bool(args[rpc_api.PARAM_DISABLE_ROLLBACK])
    if args.get(rpc_api.PARAM_TAGS) is not None or not args.get(rpc_api.PARAM_EXISTING):
        state.tags = list(args.get(rpc_api.PARAM_TAGS) or []) or None
    new = Stack(
        context,
        current.name,
        parsed,
        runtime.settings,
        stack_id=current.id,
        state=state,
        templates=runtime.templates,
        store=current.store,
    )
    new.set_id(current.id)
    new.converge = bool(args.get(rpc_api.PARAM_CONVERGE))
    new.validate()
    modified = current.parameters.immutable_params_modified(new.parameters, parsed.env.params)
    if modified:
        raise exception.ImmutableParameterModified(keys=", ".join(modified))
    return new


def _start_update(runtime: EngineRuntime, context: Any, current: Stack, new: Stack, action: str):
    strategy.of_stack(current).update(runtime, context, current, new, action)


def restore(runtime: EngineRuntime, context: Any, current: Stack, data: Mapping) -> None:
    """Start updating ``current`` back to a snapshot's template, environment and files."""
    new = _new_stack(
        runtime,
        context,
        current,
        data.get("template"),
        data.get("environment") or {},
        data.get("files") or {},
        {},
        None,
    )
    _start_update(runtime, context, current, new, states.RESTORE)


def update_stack(
    runtime: EngineRuntime,
    context: Any,
    stack_identity: Any,
    template: Any,
    params: Any,
    files: Any,
    args: Any,
    environment_files: Any = None,
) -> dict[str, Any]:
    """Start updating the stack; its identity."""
    current = runtime.load_stack(context, stack_identity)
    new = _new_stack(runtime, context, current, template, params, files, args, environment_files)
    _start_update(runtime, context, current, new, states.UPDATE)
    return dict(current.identifier())


def preview_update_stack(
    runtime: EngineRuntime,
    context: Any,
    stack_identity: Any,
    template: Any,
    params: Any,
    files: Any,
    args: Any,
    environment_files: Any = None,
) -> dict[str, Any]:
    """What the update would do to each resource (:mod:`heat.engine.update_preview`)."""
    current = runtime.load_stack(context, stack_identity)
    new = _new_stack(runtime, context, current, template, params, files, args, environment_files)
    show_nested = bool((args or {}).get(rpc_api.PARAM_SHOW_NESTED))
    return update_preview.preview(current, new, show_nested)
