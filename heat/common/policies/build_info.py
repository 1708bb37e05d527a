"""Rule of ``GET /v1/{tenant_id}/build_info``."""

from oslo_policy import policy

from heat.common.policies import base

rules: list[policy.RuleDefault] = [
    base.api_rule(
        "build_info:build_info",
        base.PROJECT_READER,
        "Show the revisions of the API and engine services.",
        "GET /v1/{tenant_id}/build_info",
    ),
]


def list_rules() -> list[policy.RuleDefault]:
    """The rules of this scope."""
    return rules
