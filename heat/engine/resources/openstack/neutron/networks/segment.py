"""``OS::Neutron::Segment``: one more segment of a network (the ``segments`` service
plugin; administrators only), its type's physical network and segmentation id checked
before Neutron is asked."""

from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import constraints, properties, support
from heat.engine.resources.openstack.neutron.neutron_resource import NeutronResource

NETWORK, NETWORK_TYPE, PHYSICAL_NETWORK, SEGMENTATION_ID = (
    "network",
    "network_type",
    "physical_network",
    "segmentation_id",
)
NETWORK_TYPES = ["local", "vlan", "vxlan", "gre", "geneve", "flat"]
# Network type: the properties it needs, and those it may not have.
REQUIRED = {"flat": (PHYSICAL_NETWORK,), "vlan": (PHYSICAL_NETWORK, SEGMENTATION_ID)}
PROHIBITED = {
    "local": (SEGMENTATION_ID,),
    "flat": (SEGMENTATION_ID,),
    "vxlan": (PHYSICAL_NETWORK,),
    "gre": (PHYSICAL_NETWORK,),
    "geneve": (PHYSICAL_NETWORK,),
}
MAX_VLAN_ID = 4094

SEGMENT_PROPERTIES = {
    "description": properties.Schema(
        properties.Schema.STRING,
        _("Description of the segment."),
        update_allowed=True,
    ),
    "name": properties.Schema(
        properties.Schema.STRING,
        _("Name of the segment."),
        update_allowed=True,
    ),
    "network": properties.Schema(
        properties.Schema.STRING,
        _("The name/id of network to associate with this segment."),
        required=True,
        constraints=[constraints.CustomConstraint("neutron.network")],
    ),
    "network_type": properties.Schema(
        properties.Schema.STRING,
        _("Type of network to associate with this segment."),
        required=True,
        constraints=[constraints.AllowedValues(NETWORK_TYPES)],
    ),
    "physical_network": properties.Schema(
        properties.Schema.STRING,
        _("Name of physical network to associate with this segment."),
    ),
    "segmentation_id": properties.Schema(
        properties.Schema.INTEGER,
        _("Segmentation ID for this segment."),
        constraints=[constraints.Range(min=1)],
    ),
}


class Segment(NeutronResource):
    """A segment of a Neutron network; its name and description change in place."""

    support_status = support.SupportStatus(version="9.0.0")
    entity = "segment"
    required_extension = "segment"
    properties_schema = SEGMENT_PROPERTIES

    def neutron_values(self, values: dict[str, Any]) -> dict[str, Any]:
        """The network by id."""
        if NETWORK in values:
            values["network_id"] = self.neutron_id("network", values.pop(NETWORK))
        return values

    def validate(self) -> None:
        """The physical network and segmentation id are given, or not, as the network type
        wants; a VLAN id is at most 4094."""
        super().validate()
        network_type = self.properties[NETWORK_TYPE]
        for name in REQUIRED.get(network_type, ()):
            if self.properties[name] is None:
                raise exception.StackValidationFailed(
                    message=_("%(prop)s is required for %(type)s provider network.")
                    % {"prop": name, "type": network_type}
                )
        for name in PROHIBITED.get(network_type, ()):
            if self.properties[name] is not None:
                raise exception.StackValidationFailed(
                    message=_("%(prop)s is prohibited for %(type)s provider network.")
                    % {"prop": name, "type": network_type}
                )
        if network_type == "vlan" and self.properties[SEGMENTATION_ID] > MAX_VLAN_ID:
            raise exception.StackValidationFailed(
                message=_("Up to 4094 VLAN network segments can exist on each physical_network.")
            )


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Neutron::Segment": Segment}
