"""The EC2 VPC family on the lab's Neutron: a VPC (network and default router), its subnet
moved to a route table that the gateway attachment connects to ``public``, a security
group with EC2 rules and a network interface; rules and groups changed in place, and
nothing left after the delete."""

import pytest

# EC2 takes the lab's one external network: not while another test makes a second one.
pytestmark = pytest.mark.xdist_group("external_networks")

HTTP = {"IpProtocol": "tcp", "FromPort": "80", "ToPort": "80", "CidrIp": "0.0.0.0/0"}
HTTPS_OUT = {"IpProtocol": "tcp", "FromPort": "443", "ToPort": "443", "CidrIp": "10.0.0.0/8"}


def template(ingress: list, group_set: bool = True) -> dict:
    interface = {"SubnetId": {"Ref": "subnet"}, "PrivateIpAddress": "10.40.1.20"}
    if group_set:
        interface["GroupSet"] = [{"Ref": "group"}]
    return {
        "AWSTemplateFormatVersion": "2010-09-09",
        "Resources": {
            "vpc": {"Type": "AWS::EC2::VPC", "Properties": {"CidrBlock": "10.40.0.0/16"}},
            "subnet": {
                "Type": "AWS::EC2::Subnet",
                "Properties": {
                    "VpcId": {"Ref": "vpc"},
                    "CidrBlock": "10.40.1.0/24",
                    "AvailabilityZone": "nova",
                },
            },
            "gateway": {"Type": "AWS::EC2::InternetGateway"},
            "table": {"Type": "AWS::EC2::RouteTable", "Properties": {"VpcId": {"Ref": "vpc"}}},
            "association": {
                "Type": "AWS::EC2::SubnetRouteTableAssociation",
                "Properties": {"RouteTableId": {"Ref": "table"}, "SubnetId": {"Ref": "subnet"}},
            },
            "attachment": {
                "Type": "AWS::EC2::VPCGatewayAttachment",
                "Properties": {"VpcId": {"Ref": "vpc"}, "InternetGatewayId": {"Ref": "gateway"}},
            },
            "group": {
                "Type": "AWS::EC2::SecurityGroup",
                "Properties": {
                    "GroupDescription": "web",
                    "VpcId": {"Ref": "vpc"},
                    "SecurityGroupIngress": ingress,
                    "SecurityGroupEgress": [HTTPS_OUT],
                },
            },
            "interface": {"Type": "AWS::EC2::NetworkInterface", "Properties": interface},
        },
        "Outputs": {
            "vpc": {"Value": {"Ref": "vpc"}},
            "subnet": {"Value": {"Ref": "subnet"}},
            "table": {"Value": {"Ref": "table"}},
            "group": {"Value": {"Ref": "group"}},
            "interface": {"Value": {"Ref": "interface"}},
            "address": {"Value": {"Fn::GetAtt": ["interface", "PrivateIpAddress"]}},
            "zone": {"Value": {"Fn::GetAtt": ["subnet", "AvailabilityZone"]}},
        },
    }


def rules(cloud, group_id: str) -> set:
    return {
        (rule.direction, rule.protocol, rule.port_range_min, rule.remote_ip_prefix)
        for rule in cloud.network.security_group_rules(security_group_id=group_id)
        if rule.ether_type == "IPv4"
    }


def test_a_vpc_with_a_routed_subnet_a_group_and_an_interface(demo_stacks, demo_cloud):
    identity = demo_stacks.create(template([HTTP]))
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE"), demo_stacks.state(identity)
    outputs = demo_stacks.outputs(identity)
    network = demo_cloud.network.get_network(outputs["vpc"])
    [default_router] = demo_cloud.network.routers(name=network.name)
    table = demo_cloud.network.get_router(outputs["table"])
    public = demo_cloud.network.find_network("public")
    assert table.external_gateway_info["network_id"] == public.id
    table_ports = demo_cloud.network.ports(
        device_id=table.id, device_owner="network:router_interface"
    )
    assert [port.fixed_ips[0]["subnet_id"] for port in table_ports] == [outputs["subnet"]]
    assert not list(
        demo_cloud.network.ports(
            device_id=default_router.id, device_owner="network:router_interface"
        )
    )
    assert rules(demo_cloud, outputs["group"]) == {
        ("ingress", "tcp", 80, "0.0.0.0/0"),
        ("egress", "tcp", 443, "10.0.0.0/8"),
    }
    port = demo_cloud.network.get_port(outputs["interface"])
    assert port.security_group_ids == [outputs["group"]]
    assert outputs["address"] == "10.40.1.20" and outputs["zone"] == "nova"

    https = dict(HTTP, FromPort="8443", ToPort="8443")
    stack = demo_stacks.update(identity, template([HTTP, https], group_set=False))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert ("ingress", "tcp", 8443, "0.0.0.0/0") in rules(demo_cloud, outputs["group"])
    [default_group] = demo_cloud.network.security_groups(name="default", project_id=port.project_id)
    assert demo_cloud.network.get_port(outputs["interface"]).security_group_ids == [
        default_group.id
    ]

    demo_stacks.delete(identity)
    assert demo_cloud.network.find_network(outputs["vpc"]) is None
    assert demo_cloud.network.find_router(outputs["table"]) is None
    assert demo_cloud.network.find_router(default_router.id) is None
    assert demo_cloud.network.find_security_group(outputs["group"]) is None
    assert demo_cloud.network.find_port(outputs["interface"]) is None
