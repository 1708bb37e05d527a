"""``OS::Neutron::Trunk``: a parent port that carries other ports' networks as VLANs.

The trunk's body names ports by id (``port_id``, and ``port_id`` in each subport); an
update changes the trunk itself, then removes the subports no longer wanted before adding
the new ones, since a port can be one subport only. Neutron needs its ``trunk`` extension.
"""

from typing import Any

from heat.common.i18n import _
from heat.engine import attributes, constraints, properties, support
from heat.engine.resources.openstack.neutron.neutron_resource import NeutronResource

PORT, SUB_PORTS = "port", "sub_ports"

TRUNK_PROPERTIES = {
    "admin_state_up": properties.Schema(
        properties.Schema.BOOLEAN,
        _("Enable/disable subport addition, removal and trunk delete."),
        update_allowed=True,
    ),
    "description": properties.Schema(
        properties.Schema.STRING,
        _("Description for the trunk."),
        update_allowed=True,
    ),
    "name": properties.Schema(
        properties.Schema.STRING,
        _("A string specifying a symbolic name for the trunk, which is not required to be uniqe."),
        update_allowed=True,
    ),
    "port": properties.Schema(
        properties.Schema.STRING,
        _("ID or name of a port to be used as a parent port."),
        required=True,
        immutable=True,
        constraints=[constraints.CustomConstraint("neutron.port")],
    ),
    "sub_ports": properties.Schema(
        properties.Schema.LIST,
        _("List with 0 or more map elements containing subport details."),
        update_allowed=True,
        schema=properties.Schema(
            properties.Schema.MAP,
            schema={
                "port": properties.Schema(
                    properties.Schema.STRING,
                    _("ID or name of a port to be used as a subport."),
                    required=True,
                    constraints=[constraints.CustomConstraint("neutron.port")],
                ),
                "segmentation_id": properties.Schema(
                    properties.Schema.INTEGER,
                    _(
                        "The segmentation ID on which the subport network is presented to the "
                        "instance."
                    ),
                    required=True,
                    constraints=[constraints.Range(max=4094, min=1)],
                ),
                "segmentation_type": properties.Schema(
                    properties.Schema.STRING,
                    _("Segmentation type to be used on the subport."),
                    required=True,
                    constraints=[constraints.AllowedValues(["vlan"])],
                ),
            },
        ),
    ),
}
TRUNK_ATTRIBUTES = {
    "port_id": attributes.Schema(
        _("ID or name of a port used as a parent port."), type=attributes.Schema.STRING
    ),
}


def subport_key(subport: dict[str, Any]) -> tuple:
    """What identifies a subport: its port and its segmentation."""
    return (subport["port_id"], subport["segmentation_type"], subport["segmentation_id"])


class Trunk(NeutronResource):
    """A trunk on a parent port, with its subports."""

    support_status = support.SupportStatus(version="9.0.0")
    entity = "trunk"
    has_status = True
    required_extension = "trunk"
    properties_schema = TRUNK_PROPERTIES
    attributes_schema = TRUNK_ATTRIBUTES

    def subports(self, given: list[dict[str, Any]] | None) -> list[dict[str, Any]]:
        """The subports in Neutron's form, ports by id."""
        return [
            {
                "port_id": self.neutron_id("port", subport[PORT]),
                "segmentation_type": subport["segmentation_type"],
                "segmentation_id": subport["segmentation_id"],
            }
            for subport in given or []
        ]

    def neutron_values(self, values: dict[str, Any]) -> dict[str, Any]:
        """The parent port and the subports' ports by id."""
        if PORT in values:
            values["port_id"] = self.neutron_id("port", values.pop(PORT))
        if SUB_PORTS in values:
            values[SUB_PORTS] = self.subports(values[SUB_PORTS])
        return values

    def subport_changes(self, prop_diff: dict[str, Any]) -> tuple[list, list]:
        """The subports to remove and those to add (new segmentations of a port are a
        removal and an addition)."""
        before = {subport_key(s): s for s in self.subports(self.previous_value(SUB_PORTS))}
        after = {subport_key(s): s for s in self.subports(prop_diff[SUB_PORTS])}
        removed = [{"port_id": key[0]} for key in before if key not in after]
        added = [subport for key, subport in after.items() if key not in before]
        return removed, added

    def parse_live_resource_data(self, properties: Any, data: Any) -> dict[str, Any]:
        """The subports as the template says them (``port``), when the template has any."""
        live = super().parse_live_resource_data(properties, data)
        if properties.get(SUB_PORTS) is not None:
            live[SUB_PORTS] = [
                {
                    PORT: subport["port_id"],
                    "segmentation_type": subport["segmentation_type"],
                    "segmentation_id": subport["segmentation_id"],
                }
                for subport in data.get(SUB_PORTS) or []
            ]
        return live

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> None:
        changes = dict(prop_diff)
        subports = SUB_PORTS in changes
        if subports:
            removed, added = self.subport_changes(changes)
            changes.pop(SUB_PORTS)
        super().handle_update(json_snippet, tmpl_diff, changes)
        if subports and removed:
            self.request("put", self.item_path() + "/remove_subports", {SUB_PORTS: removed})
        if subports and added:
            self.request("put", self.item_path() + "/add_subports", {SUB_PORTS: added})


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Neutron::Trunk": Trunk}
