"""``OS::Octavia::Quota``: the load balancing quotas of a project; deleting the resource
puts the project back on the default quotas."""

from typing import Any, ClassVar

from heat.common.i18n import _
from heat.engine import constraints, properties, support
from heat.engine.resources.project_quota import PROJECT, ProjectQuota, limit_schema

HEALTHMONITOR, LISTENER, LOADBALANCER, POOL, MEMBER = (
    "healthmonitor",
    "listener",
    "loadbalancer",
    "pool",
    "member",
)


class OctaviaQuota(ProjectQuota):
    """The Octavia quotas of a project (load balancers, listeners, pools, members, health
    monitors). Only administrators may set them; a limit of -1 removes the limit.

    Make one such resource per project: two would overwrite each other's limits.
    """

    support_status = support.SupportStatus(version="14.0.0")
    default_client_name: ClassVar[str | None] = "octavia"
    limit_names = (HEALTHMONITOR, LISTENER, LOADBALANCER, MEMBER, POOL)

    properties_schema = {
        PROJECT: properties.Schema(
            properties.Schema.STRING,
            _("Name or id of the project to set the quota for."),
            required=True,
            constraints=[constraints.CustomConstraint("keystone.project")],
        ),
        HEALTHMONITOR: limit_schema(
            _("Quota for the number of healthmonitors. Setting the value to -1 removes the limit.")
        ),
        LISTENER: limit_schema(
            _("Quota for the number of listeners. Setting the value to -1 removes the limit.")
        ),
        LOADBALANCER: limit_schema(
            _("Quota for the number of load balancers. Setting the value to -1 removes the limit.")
        ),
        POOL: limit_schema(
            _("Quota for the number of pools. Setting the value to -1 removes the limit.")
        ),
        MEMBER: limit_schema(
            _("Quota for the number of m. Setting the value to -1 removes the limit.")
        ),
    }

    def set_limits(self, project_id: str, limits: dict[str, int]) -> None:
        self.client_plugin().update("/lbaas/quotas/%s" % project_id, "quota", limits)

    def revert_limits(self, project_id: str) -> None:
        self.client_plugin().delete("/lbaas/quotas/%s" % project_id)

    def _show_resource(self) -> Any:
        if self.resource_id is None:
            return None
        return self.client_plugin().show("/lbaas/quotas/%s" % self.project_id(), "quota")


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Octavia::Quota": OctaviaQuota}
