"""Rules of ``POST /v1/{tenant_id}/stacks/{stack_name}/{stack_id}/actions``, one per verb.

The controller checks ``actions:action`` and then the rule named after the verb
found in the request body (``suspend``, ``resume``, ``check``, ...).
"""

from oslo_policy import policy

from heat.common.policies import base

_ACTIONS = "POST /v1/{tenant_id}/stacks/{stack_name}/{stack_id}/actions"

rules: list[policy.RuleDefault] = [
    base.api_rule(
        "actions:action",
        base.PROJECT_MEMBER,
        "Run any action on a stack; checked before the rule of the specific action.",
        _ACTIONS,
    ),
    base.api_rule("actions:snapshot", base.PROJECT_MEMBER, "Take a snapshot of a stack.", _ACTIONS),
    base.api_rule("actions:suspend", base.PROJECT_MEMBER, "Suspend a stack's resources.", _ACTIONS),
    base.api_rule("actions:resume", base.PROJECT_MEMBER, "Resume a suspended stack.", _ACTIONS),
    base.api_rule(
        "actions:check",
        base.PROJECT_READER,
        "Check that a stack's resources still exist and are healthy.",
        _ACTIONS,
    ),
    base.api_rule(
        "actions:cancel_update",
        base.PROJECT_MEMBER,
        "Cancel a stack update in progress and roll it back.",
        _ACTIONS,
    ),
    base.api_rule(
        "actions:cancel_without_rollback",
        base.PROJECT_MEMBER,
        "Cancel a stack create or update in progress, leaving it FAILED without rollback.",
        _ACTIONS,
    ),
    base.api_rule(
        "actions:detect_drift",
        base.PROJECT_MEMBER,
        "Compare each resource of a stack with its physical resource, and keep the result.",
        _ACTIONS,
        deprecated_check=None,
    ),
    base.api_rule(
        "actions:termination_protection",
        base.PROJECT_MEMBER,
        "Protect a root stack and its nested stacks from deletion, or lift the protection.",
        _ACTIONS,
        deprecated_check=None,
    ),
]


def list_rules() -> list[policy.RuleDefault]:
    """The rules of this scope."""
    return rules
