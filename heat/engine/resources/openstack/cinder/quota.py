"""``OS::Cinder::Quota``: the block storage quotas of a project; deleting the resource puts
the project back on the default quotas."""

from typing import ClassVar

from heat.common.i18n import _
from heat.engine import constraints, properties, support
from heat.engine.resources.project_quota import PROJECT, ProjectQuota, limit_schema

GIGABYTES, VOLUMES, BACKUPS, BACKUP_GIGABYTES, SNAPSHOTS = (
    "gigabytes",
    "volumes",
    "backups",
    "backup_gigabytes",
    "snapshots",
)


class CinderQuota(ProjectQuota):
    """The Cinder quotas of a project. Only administrators may set them.

    A limit of -1 removes the limit; a limit lower than what the project uses already is
    refused.
    """

    support_status = support.SupportStatus(version="7.0.0")
    default_client_name: ClassVar[str | None] = "cinder"
    limit_names = (GIGABYTES, SNAPSHOTS, VOLUMES, BACKUPS, BACKUP_GIGABYTES)

    properties_schema = {
        PROJECT: properties.Schema(
            properties.Schema.STRING,
            _("OpenStack Keystone Project."),
            required=True,
            constraints=[constraints.CustomConstraint("keystone.project")],
        ),
        GIGABYTES: limit_schema(
            _(
                "Quota for the amount of disk space (in Gigabytes). Setting the value to -1 "
                "removes the limit."
            )
        ),
        VOLUMES: limit_schema(
            _("Quota for the number of volumes. Setting the value to -1 removes the limit.")
        ),
        BACKUPS: limit_schema(
            _("Quota for the number of backups. Setting the value to -1 removes the limit.")
        ),
        BACKUP_GIGABYTES: limit_schema(
            _(
                "Quota for the amount of backups disk space (in Gigabytes). Setting the value "
                "to -1 removes the limit."
            )
        ),
        SNAPSHOTS: limit_schema(
            _("Quota for the number of snapshots. Setting the value to -1 removes the limit.")
        ),
    }

    def set_limits(self, project_id: str, limits: dict[str, int]) -> None:
        self._check_usage(project_id, limits)
        self.client().update_quota_set(project_id, **limits)

    def revert_limits(self, project_id: str) -> None:
        self.client().revert_quota_set(project_id)

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


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Cinder::Quota": CinderQuota}
