"""The order Neutron needs without a reference saying so: ports and servers after the
subnets of their networks, never at the price of a cycle the template did not write."""

from heat.engine.environment import Environment
from heat.engine.stack_definition import StackDefinition
from tests.unit.engine.template_helpers import REGISTRY, hot

NET = {"type": "OS::Neutron::Net"}


def subnet(network, cidr="10.0.0.0/24"):
    return {"type": "OS::Neutron::Subnet", "properties": {"network": network, "cidr": cidr}}


def edges(global_env, resources, parameters=None):
    environment = Environment({"parameters": parameters or {}})
    environment.registry = global_env.registry
    document = hot(resources=resources)
    if parameters:
        document["parameters"] = {name: {"type": "string"} for name in parameters}
    template = REGISTRY.load(document, env=environment)
    return sorted(StackDefinition(template, env=environment).dependency_graph().edges)


def test_a_port_waits_for_every_subnet_of_its_network(global_env):
    resources = {
        "net": NET,
        "other": NET,
        "v4": subnet({"get_resource": "net"}),
        "v6": subnet({"get_resource": "net"}, "fd00::/64"),
        "elsewhere": subnet({"get_resource": "other"}),
        "port": {"type": "OS::Neutron::Port", "properties": {"network": {"get_resource": "net"}}},
    }
    found = edges(global_env, resources)
    assert ("port", "v4") in found and ("port", "v6") in found
    assert ("port", "elsewhere") not in found


def test_values_match_once_resolved(global_env):
    resources = {
        "v4": subnet("private"),
        "port": {"type": "OS::Neutron::Port", "properties": {"network": {"get_param": "net"}}},
    }
    assert ("port", "v4") in edges(global_env, resources, {"net": "private"})
    assert ("port", "v4") not in edges(global_env, resources, {"net": "public"})


def test_a_server_waits_for_the_subnets_of_its_networks(global_env):
    server = {
        "type": "OS::Nova::Server",
        "properties": {
            "image": "cirros",
            "flavor": "m1.tiny",
            "networks": [{"network": {"get_resource": "net"}}],
        },
    }
    resources = {"net": NET, "sub": subnet({"get_resource": "net"}), "server": server}
    assert ("server", "sub") in edges(global_env, resources)


def test_an_implied_order_never_closes_a_cycle(global_env):
    port = {"type": "OS::Neutron::Port", "properties": {"network": "private"}}
    dependent_subnet = dict(subnet("private"), depends_on=["port"])
    found = edges(global_env, {"port": port, "sub": dependent_subnet})
    assert found == [("sub", "port")]
