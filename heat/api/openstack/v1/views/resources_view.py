"""Engine resource dicts to REST resources: links (self, stack, nested), ``logical_resource_id``
and ``resource_status`` as ``ACTION_STATUS``; metadata is never included."""

from heat.api.openstack.v1.views import common
from heat.rpc import api as rpc_api

_DROPPED = (
    rpc_api.RES_ID,
    rpc_api.RES_STACK_ID,
    rpc_api.RES_STACK_NAME,
    rpc_api.RES_ACTION,
    rpc_api.RES_NESTED_STACK_ID,
    rpc_api.RES_METADATA,
)
DETAIL_ONLY_KEYS = (rpc_api.RES_DESCRIPTION, rpc_api.RES_ATTRIBUTES)


def _links(request, resource: dict) -> list[dict]:
    identity = resource[rpc_api.RES_ID]
    stack = {key: identity[key] for key in ("tenant", "stack_name", "stack_id")}
    links = [common.make_link(request, identity), common.make_link(request, stack, "stack")]
    nested = resource.get(rpc_api.RES_NESTED_STACK_ID)
    if nested:
        links.append(common.make_link(request, nested, "nested"))
    return links


def format_resource(request, resource: dict, detail: bool = True) -> dict:
    """The REST form of an engine resource; without ``detail`` no description or attributes."""
    result = {}
    for key, value in resource.items():
        if key in _DROPPED or (not detail and key in DETAIL_ONLY_KEYS):
            continue
        if key == rpc_api.RES_STATUS and resource.get(rpc_api.RES_ACTION):
            value = "%s_%s" % (resource[rpc_api.RES_ACTION], value)
        elif key == rpc_api.RES_NAME:
            result["logical_resource_id"] = value
        result[key] = value
    if rpc_api.RES_ID in resource:
        result["links"] = _links(request, resource)
    return result
