"""CloudFormation actions on a stack's resources and events."""

from collections.abc import Mapping

from oslo_serialization import jsonutils

from heat.api.aws import exception
from heat.api.aws import utils as api_utils
from heat.api.aws.query import Call
from heat.api.cfn import identity
from heat.common import identifier
from heat.common.i18n import _
from heat.rpc import api as rpc_api

EVENT_KEYS = {
    rpc_api.EVENT_STACK_NAME: "StackName",
    rpc_api.EVENT_RES_NAME: "LogicalResourceId",
    rpc_api.EVENT_RES_PHYSICAL_ID: "PhysicalResourceId",
    rpc_api.EVENT_RES_TYPE: "ResourceType",
    rpc_api.EVENT_RES_STATUS_DATA: "ResourceStatusReason",
    rpc_api.EVENT_TIMESTAMP: "Timestamp",
}
_RESOURCE_KEYS = {
    rpc_api.RES_STACK_NAME: "StackName",
    rpc_api.RES_NAME: "LogicalResourceId",
    rpc_api.RES_PHYSICAL_ID: "PhysicalResourceId",
    rpc_api.RES_TYPE: "ResourceType",
    rpc_api.RES_STATUS_DATA: "ResourceStatusReason",
}
DETAIL_KEYS = {
    **_RESOURCE_KEYS,
    rpc_api.RES_DESCRIPTION: "Description",
    rpc_api.RES_UPDATED_TIME: "LastUpdatedTimestamp",
    rpc_api.RES_METADATA: "Metadata",
}
RESOURCE_KEYS = {
    **_RESOURCE_KEYS,
    rpc_api.RES_DESCRIPTION: "Description",
    rpc_api.RES_UPDATED_TIME: "Timestamp",
}
SUMMARY_KEYS = {
    rpc_api.RES_NAME: "LogicalResourceId",
    rpc_api.RES_PHYSICAL_ID: "PhysicalResourceId",
    rpc_api.RES_TYPE: "ResourceType",
    rpc_api.RES_STATUS_DATA: "ResourceStatusReason",
    rpc_api.RES_UPDATED_TIME: "LastUpdatedTimestamp",
}


def _resource_status(resource: Mapping) -> str | None:
    return identity.status(resource.get(rpc_api.RES_ACTION), resource.get(rpc_api.RES_STATUS))


def event(engine_event: Mapping) -> dict:
    """One ``StackEvents`` member; the resource properties as JSON text."""
    shaped = api_utils.reformat_dict_keys(EVENT_KEYS, engine_event)
    event_identity = engine_event[rpc_api.EVENT_ID]
    shaped["EventId"] = identifier.EventIdentifier(**event_identity).event_id
    shaped["StackId"] = identity.arn(engine_event[rpc_api.EVENT_STACK_ID])
    shaped["ResourceStatus"] = identity.status(
        engine_event.get(rpc_api.EVENT_RES_ACTION), engine_event.get(rpc_api.EVENT_RES_STATUS)
    )
    if engine_event.get(rpc_api.EVENT_RES_PROPERTIES) is not None:
        properties = engine_event[rpc_api.EVENT_RES_PROPERTIES]
        shaped["ResourceProperties"] = jsonutils.dumps(properties)
    return shaped


def _shaped_resource(keymap: Mapping[str, str], resource: Mapping, with_stack=True) -> dict:
    shaped = api_utils.reformat_dict_keys(keymap, resource)
    if with_stack:
        shaped["StackId"] = identity.arn(resource[rpc_api.RES_STACK_ID])
    shaped["ResourceStatus"] = _resource_status(resource)
    return shaped


def describe_stack_events(call: Call) -> dict:
    """``{"StackEvents": [...]}`` of the named stack, or of every stack without a name,
    newest first, each with the resource properties it recorded."""
    stack = identity.optional_stack_identity(call)
    events = call.engine.list_events(call.context, stack)
    if events:
        # The engine reads properties only for events asked for by id (the REST API's
        # lists leave them out), so the events found are asked for again by their ids.
        ids = [identifier.EventIdentifier(**item[rpc_api.EVENT_ID]).event_id for item in events]
        events = call.engine.list_events(call.context, stack, filters={"uuid": ids})
    return {"StackEvents": [event(engine_event) for engine_event in events]}


def describe_stack_resource(call: Call) -> dict:
    """``{"StackResourceDetail": {...}}`` of one resource, with its metadata."""
    stack = identity.required_stack_identity(call)
    name = api_utils.get_param_value(call.params, "LogicalResourceId")
    resource = call.engine.describe_stack_resource(call.context, stack, name)
    return {"StackResourceDetail": _shaped_resource(DETAIL_KEYS, resource)}


def _stack_of_physical_resource(call: Call, physical_id: str) -> dict:
    found = call.engine.find_physical_resource(call.context, physical_id)
    return dict(identifier.HeatIdentifier(**found).stack())


def describe_stack_resources(call: Call) -> dict:
    """``{"StackResources": [...]}`` of a stack named by StackName or by one of its
    resources' PhysicalResourceId (not both), optionally only LogicalResourceId."""
    stack_name = call.params.get("StackName")
    physical_id = call.params.get("PhysicalResourceId")
    if stack_name and physical_id:
        raise exception.HeatInvalidParameterCombinationError(
            detail=_("Use `StackName` or `PhysicalResourceId` but not both")
        )
    if physical_id:
        stack = _stack_of_physical_resource(call, physical_id)
    elif stack_name:
        stack = identity.stack_identity(call, stack_name)
    else:
        raise exception.HeatMissingParameterError(
            detail=_("StackName or PhysicalResourceId is required")
        )
    resources = call.engine.describe_stack_resources(
        call.context, stack, call.params.get("LogicalResourceId")
    )
    return {"StackResources": [_shaped_resource(RESOURCE_KEYS, item) for item in resources]}


def list_stack_resources(call: Call) -> dict:
    """``{"StackResourceSummaries": [...]}`` of a stack's resources."""
    stack = identity.required_stack_identity(call)
    resources = call.engine.list_stack_resources(call.context, stack)
    summaries = [_shaped_resource(SUMMARY_KEYS, item, with_stack=False) for item in resources]
    return {"StackResourceSummaries": summaries}
