"""Stacks, resources, events and outputs in the shape the RPC API returns them.

Keys are those of :mod:`heat.rpc.api`; times are ``YYYY-MM-DDTHH:MM:SSZ``; identities are
dicts (``{tenant, stack_name, stack_id, path}``). The REST views reshape these further.
"""

from typing import Any
from urllib import parse

from heat.common import identifier
from heat.rpc import api as rpc_api


def time(value: Any) -> str | None:
    """A datetime as Heat prints it, or None."""
    return value.strftime("%Y-%m-%dT%H:%M:%SZ") if value is not None else None


def format_outputs(stack: Any, resolve: bool = True) -> list[dict[str, Any]]:
    """Every output: key and description, and when ``resolve`` its value or its error."""
    result = []
    for key, output in stack.outputs.items():
        entry = {rpc_api.OUTPUT_KEY: key, rpc_api.OUTPUT_DESCRIPTION: output.description()}
        if resolve:
            value, error = stack.output(key)
            entry[rpc_api.OUTPUT_VALUE] = value
            if error is not None:
                entry[rpc_api.OUTPUT_ERROR] = error
        result.append(entry)
    return result


def template_description(stack: Any) -> Any:
    """The template's description (``No description`` when it has none)."""
    return stack.t.description()


def format_stack(stack: Any, resolve_outputs: bool = True) -> dict[str, Any]:
    """The full RPC form of a stack, as ``show_stack`` returns it."""
    state = stack.state_data
    description = template_description(stack)
    result = {
        rpc_api.STACK_ID: dict(stack.identifier()),
        rpc_api.STACK_NAME: stack.name,
        rpc_api.STACK_CREATION_TIME: time(state.created_time),
        rpc_api.STACK_UPDATED_TIME: time(state.updated_time),
        rpc_api.STACK_DELETION_TIME: time(state.deleted_time),
        rpc_api.STACK_NOTIFICATION_TOPICS: [],
        rpc_api.STACK_DESCRIPTION: description,
        rpc_api.STACK_TMPL_DESCRIPTION: description,
        rpc_api.STACK_PARAMETERS: stack.parameters.items_for_show(),
        rpc_api.STACK_ACTION: state.action,
        rpc_api.STACK_STATUS: state.status,
        rpc_api.STACK_STATUS_DATA: state.status_reason,
        rpc_api.STACK_CAPABILITIES: [],
        rpc_api.STACK_DISABLE_ROLLBACK: state.disable_rollback,
        rpc_api.STACK_TIMEOUT: state.timeout_mins,
        rpc_api.STACK_OWNER: state.username,
        rpc_api.STACK_PARENT: state.owner_id,
        rpc_api.STACK_USER_PROJECT_ID: state.stack_user_project_id,
        rpc_api.STACK_TAGS: list(state.tags) if state.tags else None,
    }
    if resolve_outputs and stack.state != ("DELETE", "COMPLETE"):
        result[rpc_api.STACK_OUTPUTS] = format_outputs(stack)
    return result


def resource_identity(resource: Any) -> identifier.ResourceIdentifier:
    """The identity of a resource inside its stack."""
    stack = resource.stack.identifier()
    return identifier.ResourceIdentifier(
        stack.tenant, stack.stack_name, stack.stack_id, stack.path, resource.name
    )


def format_resource(
    resource: Any,
    detail: bool = True,
    with_props: bool = False,
    with_attr: list[str] | None = None,
    required_by: list[str] | None = None,
) -> dict[str, Any]:
    """The RPC form of a resource; ``detail`` adds description, metadata and attributes."""
    stack = resource.stack
    result: dict[str, Any] = {
        rpc_api.RES_ID: dict(resource_identity(resource)),
        rpc_api.RES_STACK_ID: dict(stack.identifier()),
        rpc_api.RES_STACK_NAME: stack.name,
        rpc_api.RES_NAME: resource.name,
        rpc_api.RES_PHYSICAL_ID: resource.resource_id or "",
        rpc_api.RES_ACTION: resource.action,
        rpc_api.RES_STATUS: resource.status,
        rpc_api.RES_STATUS_DATA: resource.status_reason,
        rpc_api.RES_TYPE: resource.type(),
        rpc_api.RES_CREATION_TIME: time(resource.created_time),
        rpc_api.RES_UPDATED_TIME: time(resource.updated_time or resource.created_time),
        rpc_api.RES_REQUIRED_BY: required_by if required_by is not None else [],
    }
    if stack.state_data.parent_resource_name:
        result[rpc_api.RES_PARENT_RESOURCE] = stack.state_data.parent_resource_name
    nested = resource.nested()
    if nested is not None and nested.id:
        result[rpc_api.RES_NESTED_STACK_ID] = dict(nested.identifier())
    if detail:
        result[rpc_api.RES_DESCRIPTION] = resource.t.description
        result[rpc_api.RES_METADATA] = resource.metadata_get()
        result[rpc_api.RES_ATTRIBUTES] = _attributes(resource, with_attr)
    if with_props:
        result[rpc_api.RES_PROPERTIES] = _properties(resource)
    return result


def _attributes(resource: Any, with_attr: list[str] | None) -> dict[str, Any]:
    names = [name for name in resource.attributes_schema if name != "show"]
    for name in with_attr or []:
        if name not in names:
            names.append(name)
    values = {}
    for name in names:
        try:
            values[name] = resource.FnGetAtt(name)
        except Exception as error:  # noqa: BLE001 - one bad attribute must not hide the others
            values[name] = None if name in resource.attributes_schema else str(error)
    return values


def _properties(resource: Any) -> dict[str, Any]:
    values = {}
    for name in resource.properties_schema:
        try:
            values[name] = resource.properties[name]
        except Exception:  # noqa: BLE001 - previews show what can be resolved
            values[name] = None
    return values


def format_event(
    event: Any, stack_identity: identifier.HeatIdentifier, properties: Any = None
) -> dict[str, Any]:
    """The RPC form of an ``event`` row of the stack ``stack_identity``.

    Event lists run to thousands, so the event's identity is made as ``EventIdentifier``
    would make it, without building the two identifiers per event."""
    stack = stack_identity.as_dict()
    resource_path = "/".join([stack["path"].rstrip("/"), "resources", event.resource_name])
    if not resource_path.startswith("/"):
        resource_path = "/" + resource_path
    event_identity = dict(stack, path="%s/events/%s" % (resource_path, parse.quote(event.uuid, "")))
    return {
        rpc_api.EVENT_ID: event_identity,
        rpc_api.EVENT_STACK_ID: stack,
        rpc_api.EVENT_STACK_NAME: stack_identity.stack_name,
        rpc_api.EVENT_TIMESTAMP: time(event.created_at),
        rpc_api.EVENT_RES_NAME: event.resource_name,
        rpc_api.EVENT_RES_PHYSICAL_ID: event.physical_resource_id or "",
        rpc_api.EVENT_RES_ACTION: event.resource_action,
        rpc_api.EVENT_RES_STATUS: event.resource_status,
        rpc_api.EVENT_RES_STATUS_DATA: event.resource_status_reason,
        rpc_api.EVENT_RES_TYPE: event.resource_type,
        rpc_api.EVENT_RES_PROPERTIES: properties if properties is not None else {},
    }
