"""AWS::EC2::EIP and AWS::EC2::EIPAssociation in the lab: floating IPs of ``public`` bound
to an instance's port and to a given port, and released when the stack is deleted."""

import pytest

from tests.functional.lab.server.servers import FLAVOR, IMAGE

# EC2 takes the lab's one external network: not while another test makes a second one.
pytestmark = pytest.mark.xdist_group("external_networks")


def eip_template(subnet_id: str, port_id: str) -> dict:
    """An instance with an EIP bound to it, and a second EIP an association binds to the port
    ``port_id``."""
    return {
        "AWSTemplateFormatVersion": "2010-09-09",
        "Resources": {
            "instance": {
                "Type": "AWS::EC2::Instance",
                "Properties": {"ImageId": IMAGE, "InstanceType": FLAVOR, "SubnetId": subnet_id},
            },
            "bound": {"Type": "AWS::EC2::EIP", "Properties": {"InstanceId": {"Ref": "instance"}}},
            "spare": {"Type": "AWS::EC2::EIP", "Properties": {"Domain": "vpc"}},
            "association": {
                "Type": "AWS::EC2::EIPAssociation",
                "Properties": {
                    "AllocationId": {"Fn::GetAtt": ["spare", "AllocationId"]},
                    "NetworkInterfaceId": port_id,
                },
            },
        },
        "Outputs": {
            "address": {"Value": {"Ref": "bound"}},
            "allocation": {"Value": {"Fn::GetAtt": ["bound", "AllocationId"]}},
            "spare": {"Value": {"Fn::GetAtt": ["spare", "AllocationId"]}},
            "instance": {"Value": {"Ref": "instance"}},
        },
    }


def test_eips_are_bound_to_the_instance_port_and_released(demo_stacks, demo_cloud, routed_network):
    net, subnet = routed_network
    other = demo_cloud.network.create_port(network_id=net.id, name="heat-asg-eip-port")
    identity = demo_stacks.create(eip_template(subnet.id, other.id))
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE"), demo_stacks.state(identity)
    outputs = demo_stacks.outputs(identity)
    (port,) = demo_cloud.network.ports(device_id=outputs["instance"])
    bound = demo_cloud.network.get_ip(outputs["allocation"])
    public = demo_cloud.network.find_network("public")
    assert (bound.floating_ip_address, bound.floating_network_id) == (outputs["address"], public.id)
    assert bound.port_id == port.id
    assert demo_cloud.network.get_ip(outputs["spare"]).port_id == other.id
    demo_stacks.delete(identity)
    assert demo_cloud.network.find_ip(outputs["allocation"]) is None
    assert demo_cloud.network.find_ip(outputs["spare"]) is None
