"""CloudFormation actions on whole stacks: list, describe, create, update, delete, cancel,
and termination protection."""

from collections.abc import Mapping

from heat.api.aws import exception
from heat.api.aws import utils as api_utils
from heat.api.aws.query import Call
from heat.api.cfn import identity, template_input
from heat.common.i18n import _
from heat.rpc import api as rpc_api

SUMMARY_KEYS = {
    rpc_api.STACK_NAME: "StackName",
    rpc_api.STACK_CREATION_TIME: "CreationTime",
    rpc_api.STACK_UPDATED_TIME: "LastUpdatedTime",
    rpc_api.STACK_DELETION_TIME: "DeletionTime",
    rpc_api.STACK_STATUS_DATA: "StackStatusReason",
    rpc_api.STACK_TMPL_DESCRIPTION: "TemplateDescription",
}
DETAIL_KEYS = {
    rpc_api.STACK_NAME: "StackName",
    rpc_api.STACK_DESCRIPTION: "Description",
    rpc_api.STACK_CREATION_TIME: "CreationTime",
    rpc_api.STACK_UPDATED_TIME: "LastUpdatedTime",
    rpc_api.STACK_STATUS_DATA: "StackStatusReason",
    rpc_api.STACK_DISABLE_ROLLBACK: "DisableRollback",
    rpc_api.STACK_TIMEOUT: "TimeoutInMinutes",
}
OUTPUT_KEYS = {
    rpc_api.OUTPUT_KEY: "OutputKey",
    rpc_api.OUTPUT_VALUE: "OutputValue",
    rpc_api.OUTPUT_DESCRIPTION: "Description",
}
# OnFailure values and the disable_rollback flag each one means.
ON_FAILURE = {"DO_NOTHING": True, "ROLLBACK": False, "DELETE": False}


def _with_id_and_status(stack: Mapping, shaped: dict) -> dict:
    shaped["StackId"] = identity.arn(stack[rpc_api.STACK_ID])
    shaped["StackStatus"] = identity.status(
        stack.get(rpc_api.STACK_ACTION), stack.get(rpc_api.STACK_STATUS)
    )
    return shaped


def stack_summary(stack: Mapping) -> dict:
    """One ``StackSummaries`` member of ListStacks."""
    return _with_id_and_status(stack, api_utils.reformat_dict_keys(SUMMARY_KEYS, stack))


def stack_detail(stack: Mapping) -> dict:
    """One ``Stacks`` member of DescribeStacks."""
    shaped = _with_id_and_status(stack, api_utils.reformat_dict_keys(DETAIL_KEYS, stack))
    shaped["EnableTerminationProtection"] = bool(stack.get(rpc_api.STACK_TERMINATION_PROTECTION))
    shaped["Capabilities"] = list(stack.get(rpc_api.STACK_CAPABILITIES) or [])
    shaped["NotificationARNs"] = list(stack.get(rpc_api.STACK_NOTIFICATION_TOPICS) or [])
    parameters = stack.get(rpc_api.STACK_PARAMETERS) or {}
    shaped["Parameters"] = [
        {"ParameterKey": key, "ParameterValue": value} for key, value in parameters.items()
    ]
    outputs = stack.get(rpc_api.STACK_OUTPUTS) or []
    shaped["Outputs"] = [api_utils.reformat_dict_keys(OUTPUT_KEYS, output) for output in outputs]
    return shaped


def list_stacks(call: Call) -> dict:
    """``{"StackSummaries": [...]}`` of the caller's stacks."""
    stacks = call.engine.list_stacks(call.context)
    return {"StackSummaries": [stack_summary(stack) for stack in stacks]}


def describe_stacks(call: Call) -> dict:
    """``{"Stacks": [...]}``: the stack ``StackName`` names, or every stack of the project."""
    stacks = call.engine.show_stack(call.context, identity.optional_stack_identity(call))
    return {"Stacks": [stack_detail(stack) for stack in stacks]}


def stack_args(params: Mapping[str, str]) -> dict:
    """The engine ``args`` of TimeoutInMinutes, DisableRollback and OnFailure."""
    args: dict = {}
    if "TimeoutInMinutes" in params:
        args[rpc_api.PARAM_TIMEOUT] = api_utils.parse_integer(
            "TimeoutInMinutes", params["TimeoutInMinutes"]
        )
    disable_rollback = params.get("DisableRollback")
    on_failure = params.get("OnFailure")
    if disable_rollback is not None and on_failure is not None:
        raise exception.HeatInvalidParameterCombinationError(
            detail=_("DisableRollback and OnFailure may not be used together")
        )
    if disable_rollback is not None:
        args[rpc_api.PARAM_DISABLE_ROLLBACK] = api_utils.parse_boolean(
            "DisableRollback", disable_rollback
        )
    if on_failure is not None:
        if on_failure not in ON_FAILURE:
            raise exception.HeatInvalidParameterValueError(
                detail=_("OnFailure must be one of %s") % ", ".join(sorted(ON_FAILURE))
            )
        args[rpc_api.PARAM_DISABLE_ROLLBACK] = ON_FAILURE[on_failure]
    return args


def stack_input(call: Call) -> dict:
    """The template, environment and args of a CreateStack or UpdateStack request."""
    args = stack_args(call.params)
    parameters = api_utils.extract_param_pairs(
        call.params, prefix="Parameters", keyname="ParameterKey", valuename="ParameterValue"
    )
    return {
        "template": template_input.template_from_params(call.params, call.conf),
        "params": {"parameters": parameters},
        "files": {},
        "args": args,
    }


def update_input(call: Call) -> dict:
    """:func:`stack_input` of an UpdateStack or CreateChangeSet, with AWS's
    ``UsePreviousTemplate`` and per-parameter ``UsePreviousValue``. Either makes the update
    a patch of the stored stack (``existing``) that keeps the template, or the values, asked
    for; every other parameter of the current template goes back to its default
    (``clear_parameters``), as AWS resets a parameter that the request leaves out."""
    previous_template = api_utils.parse_boolean(
        "UsePreviousTemplate", call.params.get("UsePreviousTemplate", "false")
    )
    given, kept = {}, set()
    for member in api_utils.extract_param_list(call.params, "Parameters"):
        if "ParameterKey" not in member:
            continue
        use_previous = member.get("UsePreviousValue", "false")
        if api_utils.parse_boolean("UsePreviousValue", use_previous):
            kept.add(member["ParameterKey"])
        else:
            given[member["ParameterKey"]] = member.get("ParameterValue", "")
    if not (previous_template or kept):
        return stack_input(call)
    templates = ("TemplateBody", *template_input.URL_PARAMS)
    if previous_template and any(call.params.get(name) for name in templates):
        raise exception.HeatInvalidParameterCombinationError(
            detail=_("UsePreviousTemplate may not be used with TemplateBody or TemplateURL")
        )
    stack = identity.required_stack_identity(call)
    current = call.engine.get_template(call.context, stack)
    stored = set(current.get("parameters") or current.get("Parameters") or {})
    args = stack_args(call.params)
    args[rpc_api.PARAM_EXISTING] = True
    args[rpc_api.PARAM_CLEAR_PARAMETERS] = sorted(stored - set(given) - kept)
    template = None
    if not previous_template:
        template = template_input.template_from_params(call.params, call.conf)
    return {"template": template, "params": {"parameters": given}, "files": {}, "args": args}


def create_stack(call: Call) -> dict:
    """Start creating a stack; ``{"StackId": <arn>}``."""
    name = api_utils.get_param_value(call.params, "StackName")
    created = call.engine.create_stack(call.context, name, **stack_input(call))
    return {"StackId": identity.arn(created)}


def update_stack(call: Call) -> dict:
    """Start updating a stack; ``{"StackId": <arn>}``."""
    stack = identity.required_stack_identity(call)
    updated = call.engine.update_stack(call.context, stack, **update_input(call))
    return {"StackId": identity.arn(updated)}


def delete_stack(call: Call) -> str:
    """Delete a stack; the result is empty."""
    stack = identity.required_stack_identity(call)
    call.engine.delete_stack(call.context, stack, cast=False)
    return ""


def cancel_update_stack(call: Call) -> dict:
    """Cancel the update in progress, rolling the stack back; the result is empty."""
    stack = identity.required_stack_identity(call)
    call.engine.stack_cancel_update(call.context, stack, cancel_with_rollback=True)
    return {}


def update_termination_protection(call: Call) -> dict:
    """Protect the stack (and its nested stacks) from deletion, or lift the protection;
    ``{"StackId": <arn>}``."""
    stack = identity.required_stack_identity(call)
    enabled = call.params.get("EnableTerminationProtection")
    if enabled is None:
        raise exception.HeatMissingParameterError(
            detail=_("EnableTerminationProtection is required")
        )
    protect = api_utils.parse_boolean("EnableTerminationProtection", enabled)
    call.engine.update_termination_protection(call.context, stack, protect)
    return {"StackId": identity.arn(stack)}
