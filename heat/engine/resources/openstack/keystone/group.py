"""``OS::Keystone::Group``: a group of users of one domain and its roles; every property
changes in place."""

from typing import Any

from heat.common.i18n import _
from heat.engine import constraints, properties
from heat.engine.resources.openstack.keystone import role_grants
from heat.engine.resources.openstack.keystone.base import KeystoneResource, keystone_support
from heat.engine.resources.openstack.keystone.role_grants import ROLES, Grantee

PROPERTIES = (NAME, DOMAIN, DESCRIPTION) = ("name", "domain", "description")


class KeystoneGroup(KeystoneResource):
    """A Keystone group.

    A group gathers users, so that roles given to the group hold for each of its members.
    It belongs to one domain, where its name is unique.
    """

    support_status = keystone_support("2015.1")
    entity = "groups"

    properties_schema = {
        NAME: properties.Schema(
            properties.Schema.STRING, _("Name of keystone group."), update_allowed=True
        ),
        DOMAIN: properties.Schema(
            properties.Schema.STRING,
            _("Name or id of keystone domain."),
            default="default",
            update_allowed=True,
            constraints=[constraints.CustomConstraint("keystone.domain")],
        ),
        DESCRIPTION: properties.Schema(
            properties.Schema.STRING,
            _("Description of keystone group."),
            default="",
            update_allowed=True,
        ),
        **role_grants.ROLES_SCHEMA,
    }

    def validate(self) -> None:
        """The schema's checks, then each role assignment names a project or a domain."""
        super().validate()
        role_grants.check(self.properties[ROLES])

    def _grantee(self) -> Grantee:
        return Grantee("group", str(self.resource_id))

    def _domain_id(self) -> str:
        return self.client_plugin().get_domain_id(self.properties[DOMAIN])

    def handle_create(self) -> None:
        """Create the group (named after the resource when no name is given) and give it
        its roles."""
        group = self.client().groups.create(
            name=self.properties[NAME] or self.physical_resource_name(),
            domain=self._domain_id(),
            description=self.properties[DESCRIPTION],
        )
        self.resource_id_set(group.id)
        grants = role_grants.resolve(self.properties[ROLES], self.client_plugin())
        role_grants.grant(self.client_plugin(), self._grantee(), grants)

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> None:
        """Rename the group (a removed name goes back to the resource's name), change its
        description and its roles; Keystone refuses to move a group to another domain."""
        fields = {}
        if NAME in prop_diff:
            fields["name"] = prop_diff[NAME] or self.physical_resource_name()
        if DESCRIPTION in prop_diff:
            fields["description"] = prop_diff[DESCRIPTION]
        if fields or DOMAIN in prop_diff:
            self.client().groups.update(self.resource_id, domain_id=self._domain_id(), **fields)
        if ROLES in prop_diff:
            assert self.previous_properties is not None, "only while handle_update runs"
            before = (self._grantee(), self.previous_properties[ROLES])
            after = (self._grantee(), self.properties[ROLES])
            role_grants.regrant(self.client_plugin(), before, after)


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Keystone::Group": KeystoneGroup}
