"""``OS::Keystone::Role``: a role, global or of one domain; renamed in place."""

from typing import Any

from heat.common.i18n import _
from heat.engine import constraints, properties
from heat.engine.resources.openstack.keystone.base import KeystoneResource, keystone_support

PROPERTIES = (NAME, DOMAIN) = ("name", "domain")


class KeystoneRole(KeystoneResource):
    """A Keystone role.

    A role is what a user or a group is granted on a project or a domain, and decides what
    they may do there. Its name is unique in the domain that owns it (or among the global
    roles, for a role of no domain).
    """

    support_status = keystone_support("2015.1")
    entity = "roles"

    properties_schema = {
        NAME: properties.Schema(
            properties.Schema.STRING, _("Name of keystone role."), update_allowed=True
        ),
        DOMAIN: properties.Schema(
            properties.Schema.STRING,
            _("Name or id of keystone domain."),
            constraints=[constraints.CustomConstraint("keystone.domain")],
        ),
    }

    def _name(self, name: str | None) -> str:
        return name or self.physical_resource_name()

    def handle_create(self) -> None:
        """Create the role (named after the resource when no name is given)."""
        domain = self.properties[DOMAIN]
        role = self.client().roles.create(
            name=self._name(self.properties[NAME]),
            domain=self.client_plugin().get_domain_id(domain) if domain else None,
        )
        self.resource_id_set(role.id)

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> None:
        """Rename the role."""
        if NAME in prop_diff:
            self.client().roles.update(role=self.resource_id, name=self._name(prop_diff[NAME]))


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Keystone::Role": KeystoneRole}
