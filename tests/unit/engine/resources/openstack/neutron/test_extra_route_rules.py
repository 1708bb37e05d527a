"""The rules of the extra route types that need no Neutron: routes the router has
already are refused, a set changes route by route, and what delete tolerates."""

import pytest

from heat.common import exception
from tests.unit.engine.resources.openstack.neutron.fake_neutron import (
    FakeNeutron,
    not_found,
    resource,
)

ROUTE_SET, ROUTE = "OS::Neutron::ExtraRouteSet", "OS::Neutron::ExtraRoute"
A = {"destination": "10.1.0.0/24", "nexthop": "10.0.0.5"}
B = {"destination": "10.2.0.0/24", "nexthop": "10.0.0.6"}
C = {"destination": "fd00:3::/64", "nexthop": "fd00::7"}


def router_with(*routes) -> FakeNeutron:
    return FakeNeutron({("get", "/routers/r-id"): {"router": {"routes": list(routes)}}})


def test_a_set_adds_its_routes_at_once_and_is_the_router(neutron_engine):
    routes = resource(neutron_engine, ROUTE_SET, router_with(), router="r", routes=[B, A])
    routes.handle_create()
    assert routes.request.writes() == [
        ("put", "/routers/r-id/add_extraroutes", {"router": {"routes": [A, B]}})
    ]
    assert routes.resource_id == "r-id"


def test_a_set_refuses_a_route_the_router_has_already(neutron_engine):
    routes = resource(neutron_engine, ROUTE_SET, router_with(B), router="r", routes=[A, B])
    with pytest.raises(exception.PhysicalResourceExists, match="r-id,10.2.0.0/24=10.0.0.6"):
        routes.handle_create()
    assert routes.request.writes() == []


def test_an_update_removes_the_routes_left_out_then_adds_the_new_ones(neutron_engine):
    routes = resource(
        neutron_engine,
        ROUTE_SET,
        router_with(A, B),
        previous={"router": "r", "routes": [A, B]},
        router="r",
        routes=[B, C],
    )
    routes.handle_update(None, {}, {"routes": [B, C]})
    assert routes.request.writes() == [
        ("put", "/routers/r-id/remove_extraroutes", {"router": {"routes": [A]}}),
        ("put", "/routers/r-id/add_extraroutes", {"router": {"routes": [C]}}),
    ]


def test_an_update_refuses_a_new_route_the_router_has_from_elsewhere(neutron_engine):
    routes = resource(
        neutron_engine,
        ROUTE_SET,
        router_with(A, C),
        previous={"router": "r", "routes": [A]},
        router="r",
        routes=[A, C],
    )
    with pytest.raises(exception.PhysicalResourceExists, match="fd00:3::/64"):
        routes.handle_update(None, {}, {"routes": [A, C]})
    assert routes.request.writes() == []


def test_deleting_a_set_removes_its_routes_and_tolerates_the_router_gone(neutron_engine):
    neutron = FakeNeutron({("put", "/routers/r-id/remove_extraroutes"): not_found()})
    routes = resource(neutron_engine, ROUTE_SET, neutron, router="r", routes=[A])
    routes.resource_id = "r-id"
    routes.handle_delete()
    assert neutron.writes() == [
        ("put", "/routers/r-id/remove_extraroutes", {"router": {"routes": [A]}})
    ]


def test_a_set_missing_a_route_fails_its_check(neutron_engine):
    routes = resource(neutron_engine, ROUTE_SET, router_with(A), router="r", routes=[A, B])
    with pytest.raises(exception.Error, match="lost the routes"):
        routes.handle_check()


def test_a_sets_live_routes_are_its_own_the_router_still_has(neutron_engine):
    routes = resource(neutron_engine, ROUTE_SET, router="r", routes=[A, B])
    live = routes.parse_live_resource_data(routes.properties, {"routes": [C, B]})
    assert live == {"routes": [B]}


def test_a_route_is_added_atomically_when_neutron_can(neutron_engine):
    route = resource(
        neutron_engine, ROUTE, router_with(B), extensions=("extraroute-atomic",), router_id="r", **A
    )
    route.handle_create()
    assert route.request.writes() == [
        ("put", "/routers/r-id/add_extraroutes", {"router": {"routes": [A]}})
    ]
    assert route.resource_id == "r-id:10.1.0.0/24:10.0.0.5"


def test_a_route_is_written_with_the_routers_others_otherwise(neutron_engine):
    route = resource(neutron_engine, ROUTE, router_with(B), router_id="r", **A)
    route.handle_create()
    assert route.request.writes() == [("put", "/routers/r-id", {"router": {"routes": [A, B]}})]


def test_a_route_the_router_has_already_is_refused(neutron_engine):
    route = resource(neutron_engine, ROUTE, router_with(A), router_id="r", **A)
    with pytest.raises(exception.Error, match="duplicates an existing route"):
        route.handle_create()


def test_deleting_a_route_the_router_lost_asks_nothing_more(neutron_engine):
    route = resource(neutron_engine, ROUTE, router_with(B), router_id="r", **A)
    route.resource_id = "r-id:10.1.0.0/24:10.0.0.5"
    route.handle_delete()
    assert route.request.writes() == []


def test_deleting_a_route_of_a_router_gone_is_no_error(neutron_engine):
    neutron = FakeNeutron({("get", "/routers/r-id"): not_found()})
    route = resource(neutron_engine, ROUTE, neutron, router_id="r", **A)
    route.resource_id = "r-id:10.1.0.0/24:10.0.0.5"
    route.handle_delete()
    assert neutron.writes() == []


def test_a_replaced_copy_removes_the_routes_it_recorded_not_its_successors(neutron_engine):
    routes = resource(neutron_engine, ROUTE_SET, router_with(), router="r", routes=[A])
    routes.handle_create()
    copy = resource(neutron_engine, ROUTE_SET, router_with(A), router="r", routes=[B])
    copy.id, copy.resource_id = routes.id, routes.resource_id
    copy.handle_delete()
    assert copy.request.writes() == [
        ("put", "/routers/r-id/remove_extraroutes", {"router": {"routes": [A]}})
    ]


def test_a_set_replaced_removes_its_routes_first_and_then_owns_nothing(neutron_engine):
    routes = resource(neutron_engine, ROUTE_SET, router_with(), router="r", routes=[A])
    routes.handle_create()
    routes.prepare_for_replace()
    assert routes.request.writes()[-1] == (
        "put",
        "/routers/r-id/remove_extraroutes",
        {"router": {"routes": [A]}},
    )
    assert routes.resource_id is None
