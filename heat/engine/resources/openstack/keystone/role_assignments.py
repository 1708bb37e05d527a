"""``OS::Keystone::UserRoleAssignment`` and ``OS::Keystone::GroupRoleAssignment``: roles given
to an existing user or group.

Such a resource owns only its grants: delete revokes them and leaves the user or group, and
an update moves them to another user or group when that property changes.
"""

from typing import Any, ClassVar

from heat.common import exception
from heat.common.i18n import _
from heat.engine import constraints, properties, resource
from heat.engine.resources.openstack.keystone import role_grants
from heat.engine.resources.openstack.keystone.base import keystone_support
from heat.engine.resources.openstack.keystone.role_grants import ROLES, Grantee


def _grantee_schema(kind: str) -> dict[str, properties.Schema]:
    return {
        kind: properties.Schema(
            properties.Schema.STRING,
            _("Name or id of keystone %s.") % kind,
            required=True,
            update_allowed=True,
            constraints=[constraints.CustomConstraint("keystone.%s" % kind)],
        ),
        **role_grants.ROLES_SCHEMA,
    }


class KeystoneRoleAssignment(resource.Resource):
    """Roles given to the user or group that the property named ``kind`` names or
    identifies; the resource has no physical id of its own."""

    support_status = keystone_support("5.0.0")
    default_client_name = "keystone"
    kind: ClassVar[str]

    def validate(self) -> None:
        """The schema's checks, then each role assignment names a project or a domain."""
        super().validate()
        role_grants.check(self.properties[ROLES])

    def _show_resource(self) -> Any:
        # Grants are no item of Keystone: as in OpenStack Heat, there is nothing to show.
        return None

    def _grantee(self, values: properties.Properties) -> Grantee:
        """Who ``values`` gives roles to (EntityNotFound once that user or group is gone)."""
        lookup = getattr(self.client_plugin(), "get_%s_id" % self.kind)
        return Grantee(self.kind, lookup(values[self.kind]))

    def _grantee_if_any(self, values: properties.Properties) -> Grantee | None:
        """Who ``values`` gives roles to; None once that user or group is gone."""
        try:
            return self._grantee(values)
        except exception.EntityNotFound:
            return None

    def handle_create(self) -> None:
        """Give the user or group its roles."""
        grants = role_grants.resolve(self.properties[ROLES], self.client_plugin())
        role_grants.grant(self.client_plugin(), self._grantee(self.properties), grants)

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> None:
        """Grant the roles added and revoke the ones removed; when the user or group
        changes, the one before loses every role this resource gave it."""
        assert self.previous_properties is not None, "only while handle_update runs"
        grantee = self._grantee(self.properties)
        previous = self._grantee_if_any(self.previous_properties)
        # A user or group gone already has no role left to revoke.
        old_roles = self.previous_properties[ROLES] if previous else None
        before = (previous or grantee, old_roles)
        role_grants.regrant(self.client_plugin(), before, (grantee, self.properties[ROLES]))

    def handle_delete(self) -> None:
        """Revoke the roles this resource gave (none when the user or group is gone)."""
        grantee = self._grantee_if_any(self.properties)
        if grantee is None:
            return
        grants = role_grants.resolve(
            self.properties[ROLES], self.client_plugin(), skip_missing=True
        )
        role_grants.revoke(self.client_plugin(), grantee, grants)


class KeystoneUserRoleAssignment(KeystoneRoleAssignment):
    """Roles of a user on projects and domains.

    The user is one the template does not manage itself (else its own ``roles`` property
    would do); deleting the resource revokes only the roles it gave.
    """

    kind = "user"
    properties_schema = _grantee_schema(kind)


class KeystoneGroupRoleAssignment(KeystoneRoleAssignment):
    """Roles of a group on projects and domains.

    Every member of the group holds them; deleting the resource revokes only the roles it
    gave, and leaves the group and its members.
    """

    kind = "group"
    properties_schema = _grantee_schema(kind)


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {
        "OS::Keystone::UserRoleAssignment": KeystoneUserRoleAssignment,
        "OS::Keystone::GroupRoleAssignment": KeystoneGroupRoleAssignment,
    }
