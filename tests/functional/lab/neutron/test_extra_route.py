"""OS::Neutron::ExtraRouteSet and the unsupported OS::Neutron::ExtraRoute against the lab's
Neutron: routes added, changed in place route by route, moved to another router by
replacement, refused when the router has them already, checked and removed outside heat.
No template states that the routes come after the router's interfaces: the types imply
it (a next hop must be on one of the router's subnets)."""

from tests.functional.lab.neutron.conftest import stack_template

A = {"destination": "10.20.0.0/24", "nexthop": "10.13.0.5"}
B = {"destination": "10.21.0.0/24", "nexthop": "10.13.0.6"}
C = {"destination": "10.22.0.0/24", "nexthop": "10.13.1.7"}


def template(routes: dict | None = None, route: dict | None = None) -> dict:
    """Two routers, ``router`` on 10.13.0.0/24 and ``router2`` on 10.13.1.0/24, with the
    route set ``routes`` or the route ``route`` (each a resource's properties)."""
    resources: dict = {"net": {"type": "OS::Neutron::Net"}}
    for suffix, cidr in (("", "10.13.0.0/24"), ("2", "10.13.1.0/24")):
        resources["subnet" + suffix] = {
            "type": "OS::Neutron::Subnet",
            "properties": {"network": {"get_resource": "net"}, "cidr": cidr},
        }
        resources["router" + suffix] = {"type": "OS::Neutron::Router"}
        resources["interface" + suffix] = {
            "type": "OS::Neutron::RouterInterface",
            "properties": {
                "router": {"get_resource": "router" + suffix},
                "subnet": {"get_resource": "subnet" + suffix},
            },
        }
    outputs = {"router": {"get_resource": "router"}, "router2": {"get_resource": "router2"}}
    if routes is not None:
        resources["routes"] = {"type": "OS::Neutron::ExtraRouteSet", "properties": routes}
        outputs["routes"] = {"get_resource": "routes"}
    if route is not None:
        resources["route"] = {"type": "OS::Neutron::ExtraRoute", "properties": route}
        outputs["route"] = {"get_resource": "route"}
    return stack_template(resources, outputs)


def on(router: str, *routes: dict) -> dict:
    return {"router": {"get_resource": router}, "routes": list(routes)}


def routes_of(cloud, router_id: str) -> list:
    return sorted(cloud.network.get_router(router_id).routes, key=lambda r: r["destination"])


def test_a_route_set_is_added_changed_in_place_and_removed(demo_stacks, demo_cloud):
    identity = demo_stacks.create(template(on("router", A)))
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE"), demo_stacks.state(identity)
    outputs = demo_stacks.outputs(identity)
    assert outputs["routes"] == outputs["router"]
    assert routes_of(demo_cloud, outputs["router"]) == [A]

    stack = demo_stacks.update(identity, template(on("router", B)))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert routes_of(demo_cloud, outputs["router"]) == [B]
    assert demo_stacks.check(identity)["stack_status"] == "COMPLETE"

    # The router's other routes are not the set's: they stay through updates and delete.
    other = {"destination": "10.29.0.0/24", "nexthop": "10.13.0.9"}
    demo_cloud.network.add_extra_routes_to_router(
        outputs["router"], {"router": {"routes": [other]}}
    )
    stack = demo_stacks.update(identity, template(on("router", A, B)))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert routes_of(demo_cloud, outputs["router"]) == [A, B, other]
    stack = demo_stacks.update(identity, template(on("router")))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert routes_of(demo_cloud, outputs["router"]) == [other]
    demo_cloud.network.remove_extra_routes_from_router(
        outputs["router"], {"router": {"routes": [other]}}
    )
    demo_stacks.delete(identity)
    assert demo_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")
    assert demo_cloud.network.find_router(outputs["router"]) is None


def test_another_router_replaces_the_set(demo_stacks, demo_cloud):
    identity = demo_stacks.create(template(on("router", A)))
    outputs = demo_stacks.outputs(identity)
    stack = demo_stacks.update(identity, template(on("router2", C)))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert demo_stacks.outputs(identity)["routes"] == outputs["router2"]
    assert routes_of(demo_cloud, outputs["router"]) == []
    assert routes_of(demo_cloud, outputs["router2"]) == [C]
    demo_stacks.delete(identity)


def test_a_route_the_router_has_from_elsewhere_is_refused(demo_stacks, demo_cloud):
    owner = demo_stacks.create(template(on("router", A)))
    router_id = demo_stacks.outputs(owner)["router"]
    properties = {"router": router_id, "routes": [B, A]}
    intruder = demo_stacks.create(
        stack_template({"routes": {"type": "OS::Neutron::ExtraRouteSet", "properties": properties}})
    )
    action, status, reason = demo_stacks.state(intruder)
    assert (action, status) == ("CREATE", "FAILED") and "10.20.0.0/24=10.13.0.5" in reason
    assert routes_of(demo_cloud, router_id) == [A]
    demo_stacks.delete(intruder)
    assert routes_of(demo_cloud, router_id) == [A]
    demo_stacks.delete(owner)


def test_a_route_removed_outside_heat_fails_check_and_an_update_puts_it_back(
    demo_stacks, demo_cloud
):
    written = template(on("router", A, B))
    identity = demo_stacks.create(written)
    router_id = demo_stacks.outputs(identity)["router"]
    demo_cloud.network.remove_extra_routes_from_router(router_id, {"router": {"routes": [A]}})
    assert demo_stacks.check(identity)["stack_status"] == "FAILED"
    stack = demo_stacks.update(identity, written, converge=True)
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert routes_of(demo_cloud, router_id) == [A, B]
    demo_stacks.delete(identity)
    assert demo_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")


def test_a_single_route_is_added_replaced_and_removed(demo_stacks, demo_cloud):
    identity = demo_stacks.create(template(route={"router_id": {"get_resource": "router"}, **A}))
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE"), demo_stacks.state(identity)
    outputs = demo_stacks.outputs(identity)
    assert outputs["route"] == "%s:10.20.0.0/24:10.13.0.5" % outputs["router"]
    assert routes_of(demo_cloud, outputs["router"]) == [A]

    stack = demo_stacks.update(
        identity, template(route={"router_id": {"get_resource": "router"}, **B})
    )
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert routes_of(demo_cloud, outputs["router"]) == [B]

    demo_cloud.network.remove_extra_routes_from_router(
        outputs["router"], {"router": {"routes": [B]}}
    )
    assert demo_stacks.check(identity)["stack_status"] == "FAILED"
    demo_stacks.delete(identity)
    assert demo_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")
