"""The order floating IPs and extra routes need without a reference saying so: after the
routers that reach their ports, and after the interfaces of their router."""

from heat.engine.environment import Environment
from heat.engine.stack_definition import ResourceData, StackDefinition
from tests.unit.engine.template_helpers import REGISTRY, hot

GET_NET, GET_PORT, GET_ROUTER = (
    {"get_resource": "net"},
    {"get_resource": "port"},
    {"get_resource": "router"},
)


def edges(global_env, resources, resource_data=None):
    environment = Environment({})
    environment.registry = global_env.registry
    template = REGISTRY.load(hot(resources=resources), env=environment)
    definition = StackDefinition(template, env=environment, resource_data=resource_data)
    return sorted(definition.dependency_graph().edges)


def of_type(type_name, **properties):
    return {"type": "OS::Neutron::" + type_name, "properties": properties}


def network(cidr="10.0.0.0/24"):
    """A network, its subnet and a port of it (on the subnet by its fixed IP)."""
    return {
        "net": of_type("Net"),
        "sub": of_type("Subnet", network=GET_NET, cidr=cidr),
        "port": of_type("Port", network=GET_NET, fixed_ips=[{"subnet": {"get_resource": "sub"}}]),
    }


def interface(subnet, router=GET_ROUTER):
    return of_type("RouterInterface", router=router, subnet=subnet)


def test_a_floating_ip_waits_for_the_routers_with_a_gateway_on_its_network(global_env):
    resources = {
        "router": of_type("Router", external_gateway_info={"network": "public"}),
        "elsewhere": of_type("Router", external_gateway_info={"network": "other"}),
        "gateway": of_type("RouterGateway", router_id="r1", network="public"),
        "fip": of_type("FloatingIP", floating_network="public"),
    }
    found = edges(global_env, resources)
    assert ("fip", "router") in found and ("fip", "gateway") in found
    assert ("fip", "elsewhere") not in found


def test_old_templates_floating_network_id_is_matched_too(global_env):
    resources = {
        "router": of_type("Router", external_gateway_info={"network": "public"}),
        "fip": of_type("FloatingIP", floating_network_id="public"),
    }
    assert ("fip", "router") in edges(global_env, resources)


def test_a_floating_ip_waits_for_the_subnets_of_its_network(global_env):
    resources = {
        "ext": of_type("Net"),
        "ext_sub": of_type("Subnet", network={"get_resource": "ext"}, cidr="172.30.0.0/24"),
        "fip": of_type("FloatingIP", floating_network={"get_resource": "ext"}),
    }
    assert ("fip", "ext_sub") in edges(global_env, resources)


def test_a_floating_ip_waits_for_the_interface_on_its_ports_subnet(global_env):
    resources = {
        **network(),
        "other_sub": of_type("Subnet", network=GET_NET, cidr="10.0.1.0/24"),
        "router": of_type("Router", external_gateway_info={"network": "public"}),
        "interface": interface({"get_resource": "sub"}),
        "other": interface({"get_resource": "other_sub"}),
        "fip": of_type("FloatingIP", floating_network="public", port_id=GET_PORT),
    }
    found = edges(global_env, resources)
    assert ("fip", "interface") in found and ("fip", "other") not in found


def test_a_port_without_fixed_ips_is_on_the_subnets_of_its_network(global_env):
    resources = {
        **network(),
        "far": of_type("Net"),
        "far_sub": of_type("Subnet", network={"get_resource": "far"}, cidr="10.5.0.0/24"),
        "router": of_type("Router"),
        "interface": interface({"get_resource": "sub"}),
        "far_interface": interface({"get_resource": "far_sub"}),
        "made_elsewhere": interface("existing-subnet"),
        "fip": of_type("FloatingIP", floating_network="public", port_id=GET_PORT),
    }
    del resources["port"]["properties"]["fixed_ips"]
    found = edges(global_env, resources)
    assert ("fip", "interface") in found and ("fip", "far_interface") not in found
    # A subnet made elsewhere may be on the port's network: waiting is the safe side.
    assert ("fip", "made_elsewhere") in found


def test_a_port_is_matched_by_its_physical_id_once_it_exists(global_env):
    resources = {
        **network(),
        "router": of_type("Router"),
        "interface": interface({"get_resource": "sub"}),
        "fip": of_type("FloatingIP", floating_network="public", port_id=GET_PORT),
    }
    data = {"port": ResourceData(reference_id="port-uuid"), "sub": ResourceData("sub-uuid")}
    assert ("fip", "interface") in edges(global_env, resources, data)


def test_a_port_made_elsewhere_waits_for_no_interface(global_env):
    resources = {
        **network(),
        "router": of_type("Router"),
        "interface": interface({"get_resource": "sub"}),
        "fip": of_type("FloatingIP", floating_network="public", port_id="existing-port"),
    }
    assert ("fip", "interface") not in edges(global_env, resources)


def test_associations_and_port_forwardings_wait_for_the_interface_on_the_ports_subnet(
    global_env,
):
    resources = {
        **network(),
        "router": of_type("Router"),
        "interface": interface({"get_resource": "sub"}),
        "association": of_type("FloatingIPAssociation", floatingip_id="f", port_id=GET_PORT),
        "forward": of_type(
            "FloatingIPPortForward",
            floating_ip="f",
            internal_port=GET_PORT,
            internal_ip_address="10.0.0.5",
            external_port=22,
            protocol="tcp",
        ),
    }
    found = edges(global_env, resources)
    assert ("association", "interface") in found and ("forward", "interface") in found


def test_a_route_set_waits_for_the_interfaces_of_its_router_only(global_env):
    resources = {
        **network(),
        "router": of_type("Router"),
        "interface": interface({"get_resource": "sub"}),
        "elsewhere": interface({"get_resource": "sub"}, router="another-router"),
        "routes": of_type("ExtraRouteSet", router=GET_ROUTER, routes=[]),
    }
    found = edges(global_env, resources)
    assert ("routes", "interface") in found and ("routes", "elsewhere") not in found


def test_a_route_waits_for_the_interfaces_and_gateways_of_its_router(global_env):
    resources = {
        **network(),
        "router": of_type("Router"),
        "interface": interface({"get_resource": "sub"}),
        "gateway": of_type("RouterGateway", router_id=GET_ROUTER, network="public"),
        "route": of_type(
            "ExtraRoute", router_id=GET_ROUTER, destination="10.9.0.0/24", nexthop="10.0.0.9"
        ),
    }
    found = edges(global_env, resources)
    assert ("route", "interface") in found and ("route", "gateway") in found
