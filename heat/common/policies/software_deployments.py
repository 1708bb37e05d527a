"""Rules of the software deployment calls.

``software_deployments:metadata`` is open to the stack user: servers poll it for
the deployments they must apply.
"""

from oslo_policy import policy

from heat.common.policies import base

_DEPLOYMENTS = "/v1/{tenant_id}/software_deployments"

rules: list[policy.RuleDefault] = [
    base.api_rule(
        "software_deployments:index",
        base.PROJECT_READER,
        "List the software deployments of the project.",
        "GET " + _DEPLOYMENTS,
    ),
    base.api_rule(
        "software_deployments:create",
        base.PROJECT_MEMBER,
        "Create a software deployment.",
        "POST " + _DEPLOYMENTS,
    ),
    base.api_rule(
        "software_deployments:show",
        base.PROJECT_READER,
        "Show a software deployment.",
        "GET " + _DEPLOYMENTS + "/{deployment_id}",
    ),
    base.api_rule(
        "software_deployments:update",
        base.PROJECT_MEMBER,
        "Update a software deployment (its status and output values included).",
        "PUT " + _DEPLOYMENTS + "/{deployment_id}",
    ),
    base.api_rule(
        "software_deployments:delete",
        base.PROJECT_MEMBER,
        "Delete a software deployment.",
        "DELETE " + _DEPLOYMENTS + "/{deployment_id}",
    ),
    base.api_rule(
        "software_deployments:metadata",
        base.PROJECT_READER_OR_STACK_USER,
        "Show the deployments' metadata of a server.",
        "GET " + _DEPLOYMENTS + "/metadata/{server_id}",
        deprecated_check=None,
    ),
]


def list_rules() -> list[policy.RuleDefault]:
    """The rules of this scope."""
    return rules
