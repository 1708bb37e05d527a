"""``OS::Designate::Zone``: a DNS zone that Designate serves (PRIMARY) or transfers from
other servers (SECONDARY). Designate works on a zone asynchronously: every action waits
until the zone is no longer PENDING."""

from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import attributes, constraints, properties, support
from heat.engine.resources.sdk_entity_resource import SdkEntityResource

PROPERTIES = (NAME, TTL, DESCRIPTION, EMAIL, TYPE, PRIMARIES, MASTERS, ATTRIBUTES) = (
    "name",
    "ttl",
    "description",
    "email",
    "type",
    "primaries",
    "masters",
    "attributes",
)
SERIAL = "serial"
PRIMARY, SECONDARY = "PRIMARY", "SECONDARY"
# Designate's name for what the template may call ``primaries``.
API_MASTERS = "masters"
# What Designate may change once the zone exists.
UPDATABLE = (EMAIL, TTL, DESCRIPTION)

_PRIMARIES_HELP = _(
    "The primary servers to transfer DNS zone information from. Mandatory for zone type "
    "SECONDARY, otherwise ignored."
)


def settled(item: Any, what: str) -> bool:
    """Whether Designate is done with a zone or record set (no longer PENDING);
    ResourceInError when it failed."""
    if item.status == "ERROR":
        raise exception.ResourceInError(
            resource_status=item.status, status_reason=_("Error in %s") % what
        )
    return bool(item.status != "PENDING")


class DesignateZone(SdkEntityResource):
    """A DNS zone in Designate; its name cannot change, so a new name makes a new zone."""

    support_status = support.SupportStatus(version="8.0.0")
    default_client_name = "designate"
    entity = "zone"

    properties_schema = {
        # RFC 1035 limits a name to 255 octets.
        NAME: properties.Schema(
            properties.Schema.STRING,
            _("DNS Name for the zone."),
            required=True,
            constraints=[constraints.Length(max=255)],
        ),
        TTL: properties.Schema(
            properties.Schema.INTEGER,
            _("Time To Live (Seconds) for the zone."),
            update_allowed=True,
            constraints=[constraints.Range(min=1, max=2147483647)],
        ),
        DESCRIPTION: properties.Schema(
            properties.Schema.STRING,
            _("Description of zone."),
            update_allowed=True,
            constraints=[constraints.Length(max=160)],
        ),
        EMAIL: properties.Schema(
            properties.Schema.STRING,
            _(
                "E-mail for the zone. Used in SOA records for the zone. It is required for "
                "PRIMARY Type, otherwise ignored."
            ),
            update_allowed=True,
        ),
        TYPE: properties.Schema(
            properties.Schema.STRING,
            _(
                "Type of zone. PRIMARY is controlled by Designate, SECONDARY zones are "
                "transferred from another DNS Server."
            ),
            default=PRIMARY,
            constraints=[constraints.AllowedValues([PRIMARY, SECONDARY])],
        ),
        MASTERS: properties.Schema(
            properties.Schema.LIST,
            _PRIMARIES_HELP,
            update_allowed=True,
            support_status=support.SupportStatus(
                status=support.DEPRECATED,
                version="15.0.0",
                message=_("Use ``primaries`` instead."),
            ),
        ),
        PRIMARIES: properties.Schema(properties.Schema.LIST, _PRIMARIES_HELP, update_allowed=True),
        ATTRIBUTES: properties.Schema(
            properties.Schema.MAP,
            _(
                "Key:Value pairs of information about this zone, and the pool the user would "
                "like to place the zone in. This information can be used by the scheduler to "
                "place zones on the correct pool."
            ),
            support_status=support.SupportStatus(version="24.0.0"),
        ),
    }

    attributes_schema = {
        SERIAL: attributes.Schema(_("DNS zone serial number."), type=attributes.Schema.STRING),
    }

    def _primaries(self) -> list | None:
        """The servers to transfer from, under either name (``primaries`` wins)."""
        return self.properties[PRIMARIES] or self.properties[MASTERS]

    def validate(self) -> None:
        """A PRIMARY zone needs an e-mail, a SECONDARY one its primary servers."""
        super().validate()
        if self.properties[PRIMARIES] and self.properties[MASTERS]:
            raise exception.ResourcePropertyConflict(props=", ".join((MASTERS, PRIMARIES)))
        kind = self.properties[TYPE]
        needed = {PRIMARY: (EMAIL, self.properties[EMAIL]), SECONDARY: (MASTERS, self._primaries())}
        # Another type is refused by the schema's allowed values (when values are checked).
        name, value = needed.get(kind, (None, True))
        if not value:
            raise exception.StackValidationFailed(
                message=_("Property %(prp)s is required for zone type %(zone_type)s")
                % {"prp": name, "zone_type": kind}
            )

    def handle_create(self) -> None:
        fields: dict[str, Any] = {
            name: self.properties[name]
            for name in (NAME, TTL, DESCRIPTION, EMAIL, TYPE, ATTRIBUTES)
            if self.properties[name]
        }
        if self._primaries():
            fields[API_MASTERS] = self._primaries()
        zone = self.client().create_zone(**fields)
        self.resource_id_set(zone.id)

    def check_create_complete(self, token: Any) -> bool:
        return settled(self.entity_get(), "zone")

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> None:
        """Send Designate the new e-mail, TTL, description or primary servers."""
        fields = {name: prop_diff[name] for name in UPDATABLE if prop_diff.get(name)}
        primaries = prop_diff.get(PRIMARIES) or prop_diff.get(MASTERS)
        if primaries:
            fields[API_MASTERS] = primaries
        if fields:
            self.client().update_zone(self.resource_id, **fields)

    def check_update_complete(self, token: Any) -> bool:
        return settled(self.entity_get(), "zone")

    def handle_check(self) -> None:
        """The zone still exists and is not in error."""
        settled(self.entity_get(), "zone")

    def check_delete_complete(self, token: Any) -> bool:
        """Whether the zone is gone (SdkEntityResource asked Designate to delete it);
        ResourceInError when Designate failed to."""
        if self.resource_id is None:
            return True
        try:
            zone = self.entity_get()
        except Exception as error:  # the service's "not found" is classified by the plugin
            self.client_plugin().ignore_not_found(error)
            return True
        settled(zone, "zone")
        return False

    def _resolve_attribute(self, name: str) -> Any:
        """The zone's serial; None once the zone is gone."""
        if name != SERIAL or self.resource_id is None:
            return None
        try:
            return self.entity_get().serial
        except Exception as error:  # see check_delete_complete
            self.client_plugin().ignore_not_found(error)
            return None

    def parse_live_resource_data(self, properties: Any, data: Any) -> dict[str, Any]:
        """E-mail, TTL and description as Designate has them, and its primary servers
        under the name the template used."""
        live = {name: data.get(name) for name in UPDATABLE}
        primaries = data.get(API_MASTERS) or None
        if properties.get(MASTERS) and not properties.get(PRIMARIES):
            live[MASTERS] = primaries
        else:
            live[PRIMARIES] = primaries
        return live


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Designate::Zone": DesignateZone}
