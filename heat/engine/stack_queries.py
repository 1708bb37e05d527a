"""Read-only engine calls about stacks: look-up, show, template, environment, files,
resources, events and outputs."""

from typing import Any

from oslo_utils import uuidutils

from heat.common import exception, identifier
from heat.db import api as db_api
from heat.engine import api_format, resource_listing, stack_access, termination_protection
from heat.engine.runtime import EngineRuntime
from heat.rpc import api as rpc_api

HIDDEN_VALUE = "******"


def identify_stack(context: Any, stack_name: str) -> dict[str, Any]:
    """The identity of the stack named (or with the id) ``stack_name``."""
    row = None
    if uuidutils.is_uuid_like(stack_name):
        row = db_api.stack_get(context, stack_name, show_deleted=True, eager_load=False)
    if row is None:
        row = db_api.stack_get_by_name(context, stack_name)
    if row is None:
        raise exception.EntityNotFound(entity="Stack", name=stack_name)
    return dict(identifier.HeatIdentifier(row.tenant, row.name or "", row.id))


def show_stack(
    runtime: EngineRuntime, context: Any, stack_identity: Any, resolve_outputs: bool = True
) -> list[dict[str, Any]]:
    """The stack named by ``stack_identity`` in full (all of the project's when None)."""
    if stack_identity is not None:
        stacks = [runtime.load_stack(context, stack_identity, show_deleted=True)]
    else:
        stacks = [runtime.load_row(context, row) for row in db_api.stack_get_all(context)]
    return [_shown(context, stack, resolve_outputs) for stack in stacks]


def _shown(context: Any, stack: Any, resolve_outputs: bool) -> dict[str, Any]:
    """A stack's show: its RPC form and whether it (through its root) is protected."""
    shown = api_format.format_stack(stack, resolve_outputs)
    shown[rpc_api.STACK_TERMINATION_PROTECTION] = termination_protection.is_protected(
        context, stack
    )
    return shown


def get_template(runtime: EngineRuntime, context: Any, stack_identity: Any) -> Any:
    """The template as stored."""
    return runtime.load_stack(context, stack_identity, show_deleted=True).t.t


def get_environment(runtime: EngineRuntime, context: Any, stack_identity: Any) -> dict:
    """The user environment, hidden parameter values replaced by ``******``."""
    stack = runtime.load_stack(context, stack_identity, show_deleted=True)
    env = stack.env.user_env_as_dict()
    hidden = set(stack.parameters.hidden_names())
    for section in ("parameters", "parameter_defaults"):
        env[section] = {
            name: HIDDEN_VALUE if name in hidden else value
            for name, value in env.get(section, {}).items()
        }
    env["encrypted_param_names"] = list(stack.env.encrypted_param_names)
    return env


def get_files(runtime: EngineRuntime, context: Any, stack_identity: Any) -> dict[str, str]:
    """The files map of the stack."""
    return dict(runtime.load_stack(context, stack_identity, show_deleted=True).t.files)


def _resource(stack: Any, resource_name: str) -> Any:
    if resource_name not in stack.resources:
        raise exception.ResourceNotFound(resource_name=resource_name, stack_name=stack.name)
    return stack.resources[resource_name]


def _formatted(stack: Any, resource: Any, graph: Any, **options: Any) -> dict[str, Any]:
    required_by = sorted(graph.required_by(resource.name)) if resource.name in graph else []
    return api_format.format_resource(resource, required_by=required_by, **options)


_RESOURCE_FILTERS = {
    "name": lambda resource: resource.name,
    "type": lambda resource: resource.type(),
    "status": lambda resource: resource.status,
    "action": lambda resource: resource.action,
    "id": lambda resource: resource.uuid,
    "physical_resource_id": lambda resource: resource.resource_id,
}


def _matches(resource: Any, filters: dict[str, Any]) -> bool:
    return all(
        resource_listing.is_wanted(_RESOURCE_FILTERS[key](resource), wanted)
        for key, wanted in filters.items()
    )


def list_stack_resources(
    runtime: EngineRuntime,
    context: Any,
    stack_identity: Any,
    nested_depth: int = 0,
    with_detail: bool = False,
    filters: dict | None = None,
) -> list[dict[str, Any]]:
    """The stack's resources (matching ``filters``) in template order, each followed by its
    nested stack's resources down to ``nested_depth`` levels. A plain listing is made from
    the resources' rows once the stack's template has been seen (resource_listing)."""
    wanted = {key: value for key, value in (filters or {}).items() if key in _RESOURCE_FILTERS}
    plain = nested_depth <= 0 and not with_detail
    row = runtime.stack_row(context, stack_identity, eager_load=not plain)
    shape = runtime.template_shapes.get(row) if plain else None
    if shape is not None:
        return resource_listing.listing(context, row, shape, wanted)
    stack = runtime.load_row(context, row)
    if plain:
        runtime.template_shapes.remember(row, stack)
    return list(_resources_of(stack, nested_depth, with_detail, wanted))


def _resources_of(stack: Any, depth: int, detail: bool, wanted: dict) -> Any:
    graph = stack.dependencies()
    for resource in stack.resources.values():
        if _matches(resource, wanted):
            yield _formatted(stack, resource, graph, detail=detail)
        nested = resource.nested() if depth > 0 else None
        if nested is not None:
            yield from _resources_of(nested, depth - 1, detail, wanted)


def describe_stack_resource(
    runtime: EngineRuntime,
    context: Any,
    stack_identity: Any,
    resource_name: str,
    with_attr: Any = None,
) -> dict[str, Any]:
    """One resource in detail, with the extra attributes named in ``with_attr``; a stack
    user sees only what its credentials allow (Forbidden otherwise)."""
    stack = runtime.load_stack(context, stack_identity)
    stack_access.authorize(context, stack, resource_name, runtime.settings.heat_stack_user_role)
    resource = _resource(stack, resource_name)
    attrs = with_attr if isinstance(with_attr, list) else None
    return _formatted(stack, resource, stack.dependencies(), with_attr=attrs)


def describe_stack_resources(
    runtime: EngineRuntime, context: Any, stack_identity: Any, resource_name: str | None
) -> list[dict[str, Any]]:
    """Every resource of the stack in detail, or only ``resource_name``."""
    stack = runtime.load_stack(context, stack_identity)
    graph = stack.dependencies()
    return [
        _formatted(stack, resource, graph)
        for name, resource in stack.resources.items()
        if resource_name is None or name == resource_name
    ]


def find_physical_resource(context: Any, physical_resource_id: str) -> dict[str, Any]:
    """The identity of the resource whose physical id is ``physical_resource_id``."""
    row = db_api.resource_get_by_physical_resource_id(context, physical_resource_id)
    if row is None:
        raise exception.EntityNotFound(entity="Resource", name=physical_resource_id)
    stack = db_api.stack_get(context, row.stack_id, eager_load=False)
    if stack is None:
        raise exception.EntityNotFound(entity="Resource", name=physical_resource_id)
    return dict(identifier.ResourceIdentifier(stack.tenant, stack.name, stack.id, "", row.name))


def list_outputs(runtime: EngineRuntime, context: Any, stack_identity: Any) -> list[dict]:
    """``{output_key, description}`` of each output."""
    stack = runtime.load_stack(context, stack_identity)
    return api_format.format_outputs(stack, resolve=False)


def show_output(
    runtime: EngineRuntime, context: Any, stack_identity: Any, output_key: str
) -> dict[str, Any]:
    """One output with its value or error; NotFound for an unknown key."""
    stack = runtime.load_stack(context, stack_identity)
    if output_key not in stack.outputs:
        raise exception.NotFound(message="Specified output key %s not found." % output_key)
    return next(
        entry for entry in api_format.format_outputs(stack) if entry["output_key"] == output_key
    )
