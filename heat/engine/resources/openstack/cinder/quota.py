"""``OS::Cinder::Quota``: the block storage quotas of a project; deleting the resource puts
the project back on the default quotas."""

from typing import Any, ClassVar

from heat.common import exception
from heat.common.i18n import _
from heat.engine import constraints, properties, support
from heat.engine.resource import Resource

PROPERTIES = (PROJECT, GIGABYTES, VOLUMES, BACKUPS, BACKUP_GIGABYTES, SNAPSHOTS) = (
    "project",
    "gigabytes",
    "volumes",
    "backups",
    "backup_gigabytes",
    "snapshots",
)
LIMITS = (GIGABYTES, SNAPSHOTS, VOLUMES, BACKUPS, BACKUP_GIGABYTES)


def _limit(description: str) -> properties.Schema:
    return properties.Schema(
        properties.Schema.INTEGER,
        description,
        constraints=[constraints.Range(min=-1)],
        update_allowed=True,
    )


class CinderQuota(Resource):
    """The Cinder quotas of a project. Only administrators may set them.

    A limit of -1 removes the limit; a limit lower than what the project uses already is
    refused.
    """

    support_status = support.SupportStatus(version="7.0.0")
    default_client_name: ClassVar[str | None] = "cinder"

    properties_schema = {
        PROJECT: properties.Schema(
            properties.Schema.STRING,
            _("OpenStack Keystone Project."),
            required=True,
            constraints=[constraints.CustomConstraint("keystone.project")],
        ),
        GIGABYTES: _limit(
            _(
                "Quota for the amount of disk space (in Gigabytes). Setting the value to -1 "
                "removes the limit."
            )
        ),
        VOLUMES: _limit(
            _("Quota for the number of volumes. Setting the value to -1 removes the limit.")
        ),
        BACKUPS: _limit(
            _("Quota for the number of backups. Setting the value to -1 removes the limit.")
        ),
        BACKUP_GIGABYTES: _limit(
            _(
                "Quota for the amount of backups disk space (in Gigabytes). Setting the value "
                "to -1 removes the limit."
            )
        ),
        SNAPSHOTS: _limit(
            _("Quota for the number of snapshots. Setting the value to -1 removes the limit.")
        ),
    }

    def _project_id(self) -> str:
        return self.client_plugin("keystone").get_project_id(self.properties[PROJECT])

    def _set_quota(self) -> None:
        limits = {
            name: self.properties[name] for name in LIMITS if self.properties[name] is not None
        }
        project_id = self._project_id()
        self._check_usage(project_id, limits)
        self.client().update_quota_set(project_id, **limits)

    def _check_usage(self, project_id: str, limits: dict[str, int]) -> None:
        """ValueError when a limit is below what the project uses now."""
        usage = self.client().get_quota_set(project_id, usage=True).usage or {}
        for name, limit in limits.items():
            in_use = usage.get(name) or 0
            if limit != -1 and limit < in_use:
                raise ValueError(
                    _(
                        "Invalid quota %(property)s value(s): %(value)s. Can not be less than "
                        "the current usage value(s): %(total)s."
                    )
                    % {"property": name, "value": limit, "total": in_use}
                )

    def handle_create(self) -> None:
        self._set_quota()
        self.resource_id_set(self.physical_resource_name())

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> None:
        self._set_quota()

    def handle_delete(self) -> None:
        """Back to the default quotas; a project already gone is not an error."""
        if self.resource_id is None:
            return
        try:
            self.client().revert_quota_set(self._project_id())
        except Exception as error:  # the service's "not found" is classified by the plugin
            self.client_plugin("keystone").ignore_not_found(error)

    def validate(self) -> None:
        """At least one limit is given."""
        super().validate()
        if all(self.properties[name] is None for name in LIMITS):
            raise exception.PropertyUnspecifiedError(props=", ".join(LIMITS))


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Cinder::Quota": CinderQuota}
