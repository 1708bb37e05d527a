"""AWS::ElasticLoadBalancing::LoadBalancer without Nova: validation, the nested stack's
template and parameters, attributes, and the HAProxy configuration text. (Balancing real
instances, and a group reloading its balancer, are tests of the lab.)"""

import pytest
import yaml

from heat.common import exception
from heat.engine.resources.aws.lb import haproxy_config
from tests.unit.engine.stacks.conftest import create, wait_for

LISTENER = {"LoadBalancerPort": 80, "InstancePort": 8080, "Protocol": "HTTP"}
HEALTH_CHECK = {
    "HealthyThreshold": 3,
    "Interval": 10,
    "Target": "HTTP:80/",
    "Timeout": 5,
    "UnhealthyThreshold": 5,
}
# A stand-in for the built-in nested stack: its instance is a resource needing no Nova.
CUSTOM_TEMPLATE = {
    "AWSTemplateFormatVersion": "2010-09-09",
    "Parameters": {
        "KeyName": {"Type": "String"},
        "LbFlavor": {"Type": "String", "Default": "m1.small"},
        "SecurityGroups": {"Type": "CommaDelimitedList", "Default": []},
    },
    "Resources": {
        "LB_instance": {
            "Type": "OS::Heat::Value",
            "Metadata": {
                "AWS::CloudFormation::Init": {
                    "config": {"files": {"/etc/haproxy/haproxy.cfg": {"content": ""}}}
                }
            },
            "Properties": {"value": {"Fn::Join": ["/", ["192.0.2.7", {"Ref": "LbFlavor"}]]}},
        }
    },
    "Outputs": {"PublicIp": {"Value": {"Fn::GetAtt": ["LB_instance", "value"]}}},
}


def balancer_template(parameters=(), **properties) -> dict:
    """A CFN template with one load balancer ``lb`` and the parent ``parameters`` named."""
    lb_properties = {"AvailabilityZones": [], "Listeners": [LISTENER], **properties}
    return {
        "AWSTemplateFormatVersion": "2010-09-09",
        "Parameters": {name: {"Type": "String", "Default": "given"} for name in parameters},
        "Resources": {
            "lb": {"Type": "AWS::ElasticLoadBalancing::LoadBalancer", "Properties": lb_properties}
        },
        "Outputs": {
            "dns": {"Value": {"Fn::GetAtt": ["lb", "DNSName"]}},
            "zone": {"Value": {"Fn::GetAtt": ["lb", "CanonicalHostedZoneName"]}},
            "ref": {"Value": {"Ref": "lb"}},
        },
    }


@pytest.fixture
def custom_template(conf, tmp_path):
    """heat.conf's loadbalancer_template names CUSTOM_TEMPLATE (ask for it before the
    engine, which reads the option when it starts)."""
    path = tmp_path / "lb.yaml"
    path.write_text(yaml.safe_dump(CUSTOM_TEMPLATE))
    conf.set_override("loadbalancer_template", str(path))
    return path


def outputs(stack) -> dict:
    return {item["output_key"]: item.get("output_value") for item in stack["outputs"]}


def nested_template(engine, context, identity) -> dict:
    nested = engine.describe_stack_resource(context, identity, "lb")["nested_stack_id"]
    return engine.get_template(context, nested)


def test_a_health_check_interval_shorter_than_its_timeout_is_refused(
    custom_template, engine, context
):
    template = balancer_template(HealthCheck=dict(HEALTH_CHECK, Interval=2))
    with pytest.raises(exception.StackValidationFailed) as raised:
        engine.create_stack(context, "web", template, {}, {}, {})
    assert str(raised.value) == "{'Error': 'Interval must be larger than Timeout'}"


@pytest.fixture
def missing_template(conf, tmp_path):
    conf.set_override("loadbalancer_template", str(tmp_path / "missing.yaml"))


def test_a_custom_template_that_cannot_be_read_is_refused(missing_template, engine, context):
    with pytest.raises(exception.StackValidationFailed) as raised:
        engine.create_stack(context, "web", balancer_template(), {}, {}, {})
    assert str(raised.value) == "Custom LoadBalancer template can not be found"


def test_the_nested_stack_gets_the_parents_parameters_and_its_ip_is_the_dns_name(
    custom_template, engine, context
):
    identity, stack = create(engine, context, balancer_template(["KeyName", "LbFlavor"]))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    shown = outputs(stack)
    assert shown["dns"] == "192.0.2.7/given"
    assert shown["zone"] == ""
    assert shown["ref"] == "lb"
    assert "KeyName" in nested_template(engine, context, identity)["Parameters"]


def test_without_a_key_name_parameter_the_instance_gets_no_key(custom_template, engine, context):
    identity, stack = create(engine, context, balancer_template())
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert outputs(stack)["dns"] == "192.0.2.7/m1.small"
    nested = nested_template(engine, context, identity)
    assert "KeyName" not in nested["Parameters"]


def test_the_built_in_template_names_what_upstreams_does():
    from heat.engine.resources.aws.lb import load_balancer

    template = yaml.safe_load(load_balancer.BUILT_IN_TEMPLATE.read_text())
    assert set(template["Resources"]) == {
        "latency_watcher",
        "CfnLBUser",
        "CfnLBAccessKey",
        "LB_instance",
        "WaitHandle",
        "WaitCondition",
    }
    assert set(template["Parameters"]) == {
        "KeyName",
        "LbImageId",
        "LbFlavor",
        "LBTimeout",
        "SecurityGroups",
    }
    files = template["Resources"]["LB_instance"]["Metadata"]["AWS::CloudFormation::Init"]
    assert "/etc/haproxy/haproxy.cfg" in files["config"]["files"]
    assert list(template["Outputs"]) == ["PublicIp"]


def test_deleting_the_balancer_deletes_its_nested_stack(custom_template, engine, context):
    identity, _ = create(engine, context, balancer_template())
    nested = engine.describe_stack_resource(context, identity, "lb")["nested_stack_id"]
    engine.delete_stack(context, identity)
    wait_for(engine, context, identity)
    assert engine.list_stacks(context, filters={"id": nested["stack_id"]}) == []


EXPECTED_CONFIG = """
global
    daemon
    maxconn 256
    stats socket /tmp/.haproxy-stats

defaults
    mode http
    timeout connect 5000ms
    timeout client 50000ms
    timeout server 50000ms

frontend http
    bind *:80
    default_backend servers

backend servers
    balance roundrobin
    option http-server-close
    option forwardfor
    option httpchk
    timeout check 5s
    server server1 10.0.0.5:8080 check inter 10s fall 5 rise 3
    server server2 0.0.0.0:8080 check inter 10s fall 5 rise 3
"""


def test_the_haproxy_configuration_is_upstreams_text():
    """The text OpenStack Heat 27 writes for two members (one with no address) and a
    health check."""
    assert haproxy_config.render([LISTENER], HEALTH_CHECK, ["10.0.0.5", None]) == EXPECTED_CONFIG


def test_without_a_health_check_the_servers_are_not_checked():
    text = haproxy_config.render([LISTENER, dict(LISTENER, LoadBalancerPort=81)], None, ["a"])
    assert text.endswith("    option httpchk\n\n    server server1 a:8080\n")
    assert "bind *:80\n" in text and "*:81" not in text
