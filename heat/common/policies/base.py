"""Base rules that the per-scope rules refer to, and the helper that builds those.

Every per-scope rule defaults to a role check in the caller's project and keeps
its pre-RBAC default as a :class:`oslo_policy.policy.DeprecatedRule`, so that with
``[oslo_policy] enforce_new_defaults = False`` either check string grants.
"""

from oslo_policy import policy

RULE_CONTEXT_IS_ADMIN = "rule:context_is_admin"
RULE_PROJECT_ADMIN = "rule:project_admin"
RULE_DENY_STACK_USER = "rule:deny_stack_user"
RULE_DENY_EVERYBODY = "rule:deny_everybody"
RULE_ALLOW_EVERYBODY = "rule:allow_everybody"

PROJECT_READER = "role:reader and project_id:%(project_id)s"
PROJECT_MEMBER = "role:member and project_id:%(project_id)s"
PROJECT_ADMIN = "role:admin and project_id:%(project_id)s"
PROJECT_READER_OR_STACK_USER = (
    "(role:reader and project_id:%(project_id)s) or "
    "(role:heat_stack_user and project_id:%(project_id)s)"
)

PROJECT_SCOPE = ("project",)
DEPRECATED_SINCE = "W"
DEPRECATED_REASON = (
    "Heat now checks the reader, member and admin roles of the project that owns the "
    "target instead of granting every user but the stack user."
)

rules: list[policy.RuleDefault] = [
    policy.RuleDefault(
        "context_is_admin",
        "(role:admin and is_admin_project:True)",
        description="Decides what is an administrator's request.",
    ),
    policy.RuleDefault(
        "project_admin", "role:admin", description="An administrator of the project."
    ),
    policy.RuleDefault(
        "deny_stack_user",
        "not role:heat_stack_user",
        description="Anybody but the users Heat creates inside stacks.",
    ),
    policy.RuleDefault("deny_everybody", "!", description="Nobody."),
    policy.RuleDefault("allow_everybody", "", description="Everybody."),
]


def api_rule(
    name: str,
    check_str: str,
    description: str,
    operation: str,
    deprecated_check: str | None = RULE_DENY_STACK_USER,
    scope_types: tuple[str, ...] = PROJECT_SCOPE,
) -> policy.DocumentedRuleDefault:
    """A rule protecting one REST call, ``operation`` being ``"<METHOD> <path>"``.

    ``deprecated_check`` is the pre-RBAC default kept as a deprecated alternative
    (``None`` when the rule never had another default).
    """
    method, path = operation.split(" ", 1)
    deprecated = None
    if deprecated_check is not None:
        deprecated = policy.DeprecatedRule(
            name,
            deprecated_check,
            deprecated_reason=DEPRECATED_REASON,
            deprecated_since=DEPRECATED_SINCE,
        )
    return policy.DocumentedRuleDefault(
        name=name,
        check_str=check_str,
        description=description,
        operations=[{"method": method, "path": path}],
        scope_types=list(scope_types) or None,
        deprecated_rule=deprecated,
    )


def list_rules() -> list[policy.RuleDefault]:
    """The base rules, registered before the per-scope ones that refer to them."""
    return rules
