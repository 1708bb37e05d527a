"""The rules of the router types that need no Neutron: agents and flags that cannot go
together, exactly one end of an interface, interface ids old and new, and the order a
gateway implies."""

import pytest

from heat.common import exception
from heat.engine.resources.openstack.neutron.routing.router_interface import parse_interface_id
from tests.unit.engine.resources.openstack.neutron.conftest import rules_resource
from tests.unit.engine.resources.openstack.neutron.test_implied_requirements import edges


def resource(neutron_engine, type_name, **properties):
    return rules_resource(neutron_engine, type_name, **properties)


@pytest.mark.parametrize(
    "properties, message",
    [
        ({"l3_agent_id": "a", "l3_agent_ids": ["a"]}, "l3_agent_id, l3_agent_ids"),
        ({"distributed": True, "l3_agent_ids": ["a"]}, "distributed, l3_agent_id/l3_agent_ids"),
        ({"distributed": True, "ha": True}, "distributed, ha"),
        ({"l3_agent_ids": ["a", "b"]}, "Non HA routers can only have one L3 agent"),
    ],
)
def test_router_flags_and_agents_that_cannot_go_together(neutron_engine, properties, message):
    router = resource(neutron_engine, "OS::Neutron::Router", **properties)
    with pytest.raises(exception.HeatException, match=message):
        router.validate()


def test_an_ha_router_may_have_several_agents(neutron_engine):
    resource(neutron_engine, "OS::Neutron::Router", ha=True, l3_agent_ids=["a", "b"]).validate()


@pytest.mark.parametrize(
    "properties, error",
    [
        ({"router": "r"}, exception.PropertyUnspecifiedError),
        ({"router": "r", "subnet": "s", "port": "p"}, exception.ResourcePropertyConflict),
        ({"router": "r", "subnet": "s", "subnet_id": "s"}, exception.ResourcePropertyConflict),
    ],
)
def test_an_interface_has_exactly_one_end(neutron_engine, properties, error):
    with pytest.raises(error):
        resource(neutron_engine, "OS::Neutron::RouterInterface", **properties).validate()


def test_hidden_interface_properties_give_their_value_to_the_new_ones(neutron_engine):
    interface = resource(neutron_engine, "OS::Neutron::RouterInterface", router_id="r", port_id="p")
    assert (interface.properties["router"], interface.properties["port"]) == ("r", "p")


@pytest.mark.parametrize(
    "physical_id, parsed",
    [
        ("r1:subnet_id=s1", ("r1", "subnet_id", "s1")),
        ("r1:port_id=p1", ("r1", "port_id", "p1")),
        ("r1:s1", ("r1", "subnet_id", "s1")),
    ],
)
def test_interface_ids_of_today_and_of_old(physical_id, parsed):
    assert parse_interface_id(physical_id) == parsed


def test_a_router_waits_for_the_subnets_of_its_external_network(global_env):
    resources = {
        "ext": {
            "type": "OS::Neutron::Subnet",
            "properties": {"network": "public", "cidr": "1.0.0.0/24"},
        },
        "other": {
            "type": "OS::Neutron::Subnet",
            "properties": {"network": "x", "cidr": "2.0.0.0/24"},
        },
        "router": {
            "type": "OS::Neutron::Router",
            "properties": {"external_gateway_info": {"network": "public"}},
        },
    }
    assert edges(global_env, resources) == [("router", "ext")]


def test_an_old_gateway_waits_for_its_routers_interfaces(global_env):
    resources = {
        "router": {"type": "OS::Neutron::Router"},
        "interface": {
            "type": "OS::Neutron::RouterInterface",
            "properties": {"router": {"get_resource": "router"}, "subnet": "s"},
        },
        "gateway": {
            "type": "OS::Neutron::RouterGateway",
            "properties": {"router_id": {"get_resource": "router"}, "network": "public"},
        },
    }
    assert ("gateway", "interface") in edges(global_env, resources)
