"""CloudFormation change sets: CreateChangeSet, DescribeChangeSet, ListChangeSets,
ExecuteChangeSet and DeleteChangeSet, over the engine's change sets.

Only ``UPDATE`` change sets of an existing stack are made; a ``ChangeSetName`` is a name
(with ``StackName``) or the change set's ARN.
"""

import json
from collections.abc import Mapping

from heat.api.aws import exception
from heat.api.aws import utils as api_utils
from heat.api.aws.query import Call
from heat.api.cfn import identity, stacks
from heat.common.i18n import _

# The preview's kinds and the CloudFormation action of each (unchanged ones are not shown).
ACTIONS = (("added", "Add"), ("updated", "Modify"), ("replaced", "Modify"), ("deleted", "Remove"))
# Definition fields a change may touch, by CloudFormation's attribute names.
FIELD_ATTRIBUTES = {
    "metadata": "Metadata",
    "update_policy": "UpdatePolicy",
    "deletion_policy": "DeletionPolicy",
}


def change_set_arn(change_set: Mapping) -> str:
    """``arn:openstack:heat::<tenant>:changeSet/<name>/<id>``."""
    tenant = (change_set.get("stack_identity") or {}).get("tenant", "")
    return "arn:openstack:heat::%s:changeSet/%s/%s" % (
        tenant,
        change_set["name"],
        change_set["id"],
    )


def _target(call: Call) -> tuple[dict | None, str]:
    """(stack identity or None, name or id) of the ``ChangeSetName`` and ``StackName``."""
    name = call.params.get("ChangeSetName")
    if not name:
        raise exception.HeatMissingParameterError(detail=_("ChangeSetName is required"))
    if name.startswith("arn:"):
        return identity.optional_stack_identity(call), name.rsplit("/", 1)[-1]
    stack = identity.optional_stack_identity(call)
    if stack is None:
        raise exception.HeatInvalidParameterValueError(
            detail=_("StackName is required when ChangeSetName is not an ARN")
        )
    return stack, name


def create_change_set(call: Call) -> dict:
    """Preview an update and keep it; ``{"Id": <change set ARN>, "StackId": <ARN>}``."""
    change_set_type = call.params.get("ChangeSetType", "UPDATE")
    if change_set_type != "UPDATE":
        raise exception.HeatInvalidParameterValueError(
            detail=_("ChangeSetType %s is not supported: only UPDATE change sets are made")
            % change_set_type
        )
    name = api_utils.get_param_value(call.params, "ChangeSetName")
    stack = identity.required_stack_identity(call)
    made = call.engine.create_change_set(
        call.context,
        stack,
        name,
        description=call.params.get("Description"),
        **stacks.update_input(call),
    )
    return {"Id": change_set_arn(made), "StackId": identity.arn(made["stack_identity"])}


def _summary(change_set: Mapping) -> dict:
    shaped = {
        "ChangeSetId": change_set_arn(change_set),
        "ChangeSetName": change_set["name"],
        "ExecutionStatus": change_set["execution_status"],
        "Status": change_set["status"],
        "CreationTime": change_set["creation_time"],
    }
    if change_set.get("stack_identity"):
        shaped["StackId"] = identity.arn(change_set["stack_identity"])
        shaped["StackName"] = change_set["stack_name"]
    for key, field in (("Description", "description"), ("StatusReason", "status_reason")):
        if change_set.get(field):
            shaped[key] = change_set[field]
    return shaped


def _details(described: Mapping, with_values: bool) -> tuple[list[str], list[dict]]:
    """(Scope, Details) of one resource's changes."""
    scope, details = set(), []
    for changed in described.get("properties", []):
        scope.add("Properties")
        target = {
            "Attribute": "Properties",
            "Name": changed["name"],
            "RequiresRecreation": "Always" if changed["replaces"] else "Never",
        }
        if with_values:
            target["BeforeValue"] = json.dumps(changed["old"])
            target["AfterValue"] = json.dumps(changed["new"])
        details.append(
            {"Target": target, "Evaluation": "Static", "ChangeSource": "DirectModification"}
        )
    for changed in described.get("fields", []):
        attribute = FIELD_ATTRIBUTES.get(changed["name"])
        if attribute is None:
            continue
        scope.add(attribute)
        details.append(
            {
                "Target": {"Attribute": attribute, "RequiresRecreation": "Never"},
                "Evaluation": "Static",
                "ChangeSource": "DirectModification",
            }
        )
    return sorted(scope), details


def _changes(changes: Mapping, with_values: bool) -> list[dict]:
    shown = []
    for kind, action in ACTIONS:
        for item in changes.get(kind, []):
            change = {
                "Action": action,
                "LogicalResourceId": item["resource_name"],
                "ResourceType": item["resource_type"],
            }
            if kind != "added" and item.get("physical_resource_id"):
                change["PhysicalResourceId"] = item["physical_resource_id"]
            if action == "Modify":
                change["Replacement"] = "True" if kind == "replaced" else "False"
                change["Scope"], change["Details"] = _details(item["changes"], with_values)
            shown.append({"Type": "Resource", "ResourceChange": change})
    return shown


def describe_change_set(call: Call) -> dict:
    """The change set and the changes it plans (``IncludePropertyValues``: old and new)."""
    stack, name = _target(call)
    change_set = call.engine.show_change_set(call.context, stack, name)
    with_values = api_utils.parse_boolean(
        "IncludePropertyValues", call.params.get("IncludePropertyValues", "false")
    )
    shaped = _summary(change_set)
    shaped["Changes"] = _changes(change_set.get("changes") or {}, with_values)
    shaped["Parameters"] = [
        {"ParameterKey": key, "ParameterValue": str(value)}
        for key, value in sorted((change_set.get("parameters") or {}).items())
    ]
    shaped["Capabilities"] = []
    shaped["NotificationARNs"] = []
    return shaped


def list_change_sets(call: Call) -> dict:
    """``{"Summaries": [...]}`` of the stack's change sets."""
    stack = identity.required_stack_identity(call)
    listed = call.engine.list_change_sets(call.context, stack)
    return {"Summaries": [_summary(each) for each in listed]}


def execute_change_set(call: Call) -> dict:
    """Start the update the change set previewed; the result is empty."""
    stack, name = _target(call)
    call.engine.execute_change_set(call.context, stack, name)
    return {}


def delete_change_set(call: Call) -> dict:
    """Delete the change set; the result is empty."""
    stack, name = _target(call)
    call.engine.delete_change_set(call.context, stack, name)
    return {}
