"""AWS::AutoScaling::AutoScalingGroup in the lab: a group of real instances made from a
launch configuration in its subnet, scaled by signals to its policies, and deleted with
every instance it made. (An OS::Heat::InstanceGroup has no subnet to give its instances,
and an AWS::EC2::Instance without one is refused by the lab's Nova, which wants networks.)"""

from tests.functional.lab.server.servers import FLAVOR, IMAGE
from tests.functional.lab_engine import wait_for


def group_template(subnet_id: str, group: dict, group_type: str, policies: bool = False) -> dict:
    """A launch configuration and a group of ``group_type`` in the subnet, with a scale-up
    and a scale-down policy when ``policies``."""
    properties = {"AvailabilityZones": [], "LaunchConfigurationName": {"Ref": "config"}, **group}
    if group_type == "AWS::AutoScaling::AutoScalingGroup":
        properties["VPCZoneIdentifier"] = [subnet_id]
    resources = {
        "config": {
            "Type": "AWS::AutoScaling::LaunchConfiguration",
            "Properties": {"ImageId": IMAGE, "InstanceType": FLAVOR, "UserData": "#!/bin/sh"},
        },
        "group": {"Type": group_type, "Properties": properties},
    }
    if policies:
        for name, step in (("grow", 1), ("shrink", -1)):
            resources[name] = {
                "Type": "AWS::AutoScaling::ScalingPolicy",
                "Properties": {
                    "AutoScalingGroupName": {"Ref": "group"},
                    "AdjustmentType": "ChangeInCapacity",
                    "ScalingAdjustment": step,
                    "Cooldown": 0,
                },
            }
    return {
        "AWSTemplateFormatVersion": "2010-09-09",
        "Resources": resources,
        "Outputs": {
            "ips": {"Value": {"Fn::GetAtt": ["group", "InstanceList"]}},
            "group_id": {"Value": {"Ref": "group"}},
        },
    }


def servers_of(demo_cloud, stacks, identity) -> list:
    """The group's servers, as Nova lists them."""
    group = stacks.engine.describe_stack_resource(stacks.context, identity, "group")
    nested = group["nested_stack_id"]
    members = stacks.engine.list_stack_resources(stacks.context, nested)
    return [demo_cloud.compute.get_server(member["physical_resource_id"]) for member in members]


def signal(stacks, identity, policy: str) -> None:
    """Signal a policy as its alarm would, and wait for the adjustment to end."""
    stacks.engine.resource_signal(stacks.context, identity, policy, {}, sync_call=True)
    wait_for(stacks.engine, stacks.context, identity, timeout=120)


def test_an_autoscaling_group_of_instances_grows_and_shrinks_on_signals(
    demo_stacks, demo_cloud, routed_network
):
    _, subnet = routed_network
    group = {"MinSize": 1, "MaxSize": 2, "Cooldown": 0}
    template = group_template(subnet.id, group, "AWS::AutoScaling::AutoScalingGroup", True)
    identity = demo_stacks.create(template)
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    (first,) = servers_of(demo_cloud, demo_stacks, identity)
    assert first.status == "ACTIVE"
    (port,) = demo_cloud.network.ports(device_id=first.id)
    assert port.fixed_ips[0]["subnet_id"] == subnet.id
    # Without a floating IP, an instance's public address is its first one.
    assert demo_stacks.outputs(identity)["ips"] == port.fixed_ips[0]["ip_address"]
    group_id = demo_stacks.outputs(identity)["group_id"]
    assert first.metadata["metering.AutoScalingGroupName"] == "group"
    assert group_id != "group"
    signal(demo_stacks, identity, "grow")
    grown = servers_of(demo_cloud, demo_stacks, identity)
    assert len(grown) == 2 and {server.status for server in grown} == {"ACTIVE"}
    assert (
        next(s for s in grown if s.id != first.id).metadata["metering.AutoScalingGroupName"]
        == group_id
    )
    signal(demo_stacks, identity, "grow")  # at MaxSize: nothing changes
    assert len(servers_of(demo_cloud, demo_stacks, identity)) == 2
    signal(demo_stacks, identity, "shrink")
    (kept,) = servers_of(demo_cloud, demo_stacks, identity)
    assert kept.id != first.id  # the oldest goes first
    assert demo_cloud.compute.find_server(first.id) is None
    demo_stacks.delete(identity)
    assert demo_cloud.compute.find_server(kept.id) is None
