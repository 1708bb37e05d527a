"""``OS::Keystone::User``: a user of one domain, its group memberships and its roles; every
property changes in place."""

from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import attributes, constraints, properties, support
from heat.engine.resources.openstack.keystone import role_grants
from heat.engine.resources.openstack.keystone.base import KeystoneResource, keystone_support
from heat.engine.resources.openstack.keystone.role_grants import ROLES, Grantee

PROPERTIES = (NAME, DOMAIN, DESCRIPTION, ENABLED, EMAIL, PASSWORD, DEFAULT_PROJECT, GROUPS) = (
    "name",
    "domain",
    "description",
    "enabled",
    "email",
    "password",
    "default_project",
    "groups",
)
# The properties that are fields of the user itself (keystoneclient's arguments of the same
# names).
USER_FIELDS = (NAME, DESCRIPTION, ENABLED, EMAIL, PASSWORD, DEFAULT_PROJECT)


def _attribute(description: str, data_type: str) -> attributes.Schema:
    return attributes.Schema(
        description, support_status=support.SupportStatus(version="9.0.0"), type=data_type
    )


class KeystoneUser(KeystoneResource):
    """A Keystone user.

    A user is someone (or something) calling the OpenStack APIs. It belongs to one domain,
    where its name is unique; it may be put in groups and be given roles on projects and
    domains.
    """

    support_status = keystone_support("2015.1")
    entity = "users"

    properties_schema = {
        NAME: properties.Schema(
            properties.Schema.STRING, _("Name of keystone user."), update_allowed=True
        ),
        DOMAIN: properties.Schema(
            properties.Schema.STRING,
            _("Name or ID of keystone domain."),
            default="default",
            update_allowed=True,
            constraints=[constraints.CustomConstraint("keystone.domain")],
        ),
        DESCRIPTION: properties.Schema(
            properties.Schema.STRING,
            _("Description of keystone user."),
            default="",
            update_allowed=True,
        ),
        ENABLED: properties.Schema(
            properties.Schema.BOOLEAN,
            _("Keystone user is enabled or disabled."),
            default=True,
            update_allowed=True,
        ),
        EMAIL: properties.Schema(
            properties.Schema.STRING, _("Email address of keystone user."), update_allowed=True
        ),
        PASSWORD: properties.Schema(
            properties.Schema.STRING, _("Password of keystone user."), update_allowed=True
        ),
        DEFAULT_PROJECT: properties.Schema(
            properties.Schema.STRING,
            _("Name or ID of default project of keystone user."),
            update_allowed=True,
            constraints=[constraints.CustomConstraint("keystone.project")],
        ),
        GROUPS: properties.Schema(
            properties.Schema.LIST,
            _("Keystone user groups."),
            update_allowed=True,
            schema=properties.Schema(
                properties.Schema.STRING,
                _("Keystone user group."),
                constraints=[constraints.CustomConstraint("keystone.group")],
            ),
        ),
        **role_grants.ROLES_SCHEMA,
    }

    attributes_schema = {
        "name": _attribute(_("User name."), attributes.Schema.STRING),
        "default_project_id": _attribute(
            _("Default project id for user."), attributes.Schema.STRING
        ),
        "domain_id": _attribute(_("Domain id for user."), attributes.Schema.STRING),
        "enabled": _attribute(_("Flag of enable user."), attributes.Schema.BOOLEAN),
        "password_expires_at": _attribute(
            _("Show user password expiration time."), attributes.Schema.STRING
        ),
    }

    def validate(self) -> None:
        """The schema's checks, then each role assignment names a project or a domain."""
        super().validate()
        role_grants.check(self.properties[ROLES])

    def _grantee(self) -> Grantee:
        return Grantee("user", str(self.resource_id))

    def _field(self, key: str, value: Any) -> Any:
        """The keystoneclient value of property ``key`` whose value is ``value``."""
        if key == NAME:
            return value or self.physical_resource_name()
        if key == DEFAULT_PROJECT and value is not None:
            return self.client_plugin().get_project_id(value)
        return value

    def _group_ids(self, groups: list[str] | None, skip_missing: bool = False) -> set[str]:
        """The ids of ``groups``; with ``skip_missing`` the groups gone already (which have
        no member left to remove) are left out."""
        found = set()
        for group in groups or []:
            try:
                found.add(self.client_plugin().get_group_id(group))
            except exception.EntityNotFound:
                if not skip_missing:
                    raise
        return found

    def handle_create(self) -> None:
        """Create the user (named after the resource when no name is given), put it in its
        groups and give it its roles."""
        fields = {key: self._field(key, self.properties[key]) for key in USER_FIELDS}
        domain = self.client_plugin().get_domain_id(self.properties[DOMAIN])
        user = self.client().users.create(domain=domain, **fields)
        self.resource_id_set(user.id)
        for group_id in self._group_ids(self.properties[GROUPS]):
            self.client().users.add_to_group(user.id, group_id)
        grants = role_grants.resolve(self.properties[ROLES], self.client_plugin())
        role_grants.grant(self.client_plugin(), self._grantee(), grants)

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> None:
        """Change what changed: the user's fields (an email, password or default project
        removed from the template is left as Keystone has it; a removed name goes back to
        the resource's name), its groups and its roles. Keystone refuses another domain."""
        fields = {
            key: self._field(key, prop_diff[key])
            for key in USER_FIELDS
            if key in prop_diff and (key == NAME or prop_diff[key] is not None)
        }
        if fields or DOMAIN in prop_diff:
            domain = self.client_plugin().get_domain_id(self.properties[DOMAIN])
            self.client().users.update(self.resource_id, domain=domain, **fields)
        if GROUPS in prop_diff:
            self._update_groups()
        if ROLES in prop_diff:
            before = (self._grantee(), self._previous(ROLES))
            after = (self._grantee(), self.properties[ROLES])
            role_grants.regrant(self.client_plugin(), before, after)

    def _previous(self, key: str) -> Any:
        assert self.previous_properties is not None, "only while handle_update runs"
        return self.previous_properties[key]

    def _update_groups(self) -> None:
        old = self._group_ids(self._previous(GROUPS), skip_missing=True)
        new = self._group_ids(self.properties[GROUPS])
        users = self.client().users
        for group_id in new - old:
            users.add_to_group(self.resource_id, group_id)
        for group_id in old - new:
            try:
                users.remove_from_group(self.resource_id, group_id)
            except Exception as error:  # not (or no longer) a member: nothing to do
                self.client_plugin().ignore_not_found(error)

    def _resolve_attribute(self, name: str) -> Any:
        if self.resource_id is None:
            return None
        return getattr(self.entity_get(), name, None)


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Keystone::User": KeystoneUser}
