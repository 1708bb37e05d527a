"""Rules of the stack calls, template catalogue calls and stack snapshots and outputs."""

from oslo_policy import policy

from heat.common.policies import base

_STACKS = "/v1/{tenant_id}/stacks"
_STACK = _STACKS + "/{stack_name}/{stack_id}"
_READER = base.PROJECT_READER
_MEMBER = base.PROJECT_MEMBER

# (action, default check string, description, "METHOD path"); the pre-RBAC
# default of each is rule:deny_stack_user.
_TABLE = (
    ("abandon", _MEMBER, "Delete a stack but keep its physical resources.",
     "DELETE " + _STACK + "/abandon"),
    ("create", _MEMBER, "Create a stack.", "POST " + _STACKS),
    ("delete", _MEMBER, "Delete a stack and its resources.", "DELETE " + _STACK),
    ("detail", _READER, "List stacks with their details.", "GET " + _STACKS),
    ("export", _MEMBER, "Export a stack's data for a later adopt.", "GET " + _STACK + "/export"),
    ("generate_template", _MEMBER, "Generate a template from a stack.",
     "GET " + _STACK + "/template"),
    ("index", _READER, "List the stacks of the project.", "GET " + _STACKS),
    ("list_resource_types", _READER, "List the available resource types.",
     "GET /v1/{tenant_id}/resource_types"),
    ("list_template_versions", _READER, "List the supported template versions.",
     "GET /v1/{tenant_id}/template_versions"),
    ("list_template_functions", _READER, "List the functions of a template version.",
     "GET /v1/{tenant_id}/template_versions/{template_version}/functions"),
    ("preview", _READER, "Preview the stack a template would create.",
     "POST " + _STACKS + "/preview"),
    ("resource_schema", _READER, "Show the schema of a resource type.",
     "GET /v1/{tenant_id}/resource_types/{type_name}"),
    ("show", _READER, "Show a stack.", "GET " + _STACKS + "/{stack_identity}"),
    ("template", _READER, "Show a stack's template.", "GET " + _STACK + "/template"),
    ("environment", _READER, "Show a stack's environment.", "GET " + _STACK + "/environment"),
    ("files", _READER, "Show the files a stack's template uses.", "GET " + _STACK + "/files"),
    ("update", _MEMBER, "Update a stack with a new template.", "PUT " + _STACK),
    ("update_patch", _MEMBER, "Update a stack keeping what the request leaves out.",
     "PATCH " + _STACK),
    ("preview_update", _MEMBER, "Preview the changes an update would make.",
     "PUT " + _STACK + "/preview"),
    ("preview_update_patch", _MEMBER, "Preview the changes a patch update would make.",
     "PATCH " + _STACK + "/preview"),
    ("validate_template", _MEMBER, "Validate a template.", "POST /v1/{tenant_id}/validate"),
    ("snapshot", _MEMBER, "Take a snapshot of a stack.", "POST " + _STACK + "/snapshots"),
    ("show_snapshot", _READER, "Show a snapshot of a stack.",
     "GET " + _STACK + "/snapshots/{snapshot_id}"),
    ("delete_snapshot", _MEMBER, "Delete a snapshot of a stack.",
     "DELETE " + _STACK + "/snapshots/{snapshot_id}"),
    ("list_snapshots", _READER, "List the snapshots of a stack.", "GET " + _STACK + "/snapshots"),
    ("restore_snapshot", _MEMBER, "Restore a stack from one of its snapshots.",
     "POST " + _STACK + "/snapshots/{snapshot_id}/restore"),
    ("list_outputs", _READER, "List the outputs of a stack.", "GET " + _STACK + "/outputs"),
    ("show_output", _READER, "Show one output of a stack.",
     "GET " + _STACK + "/outputs/{output_key}"),
)  # fmt: skip

rules: list[policy.RuleDefault] = [
    *(
        base.api_rule("stacks:" + action, check_str, description, operation)
        for action, check_str, description, operation in _TABLE
    ),
    base.api_rule(
        "stacks:drift",
        base.PROJECT_READER,
        "Show the latest drift detection of a stack.",
        "GET " + _STACK + "/drift",
        deprecated_check=None,
    ),
    base.api_rule(
        "stacks:global_index",
        base.RULE_DENY_EVERYBODY,
        "List the stacks of every project (global_tenant=true).",
        "GET " + _STACKS,
        deprecated_check=None,
        scope_types=(),
    ),
    base.api_rule(
        "stacks:lookup",
        base.PROJECT_READER_OR_STACK_USER,
        "Find a stack by name or id and redirect to its URL.",
        "GET " + _STACKS + "/{stack_identity}",
        deprecated_check=base.RULE_ALLOW_EVERYBODY,
    ),
    base.api_rule(
        "stacks:update_no_change",
        "rule:stacks:update_patch",
        "Patch-update a stack without changing anything (existing template and parameters).",
        "PATCH " + _STACK,
        deprecated_check=None,
    ),
]


def list_rules() -> list[policy.RuleDefault]:
    """The rules of this scope."""
    return rules
