"""AWS::AutoScaling::AutoScalingGroup, OS::Heat::InstanceGroup and their launch
configuration, with ``AWS::EC2::Instance`` mapped to a template that records what each
member is given (no Nova here: the lab tests boot real instances)."""

import pytest
import yaml

from heat.common import exception
from heat.common.context import RequestContext
from tests.unit.engine.stacks.conftest import TENANT, wait_for

INSTANCE_TEMPLATE = {
    "heat_template_version": "2021-04-16",
    "parameters": {
        name: {"type": kind, "default": default}
        for name, kind, default in (
            ("ImageId", "string", ""),
            ("InstanceType", "string", ""),
            ("UserData", "string", ""),
            ("SubnetId", "string", ""),
            ("Tags", "json", []),
        )
    },
    "resources": {},
    "outputs": {
        "PublicIp": {
            "value": {
                "str_replace": {
                    "template": "ip-$i",
                    "params": {"$i": {"get_param": "InstanceType"}},
                }
            }
        },
        "image": {"value": {"get_param": "ImageId"}},
        "tags": {"value": {"get_param": "Tags"}},
        "subnet": {"value": {"get_param": "SubnetId"}},
    },
}
ENVIRONMENT = {"resource_registry": {"AWS::EC2::Instance": "instance.yaml"}}
FILES = {"instance.yaml": yaml.safe_dump(INSTANCE_TEMPLATE)}


class _FoundByAnyName:
    """Client plugins that find whatever image or flavor they are asked for: the launch
    configuration's constraints look Glance and Nova up."""

    def unavailable_reason(self, name):
        return None

    def server_to_ipaddress(self, server):
        return "address-of-%s" % server

    def client_plugin(self, name):
        return self

    def __getattr__(self, getter):
        return lambda value: {"id": value}


@pytest.fixture
def context():
    context = RequestContext(project_id=TENANT, user_id="user-a", username="alice")
    context.clients = _FoundByAnyName()
    return context


def template(group: dict, image="cirros", update_policy=None, config_ref=True) -> dict:
    """A CFN template with a launch configuration ``config`` and a group ``group``."""
    group_properties = {"AvailabilityZones": [], **group}
    group_properties["LaunchConfigurationName"] = {"Ref": "config"} if config_ref else "config"
    group_type = (
        "OS::Heat::InstanceGroup" if "Size" in group else "AWS::AutoScaling::AutoScalingGroup"
    )
    resource = {"Type": group_type, "Properties": group_properties}
    if update_policy is not None:
        resource["UpdatePolicy"] = update_policy
    return {
        "AWSTemplateFormatVersion": "2010-09-09",
        "Resources": {
            "config": {
                "Type": "AWS::AutoScaling::LaunchConfiguration",
                "Properties": {"ImageId": image, "InstanceType": "small"},
                "Metadata": {"AWS::CloudFormation::Init": {"config": {}}},
            },
            "group": resource,
        },
        "Outputs": {"ips": {"Value": {"Fn::GetAtt": ["group", "InstanceList"]}}},
    }


def create(engine, context, tmpl):
    identity = engine.create_stack(context, "web", tmpl, ENVIRONMENT, FILES, {})
    return identity, wait_for(engine, context, identity, timeout=30)


def update(engine, context, identity, tmpl):
    engine.update_stack(context, identity, tmpl, ENVIRONMENT, FILES, {})
    return wait_for(engine, context, identity, timeout=30)


def member_outputs(engine, context, identity) -> list[dict]:
    group = engine.runtime.load_stack(context, identity)["group"]
    nested = group.nested()
    return [
        {key: member.FnGetAtt(key) for key in ("image", "tags", "subnet")}
        for member in nested.resources.values()
    ]


def output(stack, key):
    return {item["output_key"]: item.get("output_value") for item in stack["outputs"]}[key]


def test_an_instance_group_makes_size_instances_of_its_launch_configuration(engine, context):
    identity, stack = create(engine, context, template({"Size": 2}))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    found = member_outputs(engine, context, identity)
    assert [member["image"] for member in found] == ["cirros", "cirros"]
    # As upstream, the group's reference before it exists is its name.
    assert found[0]["tags"] == [{"Key": "metering.groupname", "Value": "group"}]
    assert output(stack, "ips") == "ip-small,ip-small"


def test_members_are_scaled_resources_with_the_configuration_metadata(engine, context):
    identity, _stack = create(engine, context, template({"Size": 1}))
    nested = engine.runtime.load_stack(context, identity)["group"].nested()
    (snippet,) = nested.t.section(nested.t.RESOURCES).values()
    assert snippet["type"] == "OS::Heat::ScaledResource"
    assert snippet["metadata"] == {"AWS::CloudFormation::Init": {"config": {}}}


def test_naming_the_configuration_without_a_reference_is_refused(engine, context):
    with pytest.raises(exception.StackValidationFailed, match="requires a reference"):
        create(engine, context, template({"Size": 1}, config_ref=False))


def test_a_resized_instance_group_keeps_its_oldest_members(engine, context):
    identity, _stack = create(engine, context, template({"Size": 1}))
    first = set(engine.runtime.load_stack(context, identity)["group"].nested().resources)
    stack = update(engine, context, identity, template({"Size": 3}))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    grown = set(engine.runtime.load_stack(context, identity)["group"].nested().resources)
    assert first < grown and len(grown) == 3


def test_an_autoscaling_group_starts_at_desired_capacity_in_its_subnet(engine, context):
    group = {"MinSize": 1, "MaxSize": 4, "DesiredCapacity": 3, "VPCZoneIdentifier": ["subnet-1"]}
    identity, stack = create(engine, context, template(group))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    found = member_outputs(engine, context, identity)
    assert [member["subnet"] for member in found] == ["subnet-1"] * 3
    keys = [tag["Key"] for tag in found[0]["tags"]]
    assert keys == ["metering.groupname", "metering.AutoScalingGroupName"]


@pytest.mark.parametrize(
    ("group", "message"),
    [
        ({"MinSize": 3, "MaxSize": 1}, "MinSize can not be greater than MaxSize"),
        ({"MinSize": 1, "MaxSize": 2, "DesiredCapacity": 5}, "DesiredCapacity must be between"),
        ({"MinSize": 1, "MaxSize": 2, "VPCZoneIdentifier": ["a", "b"]}, "VPCZoneIdentifier"),
    ],
)
def test_an_autoscaling_group_checks_its_bounds_and_subnets(engine, context, group, message):
    with pytest.raises(exception.HeatException, match=message):
        create(engine, context, template(group))


def test_an_autoscaling_group_is_adjusted_within_its_bounds(engine, context):
    identity, _stack = create(engine, context, template({"MinSize": 1, "MaxSize": 2}))
    group = engine.runtime.load_stack(context, identity)["group"]
    group.adjust(5, "ChangeInCapacity", cooldown_secs=0)
    assert group.current_size() == 2
    assert group.FnGetAtt("InstanceList") == "ip-small,ip-small"


def test_a_new_configuration_rolls_out_in_batches_with_the_update_policy(engine, context):
    policy = {"AutoScalingRollingUpdate": {"MaxBatchSize": 1, "MinInstancesInService": 1}}
    group = {"MinSize": 2, "MaxSize": 3}
    identity, _stack = create(engine, context, template(group, update_policy=policy))
    stack = update(engine, context, identity, template(group, image="fedora", update_policy=policy))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    images = [member["image"] for member in member_outputs(engine, context, identity)]
    assert images == ["fedora", "fedora"]


def test_without_an_update_policy_only_new_members_get_a_new_configuration(engine, context):
    identity, _stack = create(engine, context, template({"MinSize": 1, "MaxSize": 3}))
    changed = template({"MinSize": 1, "MaxSize": 3, "DesiredCapacity": 2}, image="fedora")
    stack = update(engine, context, identity, changed)
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    images = sorted(member["image"] for member in member_outputs(engine, context, identity))
    assert images == ["cirros", "fedora"]


def test_a_pause_longer_than_an_hour_is_refused(engine, context):
    policy = {"AutoScalingRollingUpdate": {"PauseTime": "PT2H"}}
    with pytest.raises(exception.HeatException, match="Maximum PauseTime is 1 hour"):
        create(engine, context, template({"MinSize": 1, "MaxSize": 2}, update_policy=policy))


# A load balancer's nested stack needing no Nova: its LB_instance only keeps metadata.
BALANCER_TEMPLATE = {
    "AWSTemplateFormatVersion": "2010-09-09",
    "Parameters": {"SecurityGroups": {"Type": "CommaDelimitedList", "Default": []}},
    "Resources": {
        "LB_instance": {
            "Type": "OS::Heat::None",
            "Metadata": {
                "AWS::CloudFormation::Init": {
                    "config": {"files": {"/etc/haproxy/haproxy.cfg": {"content": ""}}}
                }
            },
        }
    },
}


@pytest.fixture
def balancer_template(conf, tmp_path):
    """heat.conf's loadbalancer_template (ask for it before the engine, which reads it)."""
    path = tmp_path / "lb.yaml"
    path.write_text(yaml.safe_dump(BALANCER_TEMPLATE))
    conf.set_override("loadbalancer_template", str(path))


def balanced(group: dict, balancer_names=("lb",)) -> dict:
    """template(group) with a load balancer ``lb`` the group names."""
    tmpl = template(dict(group, LoadBalancerNames=[{"Ref": name} for name in balancer_names]))
    listener = {"LoadBalancerPort": 80, "InstancePort": 8080, "Protocol": "HTTP"}
    tmpl["Resources"]["lb"] = {
        "Type": "AWS::ElasticLoadBalancing::LoadBalancer",
        "Properties": {"AvailabilityZones": [], "Listeners": [listener]},
    }
    return tmpl


def balanced_servers(engine, context, identity) -> list[str]:
    """The ``server`` lines' addresses in the balancer's HAProxy configuration."""
    balancer = engine.runtime.load_stack(context, identity)["lb"].nested()
    metadata = balancer["LB_instance"].metadata_get(refresh=True)
    content = metadata["AWS::CloudFormation::Init"]["config"]["files"]["/etc/haproxy/haproxy.cfg"]
    lines = content["content"].splitlines()
    return [line.split()[2] for line in lines if line.strip().startswith("server ")]


def member_refs(engine, context, identity) -> list[str]:
    nested = engine.runtime.load_stack(context, identity)["group"].nested()
    members = sorted(nested.resources.values(), key=lambda member: member.created_time)
    return [member.FnGetRefId() for member in members]


def test_the_group_gives_its_load_balancer_its_members_after_each_change(
    balancer_template, engine, context
):
    identity, stack = create(engine, context, balanced({"MinSize": 1, "MaxSize": 3}))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    (first,) = member_refs(engine, context, identity)
    assert balanced_servers(engine, context, identity) == ["address-of-%s:8080" % first]
    group = engine.runtime.load_stack(context, identity)["group"]
    group.adjust(1, "ChangeInCapacity", cooldown_secs=0)
    refs = member_refs(engine, context, identity)
    assert balanced_servers(engine, context, identity) == ["address-of-%s:8080" % r for r in refs]
    assert len(refs) == 2 and refs[0] == first
    stack = update(engine, context, identity, balanced({"MinSize": 1, "MaxSize": 1}))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    (kept,) = member_refs(engine, context, identity)
    assert balanced_servers(engine, context, identity) == ["address-of-%s:8080" % kept]


def test_a_group_naming_something_else_than_a_load_balancer_fails(
    balancer_template, engine, context
):
    _, stack = create(engine, context, balanced({"MinSize": 1, "MaxSize": 2}, ["config"]))
    assert stack["stack_status"] == "FAILED"
    assert "Unsupported resource 'web-config-" in stack["stack_status_reason"]
