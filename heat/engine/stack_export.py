"""Export, abandon and adopt: a stack as a document that another stack can be built from.

The document (``id, name, action, status, project_id, stack_user_project_id, tags,
template, environment, files, resources``) lists each resource's type, state, physical id,
metadata and data. Abandoning deletes the stack's records but keeps every physical
resource; adopting creates a stack whose resources take over the given physical ids.
"""

from collections.abc import Mapping
from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import resource_actions, stack_actions, stack_store
from heat.engine import resource_states as states
from heat.engine.runtime import EngineRuntime


def export_document(stack: Any) -> dict[str, Any]:
    """The export document of ``stack`` (nested stacks' resources included by name)."""
    state = stack.state_data
    return {
        "id": stack.id,
        "name": stack.name,
        "action": state.action,
        "status": state.status,
        "project_id": state.tenant_id,
        "stack_user_project_id": state.stack_user_project_id,
        "tags": list(state.tags) if state.tags else None,
        "template": dict(stack.t.t),
        "environment": stack.env.user_env_as_dict(),
        "files": dict(stack.t.files),
        "resources": {
            name: _resource_document(resource) for name, resource in stack.resources.items()
        },
    }


def _resource_document(resource: Any) -> dict[str, Any]:
    document = {
        "name": resource.name,
        "type": resource.type(),
        "action": resource.action,
        "status": resource.status,
        "resource_id": resource.resource_id,
        "metadata": resource.metadata_get(),
        "resource_data": resource.data(),
    }
    nested = resource.nested()
    if nested is not None:
        document["resources"] = export_document(nested)["resources"]
    return document


def export_stack(runtime: EngineRuntime, context: Any, stack_identity: Any) -> dict[str, Any]:
    """The stack's export document (``enable_stack_abandon`` must be on, as upstream)."""
    if not runtime.settings.enable_stack_abandon:
        raise exception.NotSupported(feature=_("Stack export"))
    return export_document(runtime.load_stack(context, stack_identity))


def abandon_stack(runtime: EngineRuntime, context: Any, stack_identity: Any) -> dict[str, Any]:
    """Forget the stack (and its nested stacks) but keep its physical resources; its
    export document."""
    if not runtime.settings.enable_stack_abandon:
        raise exception.NotSupported(feature=_("Stack Abandon"))
    stack = runtime.load_stack(context, stack_identity)
    with runtime.lock(context, stack).held(states.DELETE):
        document = export_document(stack)
        _forget(stack)
    return document


def _forget(stack: Any) -> None:
    for resource in stack.resources.values():
        nested = resource.nested()
        if nested is not None:
            _forget(nested)
    stack_store.write_state(stack, states.DELETE, states.COMPLETE, "Stack abandoned")
    stack_store.remove(stack)


def adopt_task(stack: Any, data: Mapping[str, Any]) -> Any:
    """The ADOPT action: each resource takes the physical id, data and metadata given for
    it; a resource missing from ``data`` fails. Returns whether it completed."""
    resources = data.get("resources") or {}

    def visit(resource: Any):
        return resource_actions.adopt(resource, resources.get(resource.name))

    failure = yield from stack_actions.walk_task(stack, states.ADOPT, visit)
    return stack_actions.finish(stack, states.ADOPT, failure)


def adopt(stack: Any, data: Mapping[str, Any], messages: Any = stack_actions.no_messages) -> None:
    """Run the ADOPT action in this thread."""
    stack_store.announce_stored_state(stack)
    stack_actions.drive(stack, lambda: adopt_task(stack, data), messages)
