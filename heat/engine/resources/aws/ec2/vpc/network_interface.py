"""``AWS::EC2::NetworkInterface``: a Neutron port on a subnet, with the security groups of
``GroupSet`` (Neutron's default group when it is not given, none when it is empty)."""

from typing import Any

from heat.common.i18n import _
from heat.engine import attributes, constraints, properties
from heat.engine.resource import Resource
from heat.engine.resources.aws.ec2.vpc.tags import tag_list

Schema = properties.Schema
GROUP_SET, PRIVATE_IP_ADDRESS, SUBNET_ID = "GroupSet", "PrivateIpAddress", "SubnetId"


class NetworkInterface(Resource):
    """A port of a VPC's subnet."""

    default_client_name = "neutron"
    properties_schema = {
        "Description": Schema(Schema.STRING, _("Description for this interface.")),
        GROUP_SET: Schema(
            Schema.LIST,
            _("List of security group IDs associated with this interface."),
            update_allowed=True,
        ),
        PRIVATE_IP_ADDRESS: Schema(Schema.STRING),
        "SourceDestCheck": Schema(
            Schema.BOOLEAN,
            _("Flag indicating if traffic to or from instance is validated."),
            implemented=False,
        ),
        SUBNET_ID: Schema(
            Schema.STRING,
            _("Subnet ID to associate with this interface."),
            required=True,
            constraints=[constraints.CustomConstraint("neutron.subnet")],
        ),
        "Tags": tag_list(_("List of tags associated with this interface.")),
    }
    attributes_schema = {
        PRIVATE_IP_ADDRESS: attributes.Schema(
            _("Private IP address of the network interface."), type=attributes.Schema.STRING
        ),
    }

    def _group_ids(self, groups: list[str]) -> list[str]:
        neutron = self.client_plugin()
        return [neutron.find_resourceid_by_name_or_id("security_group", g) for g in groups]

    def handle_create(self) -> None:
        network = self.client()
        subnet_id = self.properties[SUBNET_ID]
        fixed_ip = {"subnet_id": subnet_id}
        if self.properties[PRIVATE_IP_ADDRESS]:
            fixed_ip["ip_address"] = self.properties[PRIVATE_IP_ADDRESS]
        body: dict[str, Any] = {
            "name": self.physical_resource_name(),
            "admin_state_up": True,
            "network_id": network.get_subnet(subnet_id).network_id,
            "fixed_ips": [fixed_ip],
        }
        if self.properties[GROUP_SET] is not None:
            body["security_group_ids"] = self._group_ids(self.properties[GROUP_SET])
        self.resource_id_set(network.create_port(**body).id)

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> None:
        """New security groups; a GroupSet removed means Neutron's default group again."""
        if GROUP_SET in prop_diff:
            groups = prop_diff[GROUP_SET]
            ids = self._group_ids(groups if groups is not None else ["default"])
            self.client().update_port(self.resource_id, security_group_ids=ids)

    def handle_check(self) -> None:
        self.client().get_port(self.resource_id)

    def handle_delete(self) -> None:
        if self.resource_id is not None:
            self.client().delete_port(self.resource_id, ignore_missing=True)

    def _resolve_attribute(self, name: str) -> Any:
        if name == PRIVATE_IP_ADDRESS and self.resource_id is not None:
            fixed_ips = self.client().get_port(self.resource_id).fixed_ips
            return fixed_ips[0]["ip_address"] if fixed_ips else None
        return None


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"AWS::EC2::NetworkInterface": NetworkInterface}
