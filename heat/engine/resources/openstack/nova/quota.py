"""``OS::Nova::Quota``: the compute quotas of one project (admin only); the limits change
in place, deleting the resource gives the project Nova's defaults back."""

from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import constraints, properties, support
from heat.engine.resource import Resource

PROJECT = "project"
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
    return properties.Schema(
        properties.Schema.INTEGER,
        _("Quota for %s. Setting the value to -1 removes the limit.") % limits,
        constraints=[constraints.Range(min=-1)],
        update_allowed=True,
        **options,
    )


class NovaQuota(Resource):
    """The compute quotas of a project.

    Only the quotas the template gives are set; the others keep their values. Administrators
    should have one such resource per project at most, as they would overwrite each other.
    """

    support_status = support.SupportStatus(version="8.0.0")
    default_client_name = "nova"

    properties_schema = {
        PROJECT: properties.Schema(
            properties.Schema.STRING,
            _("Name or id of the project to set the quota for."),
            required=True,
            constraints=[constraints.CustomConstraint("keystone.project")],
        ),
        **{name: _quota_schema(name, limits) for name, limits in QUOTAS.items()},
    }

    def validate(self) -> None:
        """At least one quota must be given."""
        super().validate()
        if all(self.properties[name] is None for name in QUOTAS):
            raise exception.PropertyUnspecifiedError(props=", ".join(sorted(QUOTAS)))

    def _project_id(self) -> str:
        return self.client_plugin("keystone").get_project_id(self.properties[PROJECT])

    def _set_quotas(self) -> None:
        limits = {name: self.properties[name] for name in QUOTAS}
        given = {name: value for name, value in limits.items() if value is not None}
        self.client().update_quota_set(self._project_id(), **given)

    def handle_create(self) -> None:
        """Set the given quotas of the project."""
        self._set_quotas()
        self.resource_id_set(self.physical_resource_name())

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> None:
        """Set the quotas the new template gives."""
        self._set_quotas()

    def handle_delete(self) -> None:
        """Give the project Nova's default quotas back (nothing to do once the project is
        gone)."""
        if self.resource_id is None:
            return
        try:
            project_id = self._project_id()
        except exception.EntityNotFound:
            return
        self.client().revert_quota_set(project_id)

    def _show_resource(self) -> dict[str, Any]:
        if self.resource_id is None:
            return {}
        return self.client().get_quota_set(self._project_id()).to_dict()


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Nova::Quota": NovaQuota}
