"""``AWS::EC2::VPC``: a Neutron network (the VPC's id) and its default router, which
carries the network's name so that the VPC's subnets and route tables can find it."""

from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import constraints, properties
from heat.engine.resource import Resource
from heat.engine.resources.aws.ec2.vpc.tags import tag_list
from heat.engine.resources.openstack.neutron.neutron_resource import status_built

Schema = properties.Schema


def router_for_vpc(network: Any, network_id: str) -> Any:
    """The VPC's default router (the one named as its network), or None when there is
    none (a network made by hand has none)."""
    name = network.get_network(network_id).name
    found = list(network.routers(name=name))
    if len(found) > 1:
        raise exception.Error(_("Multiple routers found with name %s") % name)
    return found[0] if found else None


class VPC(Resource):
    """A virtual private cloud: a network and its default router."""

    default_client_name = "neutron"
    properties_schema = {
        "CidrBlock": Schema(Schema.STRING, _("CIDR block to apply to the VPC.")),
        "InstanceTenancy": Schema(
            Schema.STRING,
            _(
                "Allowed tenancy of instances launched in the VPC. default - any tenancy; "
                "dedicated - instance will be dedicated, regardless of the tenancy option "
                "specified at instance launch."
            ),
            default="default",
            constraints=[constraints.AllowedValues(["default", "dedicated"])],
            implemented=False,
        ),
        "Tags": tag_list(_("List of tags to attach to the instance.")),
    }

    def handle_create(self) -> None:
        network = self.client()
        name = self.physical_resource_name()
        self.resource_id_set(network.create_network(name=name).id)
        network.create_router(name=name)

    def check_create_complete(self, token: Any = None) -> bool:
        network = self.client()
        if not status_built(network.get_network(self.resource_id).status):
            return False
        router = router_for_vpc(network, str(self.resource_id))
        return router is None or status_built(router.status)

    def handle_check(self) -> None:
        self.client().get_network(self.resource_id)

    def handle_delete(self) -> None:
        """Delete the router, then the network; what is gone already is no error."""
        if self.resource_id is None:
            return
        network, plugin = self.client(), self.client_plugin()
        try:
            router = router_for_vpc(network, self.resource_id)
            if router is not None:
                network.delete_router(router.id)
        except Exception as error:  # the network or router is gone
            plugin.ignore_not_found(error)
        network.delete_network(self.resource_id, ignore_missing=True)


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"AWS::EC2::VPC": VPC}
