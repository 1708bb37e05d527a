"""``OS::Keystone::Domain``: a domain, renamed, described and enabled in place."""

from typing import Any

from heat.common.i18n import _
from heat.engine import properties
from heat.engine.resources.openstack.keystone.base import KeystoneResource, keystone_support

PROPERTIES = (NAME, DESCRIPTION, ENABLED) = ("name", "description", "enabled")


class KeystoneDomain(KeystoneResource):
    """A Keystone domain.

    A domain owns projects, users and groups, and keeps their names apart from those of
    other domains. Keystone deletes only a disabled domain, so deleting the resource
    disables the domain first.
    """

    support_status = keystone_support("8.0.0")
    entity = "domains"

    properties_schema = {
        NAME: properties.Schema(
            properties.Schema.STRING, _("The name of the domain."), update_allowed=True
        ),
        DESCRIPTION: properties.Schema(
            properties.Schema.STRING, _("Description of keystone domain."), update_allowed=True
        ),
        ENABLED: properties.Schema(
            properties.Schema.BOOLEAN,
            _("This domain is enabled or disabled."),
            default=True,
            update_allowed=True,
        ),
    }

    def _name(self, name: str | None) -> str:
        return name or self.physical_resource_name()

    def handle_create(self) -> None:
        """Create the domain (named after the resource when no name is given)."""
        domain = self.client().domains.create(
            name=self._name(self.properties[NAME]),
            description=self.properties[DESCRIPTION],
            enabled=self.properties[ENABLED],
        )
        self.resource_id_set(domain.id)

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> None:
        """Send Keystone the properties that changed (a removed description stays as it
        was: keystoneclient leaves out what is None)."""
        if not prop_diff:
            return
        changes = {key: prop_diff[key] for key in (DESCRIPTION, ENABLED) if key in prop_diff}
        if NAME in prop_diff:
            changes[NAME] = self._name(prop_diff[NAME])
        self.client().domains.update(domain=self.resource_id, **changes)

    def handle_delete(self) -> None:
        """Disable the domain, then delete it; a domain already gone is not an error."""
        if self.resource_id is None:
            return
        try:
            self.client().domains.update(domain=self.resource_id, enabled=False)
        except Exception as error:  # the client's own "not found": nothing left to delete
            self.client_plugin().ignore_not_found(error)
            return
        super().handle_delete()


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Keystone::Domain": KeystoneDomain}
