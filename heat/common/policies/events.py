"""Rules of the event listing and event detail calls."""

from oslo_policy import policy

from heat.common.policies import base

rules: list[policy.RuleDefault] = [
    base.api_rule(
        "events:index",
        base.PROJECT_READER,
        "List the events of a stack (or of one of its resources).",
        "GET /v1/{tenant_id}/stacks/{stack_name}/{stack_id}/events",
    ),
    base.api_rule(
        "events:show",
        base.PROJECT_READER,
        "Show one event of a stack's resource.",
        "GET /v1/{tenant_id}/stacks/{stack_name}/{stack_id}/resources/{resource_name}"
        "/events/{event_id}",
    ),
]


def list_rules() -> list[policy.RuleDefault]:
    """The rules of this scope."""
    return rules
