"""With ``stack_scheduler_hints``, the scheduler hints that tell Nova and Cinder which stack
and resource a server or volume belongs to, under OpenStack Heat's names."""

from typing import Any


def path_in_stack(stack: Any) -> list[list[str | None]]:
    """``[resource name, stack name]`` from the root stack down to ``stack`` (the root's
    resource name is None)."""
    path: list[list[str | None]] = []
    while stack.parent_resource is not None:
        path.insert(0, [stack.parent_resource.name, stack.name])
        stack = stack.parent_resource.stack
    path.insert(0, [None, stack.name])
    return path


def with_stack_hints(resource: Any, hints: dict | None) -> dict | None:
    """``hints`` with the stack's and the resource's identity added when
    ``stack_scheduler_hints`` is set; ``hints`` as given otherwise."""
    conf = resource.stack.settings.conf
    if conf is None or not conf.stack_scheduler_hints:
        return hints
    stack = resource.stack
    return {
        **(hints or {}),
        "heat_root_stack_id": stack.root_stack_id,
        "heat_stack_id": stack.id,
        "heat_stack_name": stack.name,
        "heat_path_in_stack": path_in_stack(stack),
        "heat_resource_name": resource.name,
        "heat_resource_uuid": resource.uuid,
    }
