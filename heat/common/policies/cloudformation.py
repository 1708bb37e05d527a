"""Rules of the CloudFormation-compatible Query API, one per action.

The enforcer passes the caller's project as the target, so the project checks
below hold for any project member or reader (upstream's rules never matched).
"""

from oslo_policy import policy

from heat.common.policies import base

_READER = base.PROJECT_READER
_MEMBER = base.PROJECT_MEMBER
_OPERATION = "GET /v1/?Action=%s"

# (action, default check string, description); the pre-RBAC default of each is
# rule:deny_stack_user.
_TABLE = (
    ("ListStacks", _READER, "List the stacks of the project."),
    ("CreateStack", _MEMBER, "Create a stack."),
    ("DescribeStacks", _READER, "Describe one or all stacks of the project."),
    ("DeleteStack", _MEMBER, "Delete a stack."),
    ("UpdateStack", _MEMBER, "Update a stack."),
    ("CancelUpdateStack", _MEMBER, "Cancel the update of a stack, rolling it back."),
    ("DescribeStackEvents", _READER, "List the events of a stack."),
    ("ValidateTemplate", _READER, "Validate a template."),
    ("GetTemplate", _READER, "Show the template of a stack."),
    ("EstimateTemplateCost", _READER, "Estimate the cost of a template."),
    ("DescribeStackResources", _READER, "Describe the resources of a stack."),
    ("ListStackResources", _READER, "List the resources of a stack."),
)

# Rules of actions 2014 Heat did not have: no pre-RBAC default.
_CHANGE_SETS = (
    ("CreateChangeSet", _MEMBER, "Preview an update of a stack and keep it as a change set."),
    ("DescribeChangeSet", _READER, "Show a change set and the changes it plans."),
    ("ListChangeSets", _READER, "List the change sets of a stack."),
    ("ExecuteChangeSet", _MEMBER, "Update a stack as a change set previewed."),
    ("DeleteChangeSet", _MEMBER, "Delete a change set."),
    ("DetectStackDrift", _MEMBER, "Compare each resource of a stack with its physical one."),
    ("DetectStackResourceDrift", _MEMBER, "Compare one resource with its physical one."),
    ("DescribeStackDriftDetectionStatus", _READER, "Show the outcome of a drift detection."),
    ("DescribeStackResourceDrifts", _READER, "Show each resource's drift, as last detected."),
)

rules: list[policy.RuleDefault] = [
    *(
        base.api_rule("cloudformation:" + action, check, description, _OPERATION % action)
        for action, check, description in _TABLE
    ),
    *(
        base.api_rule(
            "cloudformation:" + action,
            check,
            description,
            _OPERATION % action,
            deprecated_check=None,
        )
        for action, check, description in _CHANGE_SETS
    ),
    base.api_rule(
        "cloudformation:UpdateTerminationProtection",
        _MEMBER,
        "Protect a stack and its nested stacks from deletion, or lift the protection.",
        _OPERATION % "UpdateTerminationProtection",
        deprecated_check=None,
    ),
    base.api_rule(
        "cloudformation:DescribeStackResource",
        base.PROJECT_READER_OR_STACK_USER,
        "Describe one resource of a stack, with its metadata (also polled from servers).",
        _OPERATION % "DescribeStackResource",
        deprecated_check=base.RULE_ALLOW_EVERYBODY,
    ),
]


def list_rules() -> list[policy.RuleDefault]:
    """The rules of this scope."""
    return rules
