"""``create_stack`` and ``preview_stack``: a stack parsed from a request, checked and started.

Parsing follows the request: the template (a dict already), the environment (inline, or
``environment_files`` merged in order), the files map; then the stack's limits and name
rules, then every static check. Creating stores the stack and returns its identity at
once; the resources are created in a thread that holds the stack lock.
"""

import json
import re
from collections.abc import Mapping
from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.db import api as db_api
from heat.engine import resource_states as states
from heat.engine import (
    stack_credentials,
    stack_preview,
    stack_store,
    template_validation,
)
from heat.engine.runtime import EngineRuntime
from heat.engine.stack import Stack, StackState
from heat.engine.walk import strategy
from heat.rpc import api as rpc_api

NAME_PATTERN = re.compile(r"^[a-zA-Z][a-zA-Z0-9_.-]{0,254}$")


def check_name(stack_name: Any) -> None:
    """StackValidationFailed unless the name follows Heat's stack name rule."""
    if not isinstance(stack_name, str) or not NAME_PATTERN.match(stack_name):
        raise exception.StackValidationFailed(
            message=_(
                'Invalid stack name %s must contain only alphanumeric or "_-." characters, '
                "must start with alpha and must be 255 characters or less."
            )
            % stack_name
        )


def build_stack(
    runtime: EngineRuntime,
    context: Any,
    stack_name: str,
    template: Any,
    args: Mapping[str, Any],
    **ownership: Any,
) -> Stack:
    """A new stack object from a parsed template and the request's ``args``."""
    state = StackState(
        action=states.CREATE,
        status=states.IN_PROGRESS,
        status_reason="Stack CREATE started",
        disable_rollback=bool(args.get(rpc_api.PARAM_DISABLE_ROLLBACK, True)),
        timeout_mins=args.get(rpc_api.PARAM_TIMEOUT),
        tags=list(args.get(rpc_api.PARAM_TAGS) or []) or None,
        username=getattr(context, "username", None) or getattr(context, "user_name", None),
        tenant_id=context.project_id,
        # A stack given an owner by an RPC caller (as upstream's engines make their
        # nested stacks) runs its actions as legacy ones.
        convergence=runtime.settings.convergence_engine and not ownership.get("owner_id"),
        **ownership,
    )
    return Stack(
        context, stack_name, template, runtime.settings, state=state, templates=runtime.templates
    )


def _check_limits(runtime: EngineRuntime, context: Any, stack_name: str, nested: bool) -> None:
    if db_api.stack_get_by_name(context, stack_name) is not None:
        raise exception.StackExists(stack_name=stack_name)
    limit = runtime.settings.max_stacks_per_tenant
    if not nested and not context.is_admin and limit >= 0:
        if db_api.stack_count_all(context) >= limit:
            raise exception.RequestLimitExceeded(
                message=_(
                    "You have reached the maximum stacks per tenant, %d. Please delete some stacks."
                )
                % limit
            )


def _validated_stack(
    runtime, context, stack_name, template, params, files, env_files, args, preview=False, **own
):
    check_name(stack_name)
    parsed = template_validation.parse_request_template(
        runtime.templates, runtime.global_env, template, params, files, env_files
    )
    stack = build_stack(runtime, context, stack_name, parsed, args or {}, **own)
    if preview:
        stack.previewing = True
        stack.set_id(stack_preview.UNASSIGNED_ID)
    stack.validate()
    return stack


def create_stack(
    runtime: EngineRuntime,
    context: Any,
    stack_name: str,
    template: Any,
    params: Any,
    files: Any,
    args: Any,
    environment_files: Any = None,
    owner_id: str | None = None,
    nested_depth: int = 0,
    user_creds_id: int | None = None,
    stack_user_project_id: str | None = None,
    parent_resource_name: str | None = None,
) -> dict[str, Any]:
    """Store a new stack and start creating it; its identity."""
    adopt_data = _adopt_data(runtime, args)
    _check_limits(runtime, context, stack_name, owner_id is not None)
    stack = _validated_stack(
        runtime,
        context,
        stack_name,
        template,
        params,
        files,
        environment_files,
        args,
        owner_id=owner_id,
        nested_depth=nested_depth,
        stack_user_project_id=stack_user_project_id,
        parent_resource_name=parent_resource_name,
    )
    if adopt_data is not None:
        stack.state_data.action = states.ADOPT
        stack.state_data.status_reason = "Stack ADOPT started"
    if owner_id is None and runtime.settings.conf is not None:
        user_creds_id = stack_credentials.store(context, runtime.settings.conf, stack.clients)
    stack_store.store_new(stack, user_creds_id)
    if adopt_data is None:
        strategy.of_stack(stack).create(runtime, context, stack)
    else:
        strategy.of_stack(stack).adopt(runtime, context, stack, adopt_data)
    return dict(stack.identifier())


def _adopt_data(runtime: EngineRuntime, args: Any) -> Any:
    data = (args or {}).get(rpc_api.PARAM_ADOPT_STACK_DATA)
    if not data:
        return None
    if not runtime.settings.enable_stack_adopt:
        raise exception.NotSupported(feature=_("Stack Adopt"))
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except ValueError as error:
            raise exception.Invalid(reason=_("Invalid adopt data: %s") % error)
    if not isinstance(data, Mapping):
        raise exception.Invalid(reason=_("Invalid adopt data: %s") % data)
    return data


def preview_stack(
    runtime: EngineRuntime,
    context: Any,
    stack_name: str,
    template: Any,
    params: Any,
    files: Any,
    args: Any,
    environment_files: Any = None,
) -> dict[str, Any]:
    """What creating the stack would give: the stack and its resources, nothing stored."""
    stack = _validated_stack(
        runtime, context, stack_name, template, params, files, environment_files, args, True
    )
    return stack_preview.preview(stack)
