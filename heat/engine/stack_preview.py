"""``preview_stack``'s answer: a stack not created yet, its nested stacks expanded.

As upstream shows it: the stack without action or status, outputs resolved (to None
where they read resources), and ``resources`` listing each resource with its properties
and ``required_by``, a resource implemented by a nested stack replaced by the list of
that stack's resources (lists nest as stacks do), each ``required_by`` read from the
create plan. Each stack's plan is built once, so the preview stays linear in the number of
resources.
"""

import datetime
from typing import Any

from heat.engine import api_format
from heat.engine.stack import Stack
from heat.engine.walk import plan
from heat.rpc import api as rpc_api

# The id upstream writes where a stack has none yet (its identifiers are ``str(None)``).
UNASSIGNED_ID = "None"


def preview(stack: Stack) -> dict[str, Any]:
    """The RPC form of ``stack`` as a preview."""
    result = api_format.format_stack(stack)
    for key in (rpc_api.STACK_ACTION, rpc_api.STACK_STATUS, rpc_api.STACK_STATUS_DATA):
        result.pop(key, None)
    result[rpc_api.STACK_TAGS] = list(stack.state_data.tags or [])
    # Upstream reports the time of the preview as the stack's creation time.
    now = datetime.datetime.now(datetime.timezone.utc)
    result[rpc_api.STACK_CREATION_TIME] = api_format.time(now)
    result["resources"] = preview_resources(stack)
    return result


def preview_resources(stack: Stack) -> list[Any]:
    """Each resource of ``stack`` formatted, or the list of its nested stack's resources."""
    steps = plan.creation(stack.dependencies())
    entries: list[Any] = []
    for name, resource in stack.resources.items():
        nested = getattr(resource, "preview_stack", None)
        child = nested() if nested is not None else None
        if child is not None:
            entries.append(preview_resources(child))
            continue
        required_by = sorted(step.name for step in steps.required_by(plan.Step(plan.CREATE, name)))
        entries.append(
            api_format.format_resource(resource, with_props=True, required_by=required_by)
        )
    return entries
