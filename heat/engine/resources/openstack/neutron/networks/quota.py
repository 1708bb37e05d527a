"""``OS::Neutron::Quota``: the networking quotas of one project (administrators only); the
limits change in place, and deleting the resource gives the project Neutron's defaults."""

from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import constraints, properties, support
from heat.engine.resources.openstack.neutron.neutron_resource import NeutronResource

PROJECT = "project"
#: The resource data key of the id of the project whose quotas the resource set.
PROJECT_ID = "project_id"
# Quota (Neutron's name for it): what its description says it counts.
QUOTAS = {
    "subnet": "subnets",
    "network": "networks",
    "floatingip": "floating IPs",
    "security_group_rule": "security group rules",
    "security_group": "security groups",
    "router": "routers",
    "port": "ports",
    "subnetpool": "subnet pools",
    "rbac_policy": "rbac policies",
}


def _limit(counted: str) -> properties.Schema:
    return properties.Schema(
        properties.Schema.INTEGER,
        _("Quota for the number of %s. Setting -1 means unlimited.") % counted,
        constraints=[constraints.Range(min=-1)],
        update_allowed=True,
    )


class NeutronQuota(NeutronResource):
    """The Neutron quotas of a project.

    Only the quotas the template gives are set; the others keep their values. Administrators
    should have one such resource per project at most, as they would overwrite each other.
    """

    support_status = support.SupportStatus(version="8.0.0")
    entity = "quota"
    required_extension = "quotas"
    properties_schema = {
        PROJECT: properties.Schema(
            properties.Schema.STRING,
            _("Name or id of the project to set the quota for."),
            required=True,
            constraints=[constraints.CustomConstraint("keystone.project")],
        ),
        **{name: _limit(counted) for name, counted in QUOTAS.items()},
    }

    def validate(self) -> None:
        """At least one quota is given."""
        super().validate()
        if all(self.properties[name] is None for name in QUOTAS):
            raise exception.PropertyUnspecifiedError(props=", ".join(sorted(QUOTAS)))

    def item_path(self, item_id: str | None = None) -> str:
        """The project's quotas: ``/quotas/<project id>``."""
        project = item_id or self.client_plugin("keystone").get_project_id(self.properties[PROJECT])
        return "/quotas/%s" % project

    def quota_body(self) -> dict[str, Any]:
        """The quotas the template gives."""
        return {name: self.properties[name] for name in QUOTAS if self.properties[name] is not None}

    def handle_create(self) -> None:
        """Set the given quotas, and remember whose they are: the project deleting the
        resource gives back its defaults, whatever a later definition names."""
        project = self.client_plugin("keystone").get_project_id(self.properties[PROJECT])
        self.request("put", self.item_path(project), {"quota": self.quota_body()})
        self.resource_id_set(self.physical_resource_name())
        self.data_set(PROJECT_ID, project)

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> None:
        """Set every quota the new template gives (one it stopped giving keeps its value)."""
        self.request("put", self.item_path(), {"quota": self.quota_body()})

    def handle_delete(self) -> None:
        """Give the project Neutron's default quotas back; nothing to do once the project
        is gone."""
        if self.resource_id is None:
            return
        try:
            path = self.item_path(self.data().get(PROJECT_ID))
        except exception.EntityNotFound:
            return
        try:
            self.request("delete", path)
        except Exception as error:  # Neutron's "not found" is a normal answer here
            self.client_plugin().ignore_not_found(error)


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Neutron::Quota": NeutronQuota}
