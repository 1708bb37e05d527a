"""``OS::Nova::Quota``: the compute quotas of one project (admin only); the limits change
in place, deleting the resource gives the project Nova's defaults back."""

from typing import Any

from heat.common.i18n import _
from heat.engine import constraints, properties, support
from heat.engine.resources.project_quota import PROJECT, ProjectQuota, limit_schema

# Quota name: what the description says it limits.
QUOTAS = {
    "cores": "the number of cores",
    "fixed_ips": "the number of fixed IPs",
    "floating_ips": "the number of floating IPs",
    "instances": "the number of instances",
    "injected_files": "the number of injected files",
    "injected_file_content_bytes": "the number of injected file content bytes",
    "injected_file_path_bytes": "the number of injected file path bytes",
    "key_pairs": "the number of key pairs",
    "metadata_items": "the number of metadata items",
    "ram": "the amount of ram (in megabytes)",
    "security_groups": "the number of security groups",
    "security_group_rules": "the number of security group rules",
    "server_groups": "the number of server groups",
    "server_group_members": "the number of server group members",
}
FILE_INJECTION_DEPRECATED = support.SupportStatus(
    status=support.DEPRECATED,
    version="14.0.0",
    message=_(
        "File injection is deprecated from compute REST API OS::Nova::Quota resource will "
        "not support it in the future."
    ),
)


def _quota_schema(name: str, limits: str) -> properties.Schema:
    options: dict[str, Any] = {}
    if name.startswith("injected_file"):
        options["support_status"] = FILE_INJECTION_DEPRECATED
    return limit_schema(
        _("Quota for %s. Setting the value to -1 removes the limit.") % limits, **options
    )


class NovaQuota(ProjectQuota):
    """The compute quotas of a project.

    Only the quotas the template gives are set; the others keep their values. Administrators
    should have one such resource per project at most, as they would overwrite each other.
    """

    support_status = support.SupportStatus(version="8.0.0")
    default_client_name = "nova"
    limit_names = tuple(sorted(QUOTAS))

    properties_schema = {
        PROJECT: properties.Schema(
            properties.Schema.STRING,
            _("Name or id of the project to set the quota for."),
            required=True,
            constraints=[constraints.CustomConstraint("keystone.project")],
        ),
        **{name: _quota_schema(name, limits) for name, limits in QUOTAS.items()},
    }

    def set_limits(self, project_id: str, limits: dict[str, int]) -> None:
        self.client().update_quota_set(project_id, **limits)

    def revert_limits(self, project_id: str) -> None:
        self.client().revert_quota_set(project_id)

    def _show_resource(self) -> dict[str, Any]:
        if self.resource_id is None:
            return {}
        return self.client().get_quota_set(self.project_id()).to_dict()


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Nova::Quota": NovaQuota}
