"""``OS::Keystone::Region``: a region of the catalog; its id is fixed, the rest changes in place."""

from typing import Any
from urllib import parse

from keystoneclient import base as keystoneclient_base

from heat.common.i18n import _
from heat.engine import constraints, properties
from heat.engine.resources.openstack.keystone.base import KeystoneResource, keystone_support

PROPERTIES = (ID, PARENT_REGION, DESCRIPTION, ENABLED) = (
    "id",
    "parent_region",
    "description",
    "enabled",
)


class KeystoneRegion(KeystoneResource):
    """A region of Keystone's catalog.

    Endpoints are placed in regions, which may nest inside a parent region. A region has no
    name, only an id: the one the template gives (URL-encoded, since it goes in URLs), else
    one Keystone picks. A new id makes a new region.
    """

    support_status = keystone_support("6.0.0")
    entity = "regions"

    properties_schema = {
        ID: properties.Schema(
            properties.Schema.STRING,
            _(
                "The user-defined region ID and should unique to the OpenStack "
                "deployment. While creating the region, heat will url encode "
                "this ID."
            ),
        ),
        PARENT_REGION: properties.Schema(
            properties.Schema.STRING,
            _(
                "If the region is hierarchically a child of another region, "
                "set this parameter to the ID of the parent region."
            ),
            update_allowed=True,
            constraints=[constraints.CustomConstraint("keystone.region")],
        ),
        DESCRIPTION: properties.Schema(
            properties.Schema.STRING, _("Description of keystone region."), update_allowed=True
        ),
        ENABLED: properties.Schema(
            properties.Schema.BOOLEAN,
            _("This region is enabled or disabled."),
            default=True,
            update_allowed=True,
        ),
    }

    def _parent_id(self, parent: str | None) -> str | None:
        return self.client_plugin().get_region_id(parent) if parent else None

    def _regions(self, method: str, **fields: Any) -> Any:
        # Keystone keeps a region's ``enabled`` as an extra field, and OpenStack Heat sends
        # it; keystoneclient's region calls warn that the argument is deprecated, so the
        # generic calls under them carry it (leaving out the fields that are None).
        call = getattr(keystoneclient_base.CrudManager, method)
        return call(self.client().regions, **fields)

    def _path_id(self) -> str:
        # The id Keystone keeps is URL-encoded already; a URL path is decoded once, so it is
        # encoded once more there (else a region whose id had a space could not be reached).
        return parse.quote(str(self.resource_id), safe="")

    def entity_get(self) -> Any:
        """The region, as Keystone describes it now."""
        return self.client().regions.get(self._path_id())

    def handle_create(self) -> None:
        """Create the region with the template's id URL-encoded, or with one Keystone picks."""
        region_id = self.properties[ID]
        region = self._regions(
            "create",
            id=parse.quote(region_id) if region_id else None,
            parent_region_id=self._parent_id(self.properties[PARENT_REGION]),
            description=self.properties[DESCRIPTION],
            enabled=self.properties[ENABLED],
        )
        self.resource_id_set(region.id)

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> None:
        """Send Keystone the properties that changed (a removed parent or description stays
        as it was, as fields that are None are left out)."""
        if not prop_diff:
            return
        changes = {key: prop_diff[key] for key in (DESCRIPTION, ENABLED) if key in prop_diff}
        if PARENT_REGION in prop_diff:
            changes["parent_region_id"] = self._parent_id(prop_diff[PARENT_REGION])
        self._regions("update", region_id=self._path_id(), **changes)

    def handle_delete(self) -> None:
        """Delete the region; one already gone is not an error."""
        if self.resource_id is None:
            return
        try:
            self.client().regions.delete(self._path_id())
        except Exception as error:  # the client's own "not found" is a normal answer here
            self.client_plugin().ignore_not_found(error)


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Keystone::Region": KeystoneRegion}
