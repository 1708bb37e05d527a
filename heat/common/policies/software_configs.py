"""Rules of the software configuration calls."""

from oslo_policy import policy

from heat.common.policies import base

_CONFIGS = "/v1/{tenant_id}/software_configs"

rules: list[policy.RuleDefault] = [
    base.api_rule(
        "software_configs:global_index",
        base.RULE_DENY_EVERYBODY,
        "List the software configurations of every project (all_tenants=true).",
        "GET " + _CONFIGS,
        deprecated_check=None,
        scope_types=(),
    ),
    base.api_rule(
        "software_configs:index",
        base.PROJECT_READER,
        "List the software configurations of the project.",
        "GET " + _CONFIGS,
    ),
    base.api_rule(
        "software_configs:create",
        base.PROJECT_MEMBER,
        "Create a software configuration.",
        "POST " + _CONFIGS,
    ),
    base.api_rule(
        "software_configs:show",
        base.PROJECT_READER,
        "Show a software configuration.",
        "GET " + _CONFIGS + "/{config_id}",
    ),
    base.api_rule(
        "software_configs:delete",
        base.PROJECT_MEMBER,
        "Delete a software configuration.",
        "DELETE " + _CONFIGS + "/{config_id}",
    ),
]


def list_rules() -> list[policy.RuleDefault]:
    """The rules of this scope."""
    return rules
