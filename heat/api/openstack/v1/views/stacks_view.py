"""Engine stack dicts to REST stacks: ``id`` and ``links`` from the identity,
``stack_status`` as ``ACTION_STATUS``."""

from heat.api.openstack.v1.views import common
from heat.rpc import api as rpc_api

SUMMARY_KEYS = (
    rpc_api.STACK_ID,
    rpc_api.STACK_NAME,
    rpc_api.STACK_DESCRIPTION,
    rpc_api.STACK_STATUS,
    rpc_api.STACK_STATUS_DATA,
    rpc_api.STACK_CREATION_TIME,
    rpc_api.STACK_DELETION_TIME,
    rpc_api.STACK_UPDATED_TIME,
    rpc_api.STACK_OWNER,
    rpc_api.STACK_PARENT,
    rpc_api.STACK_USER_PROJECT_ID,
    rpc_api.STACK_TAGS,
)


def format_stack(request, stack: dict, keys=None, include_project: bool = False) -> dict:
    """The REST form of an engine stack, limited to ``keys`` when given."""
    result = {}
    for key, value in stack.items():
        if keys is not None and key not in keys:
            continue
        if key == rpc_api.STACK_ID:
            result["id"] = value["stack_id"]
            result["links"] = [common.make_link(request, value)]
            if include_project:
                result["project"] = value["tenant"]
        elif key == rpc_api.STACK_ACTION:
            continue
        elif key == rpc_api.STACK_STATUS and stack.get(rpc_api.STACK_ACTION):
            result[key] = "%s_%s" % (stack[rpc_api.STACK_ACTION], value)
        else:
            result[key] = value
    return result


def collection(request, stacks: list, count=None, include_project: bool = False) -> dict:
    """``{"stacks": [...], "links": [next], "count": n}`` (links and count when relevant)."""
    items = [format_stack(request, stack, SUMMARY_KEYS, include_project) for stack in stacks]
    result: dict = {"stacks": items}
    links = common.collection_links(request, items)
    if links:
        result["links"] = links
    if count is not None:
        result["count"] = count
    return result
