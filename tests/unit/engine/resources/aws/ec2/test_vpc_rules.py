"""EC2 security group rules as Neutron's: EC2's "any" port and protocol, rules without
ports, and source groups named or identified."""

import pytest

from tests.unit.engine.resources.conftest import Engine


@pytest.fixture
def group(engine, global_env):
    properties = {
        "GroupDescription": "d",
        "SecurityGroupIngress": [
            {"IpProtocol": "tcp", "FromPort": "22", "ToPort": "22", "CidrIp": "10.0.0.0/8"},
            {"IpProtocol": "-1", "FromPort": "-1", "ToPort": "-1", "CidrIp": "0.0.0.0/0"},
            {"IpProtocol": "icmp", "CidrIp": "0.0.0.0/0"},
        ],
        "SecurityGroupEgress": [{"IpProtocol": "udp", "FromPort": "53", "ToPort": "53"}],
    }
    stack = Engine(engine.context, global_env, engine.settings).stack(
        {"it": {"type": "AWS::EC2::SecurityGroup", "properties": properties}}
    )
    return stack.resources["it"]


def test_ec2_rules_become_neutron_rules(group):
    rule = dict.fromkeys(("protocol", "port_range_min", "port_range_max", "remote_ip_prefix"))
    rule["remote_group_id"] = None
    assert group.wanted_rules(group.properties) == [
        dict(
            rule,
            direction="ingress",
            protocol="tcp",
            port_range_min=22,
            port_range_max=22,
            remote_ip_prefix="10.0.0.0/8",
        ),
        dict(rule, direction="ingress", remote_ip_prefix="0.0.0.0/0"),
        dict(rule, direction="ingress", protocol="icmp"),
        dict(rule, direction="egress", protocol="udp", port_range_min=53, port_range_max=53),
    ]
