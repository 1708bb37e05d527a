"""``OS::Manila::ShareType``: a share type, the profile Manila's scheduler places shares
by (its extra specs). Making one is an administrator's call in Manila's default policy. Its
extra specs change in place."""

from typing import Any

from heat.common.i18n import _
from heat.engine import properties, support
from heat.engine.resources.sdk_entity_resource import SdkEntityResource

PROPERTIES = (NAME, IS_PUBLIC, DRIVER_HANDLES_SHARE_SERVERS, EXTRA_SPECS, SNAPSHOT_SUPPORT) = (
    "name",
    "is_public",
    "driver_handles_share_servers",
    "extra_specs",
    "snapshot_support",
)
# The extra specs the type's own properties set: not part of ``extra_specs``.
OWN_SPECS = (DRIVER_HANDLES_SHARE_SERVERS, SNAPSHOT_SUPPORT)


class ManilaShareType(SdkEntityResource):
    """A Manila share type: a name users pick and the extra specs that choose the backends
    its shares go to.

    Manila lets only administrators make share types unless its policy says otherwise.
    """

    support_status = support.SupportStatus(version="5.0.0")
    default_client_name = "manila"
    entity = "share_type"

    properties_schema = {
        NAME: properties.Schema(
            properties.Schema.STRING, _("Name of the share type."), required=True
        ),
        IS_PUBLIC: properties.Schema(
            properties.Schema.BOOLEAN,
            _("Defines if share type is accessible to the public."),
            default=True,
        ),
        DRIVER_HANDLES_SHARE_SERVERS: properties.Schema(
            properties.Schema.BOOLEAN,
            _("Required extra specification. Defines if share drivers handles share servers."),
            required=True,
        ),
        EXTRA_SPECS: properties.Schema(
            properties.Schema.MAP,
            _("Extra specs key-value pairs defined for share type."),
            update_allowed=True,
        ),
        SNAPSHOT_SUPPORT: properties.Schema(
            properties.Schema.BOOLEAN,
            _(
                "Boolean extra spec that used for filtering of backends by their capability "
                "to create share snapshots."
            ),
            support_status=support.SupportStatus(version="6.0.0"),
            default=True,
        ),
    }

    def handle_create(self) -> None:
        """Make the type at microversion 2.13, where Manila takes its visibility as
        upstream sends it."""
        fields = {
            "name": self.properties[NAME],
            "share_type_access:is_public": self.properties[IS_PUBLIC],
            "extra_specs": {name: str(self.properties[name]) for name in OWN_SPECS},
        }
        made = self.client_plugin().call("post", "/types", {"share_type": fields})
        self.resource_id_set(made["share_type"]["id"])
        if self.properties[EXTRA_SPECS]:
            self.client().update_share_type_extra_specs(
                self.resource_id, **self.properties[EXTRA_SPECS]
            )

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> None:
        """Make the type's extra specs the template's: those dropped are unset, the others
        set."""
        if EXTRA_SPECS not in prop_diff:
            return
        old = (self.previous_properties or self.properties)[EXTRA_SPECS] or {}
        new = prop_diff[EXTRA_SPECS] or {}
        for key in old:
            if key not in new:
                self.client().delete_share_type_extra_spec_property(self.resource_id, key)
        if new:
            self.client().update_share_type_extra_specs(self.resource_id, **new)

    def parse_live_resource_data(self, properties: Any, data: Any) -> dict[str, Any]:
        """The type's extra specs but those of its own properties."""
        specs = dict(data.get(EXTRA_SPECS) or {})
        return {EXTRA_SPECS: {key: value for key, value in specs.items() if key not in OWN_SPECS}}


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Manila::ShareType": ManilaShareType}
