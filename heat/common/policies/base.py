"""Base rules that the per-scope rules refer to."""

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

rules = [
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


def list_rules():
    return rules
