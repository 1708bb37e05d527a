"""Rules of the calls on a stack's resources.

Metadata and signals stay open to the stack user, since servers inside the stack
read their metadata and send signals with its credentials.
"""

from oslo_policy import policy

from heat.common.policies import base

_RESOURCES = "/v1/{tenant_id}/stacks/{stack_name}/{stack_id}/resources"

rules: list[policy.RuleDefault] = [
    base.api_rule(
        "resource:index",
        base.PROJECT_READER,
        "List the resources of a stack.",
        "GET " + _RESOURCES,
    ),
    base.api_rule(
        "resource:metadata",
        base.PROJECT_READER_OR_STACK_USER,
        "Show the metadata of a resource.",
        "GET " + _RESOURCES + "/{resource_name}/metadata",
        deprecated_check=base.RULE_ALLOW_EVERYBODY,
    ),
    base.api_rule(
        "resource:signal",
        base.PROJECT_READER_OR_STACK_USER,
        "Send a signal to a resource (wait condition, deployment, scaling policy).",
        "POST " + _RESOURCES + "/{resource_name}/signal",
        deprecated_check=base.RULE_ALLOW_EVERYBODY,
    ),
    base.api_rule(
        "resource:mark_unhealthy",
        base.PROJECT_MEMBER,
        "Mark a resource unhealthy (or healthy again) so that the next update replaces it.",
        "PATCH " + _RESOURCES + "/{resource_name_or_physical_id}",
    ),
    base.api_rule(
        "resource:show",
        base.PROJECT_READER,
        "Show one resource of a stack.",
        "GET " + _RESOURCES + "/{resource_name}",
    ),
]


def list_rules() -> list[policy.RuleDefault]:
    """The rules of this scope."""
    return rules
