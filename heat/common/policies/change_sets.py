"""Rules of the change set calls of the native API (CloudFormation's have their own)."""

from oslo_policy import policy

from heat.common.policies import base

_CHANGE_SETS = "/v1/{tenant_id}/stacks/{stack_name}/{stack_id}/change_sets"
_CHANGE_SET = _CHANGE_SETS + "/{change_set}"

# A change set is new in this API, so its rules have no pre-RBAC default to keep.
rules: list[policy.RuleDefault] = [
    base.api_rule(name, check, description, operation, deprecated_check=None)
    for name, check, description, operation in (
        ("change_sets:create", base.PROJECT_MEMBER,
         "Preview an update of a stack and keep it as a change set.", "POST " + _CHANGE_SETS),
        ("change_sets:index", base.PROJECT_READER,
         "List the change sets of a stack.", "GET " + _CHANGE_SETS),
        ("change_sets:show", base.PROJECT_READER,
         "Show a change set and the changes it plans.", "GET " + _CHANGE_SET),
        ("change_sets:execute", base.PROJECT_MEMBER,
         "Update a stack as a change set planned.", "POST " + _CHANGE_SET + "/execute"),
        ("change_sets:delete", base.PROJECT_MEMBER,
         "Delete a change set.", "DELETE " + _CHANGE_SET),
    )
]  # fmt: skip


def list_rules() -> list[policy.RuleDefault]:
    """The rules of this scope."""
    return rules
