"""Real-looking templates of tests/templates, parsed and validated through StackDefinition."""

import pytest

from heat.common import exception
from heat.engine.stack_definition import ResourceData
from tests.unit.engine.template_helpers import definition, environment, fixture, fixture_files


def multi_tier(**params):
    return definition(fixture("multi_tier_app.yaml"), params=params)


def test_multi_tier_app_validates():
    multi_tier().validate()


def test_multi_tier_app_in_staging_leaves_out_the_volume():
    stack = multi_tier()
    assert "db_volume" not in stack.resource_names
    assert "staging_banner" in stack.resource_names
    assert stack.outputs["db_volume"].get_value() is None


def test_multi_tier_app_in_production_has_the_volume():
    stack = multi_tier(environment="production", web_count="3")
    stack.validate()
    assert stack.resource_definitions["db_volume_attachment"].dependencies(stack) == [
        "db_server",
        "db_volume",
    ]
    assert stack.outputs["scaled_out"].get_value() == "scaled out"


def test_multi_tier_app_dependencies_follow_references_and_depends_on():
    stack = multi_tier()
    assert stack.resource_definitions["web_servers"].dependencies(stack) == [
        "router_interface",
        "network",
        "web_security_group",
        "db_server",
    ]


def test_multi_tier_app_resolves_functions_in_properties():
    stack = multi_tier()
    rules = stack.resource_definitions["web_security_group"].properties()["rules"]
    assert [rule["port_range_min"] for rule in rules] == ["80", "443"]
    assert stack.resource_definitions["subnet"].properties()["dns_nameservers"] == ["9.9.9.9"]


def test_multi_tier_app_refuses_a_value_outside_the_constraints():
    with pytest.raises(exception.StackValidationFailed, match="web_count"):
        multi_tier(web_count="11").validate()


def test_multi_tier_app_output_reads_resource_data():
    data = {"load_balancer": ResourceData("lb-1", {"vip_address": "192.0.2.10"})}
    stack = definition(fixture("multi_tier_app.yaml"), resource_data=data)
    assert stack.outputs["url"].get_value() == "https://192.0.2.10/"


def cfn(**params):
    return definition(fixture("cfn_mappings.json"), params=params)


def test_cfn_template_validates():
    cfn().validate()


def test_cfn_find_in_map_chooses_the_image():
    properties = cfn(InstanceType="m1.tiny").resource_definitions["WebServer"].properties()
    assert properties["ImageId"] == "F20-i386-cfntools"
    assert properties["AvailabilityZone"] == "nova"


def test_cfn_conditions_switch_resources_and_outputs():
    test_stack, prod_stack = cfn(), cfn(EnvType="prod")
    assert "DataVolume" not in test_stack.resource_names
    assert test_stack.outputs["VolumeId"].get_value() is None
    assert prod_stack.outputs["VolumeId"].get_value() == "DataVolume"
    assert prod_stack.condition("IsTest") is False


def test_cfn_dependencies_include_depends_on():
    stack = cfn(EnvType="prod")
    assert stack.resource_definitions["WaitCondition"].dependencies(stack) == [
        "WebServer",
        "WaitHandle",
    ]
    prod_deps = stack.resource_definitions["MountPoint"].dependencies(stack)
    assert prod_deps == ["WebServer", "DataVolume"]


def test_cfn_deletion_policy_is_kept():
    policy = cfn().resource_definitions["WaitCondition"].deletion_policy()
    assert policy == "Retain"


def provider(**kwargs):
    files = fixture_files("web_server.yaml", "motd.txt")
    return definition(
        fixture("provider_stack.yaml"), files=files, env=environment("provider_env.yaml"), **kwargs
    )


def test_provider_stack_validates():
    provider().validate()


def test_provider_type_is_mapped_by_the_environment():
    stack = provider()
    info = stack.env.registry.get_resource_info(stack["first"].type, "first")
    assert info.value == "web_server.yaml"


def test_provider_stack_takes_parameter_defaults_from_the_environment():
    properties = provider().resource_definitions["first"].properties()
    assert properties == {"image": "cirros-0.6", "flavor": "m1.tiny", "network": "network"}


def test_provider_template_validates_with_the_properties_as_parameters():
    parent = provider()
    properties = parent.resource_definitions["second"].properties()
    nested = definition(
        fixture("web_server.yaml"), params=properties, files=fixture_files("motd.txt")
    )
    nested.validate()
    server = nested.resource_definitions["server"].properties()
    assert server["user_data"] == "Welcome, served on 8080\n"


def test_provider_stack_reads_files():
    assert provider().outputs["config"].get_value() == "Welcome, served on PORT\n"


def autoscaling():
    return definition(fixture("autoscaling.yaml"))


def test_autoscaling_template_validates():
    autoscaling().validate()


def test_autoscaling_alarms_depend_on_their_policies():
    stack = autoscaling()
    graph = stack.dependency_graph()
    assert sorted(graph.successors("cpu_alarm_high")) == ["scale_out_policy"]
    assert sorted(graph.successors("scale_out_policy")) == ["group"]


def test_autoscaling_alarm_reads_the_policy_attribute():
    stack = autoscaling()
    assert stack.resource_definitions["cpu_alarm_low"].dep_attrs("scale_in_policy") == {
        ("alarm_url",)
    }
