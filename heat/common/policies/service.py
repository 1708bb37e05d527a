"""Rule of ``GET /v1/{tenant_id}/services`` (the engines' heartbeat table)."""

from oslo_policy import policy

from heat.common.policies import base

rules: list[policy.RuleDefault] = [
    base.api_rule(
        "service:index",
        base.PROJECT_ADMIN,
        "List the heat-engine services and whether each is up.",
        "GET /v1/{tenant_id}/services",
        deprecated_check=base.RULE_CONTEXT_IS_ADMIN,
    ),
]


def list_rules() -> list[policy.RuleDefault]:
    """The rules of this scope."""
    return rules
