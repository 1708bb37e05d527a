"""``AWS::EC2::Subnet``: a Neutron IPv4 subnet of the VPC's network, on the VPC's default
router."""

from typing import Any

from heat.common.i18n import _
from heat.engine import attributes, properties
from heat.engine.resource import Resource
from heat.engine.resources.aws.ec2.vpc.tags import tag_list
from heat.engine.resources.aws.ec2.vpc.vpc import router_for_vpc

Schema = properties.Schema


class Subnet(Resource):
    """A subnet of a VPC, routed by the VPC's default router."""

    default_client_name = "neutron"
    properties_schema = {
        "AvailabilityZone": Schema(
            Schema.STRING, _("Availability zone in which you want the subnet.")
        ),
        "CidrBlock": Schema(Schema.STRING, _("CIDR block to apply to subnet."), required=True),
        "Tags": tag_list(_("List of tags to attach to this resource.")),
        "VpcId": Schema(
            Schema.STRING,
            _(
                "Ref structure that contains the ID of the VPC on which you want to create the "
                "subnet."
            ),
            required=True,
        ),
    }
    attributes_schema = {
        "AvailabilityZone": attributes.Schema(
            _("Availability Zone of the subnet."), type=attributes.Schema.STRING
        ),
    }

    def handle_create(self) -> None:
        network = self.client()
        vpc_id = self.properties["VpcId"]
        subnet = network.create_subnet(
            network_id=vpc_id,
            cidr=self.properties["CidrBlock"],
            name=self.physical_resource_name(),
            ip_version=4,
        )
        self.resource_id_set(subnet.id)
        router = router_for_vpc(network, vpc_id)
        if router is not None:
            network.add_interface_to_router(router, subnet=subnet.id)

    def handle_check(self) -> None:
        self.client().get_subnet(self.resource_id)

    def handle_delete(self) -> None:
        """Leave the VPC's router, then delete the subnet; what is gone is no error."""
        if self.resource_id is None:
            return
        network, plugin = self.client(), self.client_plugin()
        try:
            router = router_for_vpc(network, self.properties["VpcId"])
            if router is not None:
                network.remove_interface_from_router(router, subnet=self.resource_id)
        except Exception as error:  # the router, network or interface is gone
            plugin.ignore_not_found(error)
        network.delete_subnet(self.resource_id, ignore_missing=True)

    def _resolve_attribute(self, name: str) -> Any:
        if name == "AvailabilityZone":
            return self.properties["AvailabilityZone"]
        return None


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"AWS::EC2::Subnet": Subnet}
