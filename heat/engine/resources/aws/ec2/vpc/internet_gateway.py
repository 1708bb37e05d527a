"""``AWS::EC2::InternetGateway``: the cloud's one external network, which needs nothing
made; ``AWS::EC2::VPCGatewayAttachment`` gives the VPC's route tables of the template a
gateway on it."""

from collections.abc import Iterator
from typing import Any

from heat.common.i18n import _
from heat.engine import properties
from heat.engine.resource import Resource
from heat.engine.resources.aws.ec2.floating_ips import external_network_id
from heat.engine.resources.aws.ec2.vpc.route_table import RouteTable
from heat.engine.resources.aws.ec2.vpc.tags import tag_list

Schema = properties.Schema
VPC_ID = "VpcId"


class InternetGateway(Resource):
    """A name for the external network; its id is its physical name."""

    default_client_name = "neutron"
    properties_schema = {"Tags": tag_list()}

    def handle_create(self) -> None:
        self.resource_id_set(self.physical_resource_name())

    def handle_delete(self) -> None:
        """Nothing was made."""


class VPCGatewayAttachment(Resource):
    """The external network as gateway of every route table of the VPC in the template."""

    default_client_name = "neutron"
    properties_schema = {
        "VpcId": Schema(Schema.STRING, _("VPC ID for this gateway association."), required=True),
        "InternetGatewayId": Schema(Schema.STRING, _("ID of the InternetGateway.")),
        "VpnGatewayId": Schema(
            Schema.STRING, _("ID of the VPNGateway to attach to the VPC."), implemented=False
        ),
    }

    @classmethod
    def implied_requirements(cls, name: str, values: dict[str, Any], resources: Any) -> list[str]:
        """The template's route tables of the VPC: they must exist to get the gateway."""
        vpc = values.get(VPC_ID)
        return [
            other
            for other, other_values in resources.of_kind(RouteTable)
            if vpc is not None and other_values.get(VPC_ID) == vpc
        ]

    def _route_tables(self) -> Iterator[Any]:
        vpc = self.properties[VPC_ID]
        for resource in self.stack.resources.values():
            if isinstance(resource, RouteTable) and resource.resource_id is not None:
                if resource.properties[VPC_ID] == vpc:
                    yield resource

    def handle_create(self) -> None:
        network = self.client()
        gateway = {"network_id": external_network_id(network)}
        for table in self._route_tables():
            network.update_router(table.resource_id, external_gateway_info=gateway)

    def handle_delete(self) -> None:
        network, plugin = self.client(), self.client_plugin()
        for table in self._route_tables():
            try:
                network.update_router(table.resource_id, external_gateway_info={})
            except Exception as error:  # the route table is gone
                plugin.ignore_not_found(error)


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {
        "AWS::EC2::InternetGateway": InternetGateway,
        "AWS::EC2::VPCGatewayAttachment": VPCGatewayAttachment,
    }
