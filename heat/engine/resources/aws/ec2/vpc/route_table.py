"""``AWS::EC2::RouteTable``: a Neutron router of its own in a VPC, with the gateway of the
VPC's default router if that has one; ``AWS::EC2::SubnetRouteTableAssociation`` moves a
subnet from the VPC's default router to a route table, and back when deleted."""

from typing import Any

from heat.common.i18n import _
from heat.engine import constraints, properties
from heat.engine.resource import Resource
from heat.engine.resources.aws.ec2.vpc.tags import tag_list
from heat.engine.resources.aws.ec2.vpc.vpc import router_for_vpc
from heat.engine.resources.openstack.neutron.neutron_resource import status_built
from heat.engine.support import SupportStatus

Schema = properties.Schema


class RouteTable(Resource):
    """A router of the VPC besides its default one."""

    support_status = SupportStatus(version="2014.1")
    default_client_name = "neutron"
    properties_schema = {
        "VpcId": Schema(
            Schema.STRING, _("VPC ID for where the route table is created."), required=True
        ),
        "Tags": tag_list(_("List of tags to be attached to this resource.")),
    }

    def handle_create(self) -> None:
        self.resource_id_set(self.client().create_router(name=self.physical_resource_name()).id)

    def check_create_complete(self, token: Any = None) -> bool:
        """Built, then given the gateway of the VPC's default router (if it has one)."""
        network = self.client()
        if not status_built(network.get_router(self.resource_id).status):
            return False
        default = router_for_vpc(network, self.properties["VpcId"])
        gateway = default.external_gateway_info if default is not None else None
        if gateway:
            network.update_router(
                self.resource_id, external_gateway_info={"network_id": gateway["network_id"]}
            )
        return True

    def handle_check(self) -> None:
        self.client().get_router(self.resource_id)

    def handle_delete(self) -> None:
        if self.resource_id is not None:
            self.client().delete_router(self.resource_id, ignore_missing=True)


class SubnetRouteTableAssociation(Resource):
    """A subnet routed by a route table instead of its VPC's default router."""

    default_client_name = "neutron"
    properties_schema = {
        "RouteTableId": Schema(Schema.STRING, _("Route table ID."), required=True),
        "SubnetId": Schema(
            Schema.STRING,
            _("Subnet ID."),
            required=True,
            constraints=[constraints.CustomConstraint("neutron.subnet")],
        ),
    }

    def _default_router(self, subnet_id: str) -> Any:
        network = self.client()
        return router_for_vpc(network, network.get_subnet(subnet_id).network_id)

    def handle_create(self) -> None:
        network, plugin = self.client(), self.client_plugin()
        subnet_id = self.properties["SubnetId"]
        try:
            default = self._default_router(subnet_id)
            if default is not None:
                network.remove_interface_from_router(default, subnet=subnet_id)
        except Exception as error:  # not on the default router (any more)
            plugin.ignore_not_found(error)
        network.add_interface_to_router(self.properties["RouteTableId"], subnet=subnet_id)

    def handle_delete(self) -> None:
        """Back to the VPC's default router; what is gone is no error."""
        network, plugin = self.client(), self.client_plugin()
        subnet_id = self.properties["SubnetId"]
        try:
            network.remove_interface_from_router(self.properties["RouteTableId"], subnet=subnet_id)
        except Exception as error:  # the route table or the interface is gone
            plugin.ignore_not_found(error)
        try:
            default = self._default_router(subnet_id)
            if default is not None:
                network.add_interface_to_router(default, subnet=subnet_id)
        except Exception as error:  # the subnet or its VPC is gone
            plugin.ignore_not_found(error)


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {
        "AWS::EC2::RouteTable": RouteTable,
        "AWS::EC2::SubnetRouteTableAssociation": SubnetRouteTableAssociation,
    }
