"""``OS::Designate::RecordSet``: the records of one name and type in a Designate zone
(the addresses of an A name, the exchangers of an MX one...)."""

from typing import Any

from heat.common.i18n import _
from heat.engine import constraints, properties, support
from heat.engine.resources.openstack.designate.zone import settled
from heat.engine.resources.sdk_entity_resource import SdkEntityResource

PROPERTIES = (NAME, TTL, DESCRIPTION, TYPE, RECORDS, ZONE) = (
    "name",
    "ttl",
    "description",
    "type",
    "records",
    "zone",
)
RECORD_TYPES = (
    *("A", "AAAA", "CNAME", "MX", "SRV", "TXT", "SPF"),
    *("NS", "PTR", "SSHFP", "SOA", "CAA", "CERT", "NAPTR"),
)
UPDATABLE = (TTL, DESCRIPTION, RECORDS)


def absolute_name(name: str, zone_name: str) -> str:
    """A record set's name as Designate wants it: a name without the final dot is taken
    as relative to the zone (``www`` in ``example.org.`` is ``www.example.org.``)."""
    return name if name.endswith(".") else "%s.%s" % (name, zone_name)


class DesignateRecordSet(SdkEntityResource):
    """A record set in a zone; a new name, type or zone makes a new record set."""

    support_status = support.SupportStatus(version="8.0.0")
    default_client_name = "designate"
    entity = "recordset"

    properties_schema = {
        NAME: properties.Schema(
            properties.Schema.STRING,
            _("RecordSet name."),
            constraints=[constraints.Length(max=255)],
        ),
        TTL: properties.Schema(
            properties.Schema.INTEGER,
            _("Time To Live (Seconds)."),
            update_allowed=True,
            constraints=[constraints.Range(min=1, max=2147483647)],
        ),
        DESCRIPTION: properties.Schema(
            properties.Schema.STRING,
            _("Description of RecordSet."),
            update_allowed=True,
            constraints=[constraints.Length(max=160)],
        ),
        TYPE: properties.Schema(
            properties.Schema.STRING,
            _("DNS RecordSet type."),
            required=True,
            constraints=[constraints.AllowedValues(RECORD_TYPES)],
        ),
        RECORDS: properties.Schema(
            properties.Schema.LIST,
            _(
                "A list of data for this RecordSet. Each item will be a separate record in "
                "Designate These items should conform to the DNS spec for the record type - "
                "e.g. A records must be IPv4 addresses, CNAME records must be a hostname. DNS "
                "record data varies based on the type of record. For more details, please "
                "refer rfc 1035."
            ),
            update_allowed=True,
            required=True,
        ),
        ZONE: properties.Schema(
            properties.Schema.STRING,
            _("DNS Zone id or name."),
            required=True,
            constraints=[constraints.CustomConstraint("designate.zone")],
        ),
    }

    def _zone(self) -> Any:
        return self.client_plugin().get_zone(self.properties[ZONE])

    def entity_get(self) -> Any:
        return self.client().get_recordset(self.resource_id, self._zone().id)

    def handle_create(self) -> None:
        zone = self._zone()
        name = self.properties[NAME] or self.physical_resource_name()
        fields = {key: self.properties[key] for key in (TTL, DESCRIPTION) if self.properties[key]}
        recordset = self.client().create_recordset(
            zone,
            name=absolute_name(name, zone.name),
            type=self.properties[TYPE],
            records=self.properties[RECORDS],
            **fields,
        )
        self.resource_id_set(recordset.id)

    def check_create_complete(self, token: Any) -> bool:
        return settled(self.entity_get(), "RecordSet")

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> None:
        """Send Designate the new TTL, description or records."""
        fields = {name: prop_diff[name] for name in UPDATABLE if prop_diff.get(name)}
        if fields:
            self.client().update_recordset(self.resource_id, zone_id=self._zone().id, **fields)

    def check_update_complete(self, token: Any) -> bool:
        return settled(self.entity_get(), "RecordSet")

    def handle_check(self) -> None:
        """The record set (and its zone) still exist and are not in error."""
        settled(self.entity_get(), "RecordSet")

    def handle_delete(self) -> None:
        """Ask Designate to delete the record set; one (or a zone) already gone is not an
        error."""
        if self.resource_id is None:
            return
        try:
            self.client().delete_recordset(self.resource_id, self._zone().id, ignore_missing=False)
        except Exception as error:  # the service's "not found" is classified by the plugin
            self.client_plugin().ignore_not_found(error)

    def check_delete_complete(self, token: Any) -> bool:
        """Whether the record set is gone."""
        if self.resource_id is None:
            return True
        try:
            recordset = self.entity_get()
        except Exception as error:  # see handle_delete
            self.client_plugin().ignore_not_found(error)
            return True
        settled(recordset, "RecordSet")
        return False


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Designate::RecordSet": DesignateRecordSet}
