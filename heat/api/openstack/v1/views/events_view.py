"""Engine event dicts to REST events: ``id``, links (self, resource, stack[, root_stack]),
``logical_resource_id`` and ``resource_status`` as ``ACTION_STATUS``."""

from urllib import parse

from heat.api.openstack.v1.views import common
from heat.rpc import api as rpc_api

SUMMARY_KEYS = (
    "id",
    "links",
    rpc_api.EVENT_TIMESTAMP,
    rpc_api.EVENT_RES_NAME,
    "logical_resource_id",
    rpc_api.EVENT_RES_STATUS,
    rpc_api.EVENT_RES_STATUS_DATA,
    rpc_api.EVENT_RES_PHYSICAL_ID,
)
_DROPPED = (
    rpc_api.EVENT_ID,
    rpc_api.EVENT_STACK_ID,
    rpc_api.EVENT_STACK_NAME,
    rpc_api.EVENT_RES_ACTION,
    rpc_api.EVENT_ROOT_STACK_ID,
)


def _links(request, identity: dict, root: dict | None) -> list[dict]:
    resource_path = identity["path"].rsplit("/events/", 1)[0]
    links = [
        common.make_link(request, identity),
        common.make_link(request, dict(identity, path=resource_path), "resource"),
        common.make_link(request, dict(identity, path=""), "stack"),
    ]
    if root:
        links.append(common.make_link(request, root, "root_stack"))
    return links


def format_event(request, event: dict, keys=None) -> dict:
    """The REST form of an engine event, limited to ``keys`` when given."""
    identity = event[rpc_api.EVENT_ID]
    result = {
        "id": parse.unquote(identity["path"].rsplit("/", 1)[-1]),
        "links": _links(request, identity, event.get(rpc_api.EVENT_ROOT_STACK_ID)),
    }
    for key, value in event.items():
        if key in _DROPPED:
            continue
        if key == rpc_api.EVENT_RES_STATUS and event.get(rpc_api.EVENT_RES_ACTION):
            value = "%s_%s" % (event[rpc_api.EVENT_RES_ACTION], value)
        elif key == rpc_api.EVENT_RES_NAME:
            result["logical_resource_id"] = value
        result[key] = value
    if keys is None:
        return result
    return {key: value for key, value in result.items() if key in keys}
