"""``OS::Nova::HostAggregate``: a named group of compute hosts with metadata, maybe an
availability zone (admin only); everything changes in place."""

from typing import Any

from heat.common.i18n import _
from heat.engine import constraints, properties, support
from heat.engine.resources.entity_resource import EntityResource

PROPERTIES = (NAME, AVAILABILITY_ZONE, HOSTS, METADATA) = (
    "name",
    "availability_zone",
    "hosts",
    "metadata",
)


def metadata_changes(before: dict[str, Any], wanted: dict[str, Any]) -> dict[str, Any]:
    """What to send Nova, which merges the metadata it is sent and removes a key sent as
    None, to go from the template's ``before`` metadata to ``wanted`` (keys Nova or others
    set stay)."""
    return {**{key: None for key in before if key not in wanted}, **wanted}


class HostAggregate(EntityResource):
    """A Nova host aggregate.

    Administrators group compute hosts and tag them with key/value metadata that the
    scheduler matches against flavors and images; an aggregate with an availability zone
    shows its hosts to users as that zone.
    """

    support_status = support.SupportStatus(version="6.0.0")
    default_client_name = "nova"
    entity = "aggregates"

    properties_schema = {
        NAME: properties.Schema(
            properties.Schema.STRING,
            _("Name for the aggregate."),
            required=True,
            update_allowed=True,
        ),
        AVAILABILITY_ZONE: properties.Schema(
            properties.Schema.STRING, _("Name for the availability zone."), update_allowed=True
        ),
        HOSTS: properties.Schema(
            properties.Schema.LIST,
            _("List of hosts to join aggregate."),
            update_allowed=True,
            schema=properties.Schema(
                properties.Schema.STRING,
                constraints=[constraints.CustomConstraint("nova.host")],
            ),
        ),
        METADATA: properties.Schema(
            properties.Schema.MAP,
            _("Arbitrary key/value metadata to store information for aggregate."),
            update_allowed=True,
            default={},
        ),
    }

    def handle_create(self) -> None:
        """Create the aggregate, tag it and add its hosts."""
        aggregate = self.client().create_aggregate(
            name=self.properties[NAME], availability_zone=self.properties[AVAILABILITY_ZONE]
        )
        self.resource_id_set(aggregate.id)
        if self.properties[METADATA]:
            self.client().set_aggregate_metadata(aggregate.id, **self.properties[METADATA])
        for host in self.properties[HOSTS] or []:
            self.client().add_host_to_aggregate(aggregate.id, host)

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> None:
        """Rename or re-zone the aggregate, move hosts in and out so that exactly the new
        ones are members, and set the new metadata (keys the template dropped are removed)."""
        nova = self.client()
        if HOSTS in prop_diff:
            current = set(self.entity_get().hosts or [])
            wanted = set(prop_diff[HOSTS] or [])
            for host in sorted(wanted - current):
                nova.add_host_to_aggregate(self.resource_id, host)
            for host in sorted(current - wanted):
                nova.remove_host_from_aggregate(self.resource_id, host)
        if METADATA in prop_diff:
            before = self.previous_properties[METADATA] if self.previous_properties else {}
            changes = metadata_changes(before or {}, prop_diff[METADATA] or {})
            nova.set_aggregate_metadata(self.resource_id, **changes)
        renamed = {key: prop_diff[key] for key in (NAME, AVAILABILITY_ZONE) if key in prop_diff}
        if renamed:
            nova.update_aggregate(self.resource_id, **renamed)

    def handle_delete(self) -> None:
        """Take the hosts out (Nova refuses to delete an aggregate with hosts), then delete
        it; one already gone is not an error."""
        if self.resource_id is None:
            return
        try:
            aggregate = self.entity_get()
        except Exception as error:  # the client's own "not found" is a normal answer here
            self.client_plugin().ignore_not_found(error)
            return
        for host in aggregate.hosts or []:
            self.client().remove_host_from_aggregate(self.resource_id, host)
        self.client().delete_aggregate(self.resource_id, ignore_missing=True)

    def entity_get(self) -> Any:
        return self.client().get_aggregate(self.resource_id)

    def handle_check(self) -> None:
        """The aggregate still exists in Nova."""
        self.entity_get()

    def parse_live_resource_data(self, properties: Any, data: Any) -> dict[str, Any]:
        """Name, zone, hosts and metadata as Nova has them. Nova mirrors the zone into the
        metadata; unless the template sets that key, it is left out, or an update would
        send it back as removed."""
        metadata = dict(data.get(METADATA) or {})
        if AVAILABILITY_ZONE not in (properties.get(METADATA) or {}):
            metadata.pop(AVAILABILITY_ZONE, None)
        hosts = data.get(HOSTS) or []
        if set(hosts) == set(properties.get(HOSTS) or []):
            hosts = properties.get(HOSTS)
        return {
            NAME: data.get(NAME),
            AVAILABILITY_ZONE: data.get(AVAILABILITY_ZONE),
            HOSTS: hosts,
            METADATA: metadata,
        }


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Nova::HostAggregate": HostAggregate}
