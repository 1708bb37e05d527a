"""A whole load balancer against the lab's Octavia (amphora provider, noop drivers): listener,
pool, two members, health monitor, L7 policy and rule created, changed in place, deleted
without a trace; objects deleted outside heat; bad properties refused by name."""

import copy

import pytest

from heat.common import exception


def template(**changes) -> dict:
    """A load balancer with everything hanging from it; ``changes`` updates the properties
    of the resources they name."""
    resources = {
        "lb": {
            "type": "OS::Octavia::LoadBalancer",
            "properties": {"vip_subnet": {"get_param": "subnet"}, "description": "v1"},
        },
        "listener": {
            "type": "OS::Octavia::Listener",
            "properties": {
                "loadbalancer": {"get_resource": "lb"},
                "protocol": "HTTP",
                "protocol_port": 80,
            },
        },
        "pool": {
            "type": "OS::Octavia::Pool",
            "properties": {
                "listener": {"get_resource": "listener"},
                "protocol": "HTTP",
                "lb_algorithm": "ROUND_ROBIN",
            },
        },
        "monitor": {
            "type": "OS::Octavia::HealthMonitor",
            "properties": {
                "pool": {"get_resource": "pool"},
                "type": "HTTP",
                "delay": 5,
                "timeout": 3,
                "max_retries": 3,
                "url_path": "/health",
            },
        },
        "policy": {
            "type": "OS::Octavia::L7Policy",
            "properties": {
                "listener": {"get_resource": "listener"},
                "action": "REDIRECT_TO_URL",
                "redirect_url": "http://example.com/one",
            },
        },
        "rule": {
            "type": "OS::Octavia::L7Rule",
            "properties": {
                "l7policy": {"get_resource": "policy"},
                "type": "PATH",
                "compare_type": "STARTS_WITH",
                "value": "/old",
            },
        },
    }
    # Members have no subnet: with one, Octavia's noop network driver fails their deletion
    # (KeyError in the worker's CalculateDelta task), which a real network driver does not.
    for index, address in enumerate(("10.79.0.10", "10.79.0.11")):
        resources["member%d" % index] = {
            "type": "OS::Octavia::PoolMember",
            "properties": {
                "pool": {"get_resource": "pool"},
                "address": address,
                "protocol_port": 8080,
            },
        }
    resources = copy.deepcopy(resources)
    for name, properties in changes.items():
        resources[name]["properties"].update(properties)
    return {
        "heat_template_version": "2021-04-16",
        "parameters": {"subnet": {"type": "string"}},
        "resources": resources,
        "outputs": {
            **{name: {"value": {"get_resource": name}} for name in resources},
            "vip_address": {"value": {"get_attr": ["lb", "vip_address"]}},
            "vip_subnet_id": {"value": {"get_attr": ["lb", "vip_subnet_id"]}},
            "pool_members": {"value": {"get_attr": ["pool", "members"]}},
            "listener_pool": {"value": {"get_attr": ["listener", "default_pool_id"]}},
            "policy_rules": {"value": {"get_attr": ["policy", "rules"]}},
            "monitor_pools": {"value": {"get_attr": ["monitor", "pools"]}},
        },
    }


def gone(cloud, outputs: dict) -> bool:
    """Whether Octavia has nothing left of the stack's load balancer."""
    balancer = cloud.load_balancer
    return (
        balancer.find_load_balancer(outputs["lb"]) is None
        and balancer.find_listener(outputs["listener"]) is None
        and balancer.find_pool(outputs["pool"]) is None
        and balancer.find_health_monitor(outputs["monitor"]) is None
        and balancer.find_l7_policy(outputs["policy"]) is None
    )


def test_a_load_balancer_is_made_changed_in_place_and_deleted(demo_stacks, demo_cloud, vip_subnet):
    parameters = {"subnet": vip_subnet.name}
    identity = demo_stacks.create(template(), parameters=parameters)
    action, status, reason = demo_stacks.state(identity)
    assert (action, status) == ("CREATE", "COMPLETE"), reason
    outputs = demo_stacks.outputs(identity)
    balancer = demo_cloud.load_balancer
    lb = balancer.get_load_balancer(outputs["lb"])
    assert (lb.provisioning_status, lb.description) == ("ACTIVE", "v1")
    assert lb.vip_subnet_id == vip_subnet.id == outputs["vip_subnet_id"]
    assert outputs["vip_address"] == lb.vip_address
    assert balancer.get_listener(outputs["listener"]).default_pool_id == outputs["pool"]
    assert outputs["listener_pool"] == outputs["pool"]
    members = {m.id: m for m in balancer.members(outputs["pool"])}
    assert set(members) == {outputs["member0"], outputs["member1"]}
    assert {m.address for m in members.values()} == {"10.79.0.10", "10.79.0.11"}
    assert {m["id"] for m in outputs["pool_members"]} == set(members)
    assert balancer.get_health_monitor(outputs["monitor"]).url_path == "/health"
    assert outputs["monitor_pools"] == [{"id": outputs["pool"]}]
    assert [r["id"] for r in outputs["policy_rules"]] == [outputs["rule"]]

    changed = template(
        lb={"description": "v2"},
        listener={"connection_limit": 100},
        pool={"lb_algorithm": "LEAST_CONNECTIONS"},
        member1={"weight": 5},
        monitor={"delay": 7, "url_path": "/ready"},
        policy={"redirect_url": "http://example.com/two"},
        rule={"value": "/new"},
    )
    stack = demo_stacks.update(identity, changed, parameters=parameters)
    assert (stack["stack_action"], stack["stack_status"]) == ("UPDATE", "COMPLETE"), stack[
        "stack_status_reason"
    ]
    assert demo_stacks.outputs(identity) == outputs | {
        key: demo_stacks.outputs(identity)[key] for key in ("pool_members", "policy_rules")
    }
    assert balancer.get_load_balancer(outputs["lb"]).description == "v2"
    assert balancer.get_listener(outputs["listener"]).connection_limit == 100
    assert balancer.get_pool(outputs["pool"]).lb_algorithm == "LEAST_CONNECTIONS"
    assert balancer.get_member(outputs["member1"], outputs["pool"]).weight == 5
    monitor = balancer.get_health_monitor(outputs["monitor"])
    assert (monitor.delay, monitor.url_path) == (7, "/ready")
    assert balancer.get_l7_policy(outputs["policy"]).redirect_url == "http://example.com/two"
    assert balancer.get_l7_rule(outputs["rule"], outputs["policy"]).rule_value == "/new"
    assert balancer.get_load_balancer(outputs["lb"]).provisioning_status == "ACTIVE"

    demo_stacks.delete(identity)
    assert demo_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")
    assert gone(demo_cloud, outputs)


def test_a_listener_deleted_outside_heat_fails_check_and_the_stack_still_deletes(
    demo_stacks, demo_cloud, vip_subnet
):
    small = template()
    small["resources"] = {name: small["resources"][name] for name in ("lb", "listener")}
    small["outputs"] = {name: {"value": {"get_resource": name}} for name in ("lb", "listener")}
    identity = demo_stacks.create(small, parameters={"subnet": vip_subnet.id})
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    outputs = demo_stacks.outputs(identity)
    assert demo_stacks.check(identity)["stack_status"] == "COMPLETE"

    balancer = demo_cloud.load_balancer
    balancer.delete_listener(outputs["listener"])
    balancer.wait_for_load_balancer(outputs["lb"], wait=60)
    assert demo_stacks.check(identity)["stack_status"] == "FAILED"

    demo_stacks.delete(identity)
    assert demo_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")
    assert balancer.find_load_balancer(outputs["lb"]) is None


def test_an_app_cookie_without_its_name_is_refused_naming_the_property(demo_stacks, vip_subnet):
    bad = template(pool={"session_persistence": {"type": "APP_COOKIE"}})
    with pytest.raises(exception.StackValidationFailed) as refused:
        demo_stacks.create(bad, parameters={"subnet": vip_subnet.id})
    assert "cookie_name" in str(refused.value) and "APP_COOKIE" in str(refused.value)


def test_a_member_on_a_subnet_is_made_and_deleted(demo_stacks, demo_cloud, vip_subnet):
    """A member given a subnet (the lab's network driver reads subnets from Neutron, so
    Octavia's worker can delete it; its no-op driver alone put the member in ERROR)."""
    erring = template()
    erring["resources"] = {name: erring["resources"][name] for name in ("lb", "listener", "pool")}
    erring["resources"]["member"] = {
        "type": "OS::Octavia::PoolMember",
        "properties": {
            "pool": {"get_resource": "pool"},
            "address": "10.79.0.20",
            "protocol_port": 8080,
            "subnet": {"get_param": "subnet"},
        },
    }
    erring["outputs"] = {name: {"value": {"get_resource": name}} for name in ("lb", "member")}
    identity = demo_stacks.create(erring, parameters={"subnet": vip_subnet.name})
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    outputs = demo_stacks.outputs(identity)
    pool_id = demo_stacks.resource(identity, "pool")["physical_resource_id"]
    assert (
        demo_cloud.load_balancer.get_member(outputs["member"], pool_id).subnet_id == vip_subnet.id
    )

    demo_stacks.delete(identity)
    assert demo_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")
    assert demo_cloud.load_balancer.find_load_balancer(outputs["lb"], ignore_missing=True) is None


def lb_and_listener(port: int = 80) -> dict:
    small = template(listener={"protocol_port": port})
    small["resources"] = {name: small["resources"][name] for name in ("lb", "listener")}
    small["outputs"] = {name: {"value": {"get_resource": name}} for name in ("lb", "listener")}
    return small


def test_a_new_port_replaces_the_listener(demo_stacks, demo_cloud, vip_subnet):
    parameters = {"subnet": vip_subnet.id}
    identity = demo_stacks.create(lb_and_listener(80), parameters=parameters)
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    old = demo_stacks.outputs(identity)
    stack = demo_stacks.update(identity, lb_and_listener(81), parameters=parameters)
    assert (stack["stack_action"], stack["stack_status"]) == ("UPDATE", "COMPLETE"), stack[
        "stack_status_reason"
    ]
    new = demo_stacks.outputs(identity)
    assert new["lb"] == old["lb"] and new["listener"] != old["listener"]
    balancer = demo_cloud.load_balancer
    assert balancer.get_listener(new["listener"]).protocol_port == 81
    assert balancer.find_listener(old["listener"]) is None
    demo_stacks.delete(identity)
    assert balancer.find_load_balancer(old["lb"]) is None


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"listener": {"protocol": "TERMINATED_HTTPS"}}, ["default_tls_container_ref"]),
        ({"policy": {"action": "REJECT"}}, ["redirect_pool", "redirect_url", "REJECT"]),
        ({"policy": {"action": "REDIRECT_TO_POOL"}}, ["redirect_url", "REDIRECT_TO_URL"]),
        (
            {"policy": {"action": "REDIRECT_TO_URL", "redirect_url": None}},
            ["redirect_url", "REDIRECT_TO_URL"],
        ),
        ({"rule": {"type": "HEADER"}}, ["key", "HEADER", "COOKIE"]),
        ({"pool": {"listener": None}}, ["listener", "loadbalancer"]),
        (
            {"pool": {"session_persistence": {"type": "SOURCE_IP", "cookie_name": "c"}}},
            ["cookie_name", "SOURCE_IP"],
        ),
        ({"member0": {"weight": 300}}, ["weight"]),
        ({"monitor": {"max_retries": 11}}, ["max_retries"]),
    ],
)
def test_bad_properties_are_refused_naming_them(demo_stacks, vip_subnet, changes, words):
    bad = template(**changes)
    with pytest.raises(exception.StackValidationFailed) as refused:
        demo_stacks.create(bad, parameters={"subnet": vip_subnet.id})
    for word in words:
        assert word in str(refused.value)


def test_a_load_balancer_made_outside_heat_is_named_and_a_missing_one_refused(
    demo_stacks, demo_cloud, vip_subnet, unique_name
):
    balancer = demo_cloud.load_balancer
    lb = balancer.create_load_balancer(name=unique_name, vip_subnet_id=vip_subnet.id)
    try:
        balancer.wait_for_load_balancer(lb.id, wait=60)
        listener = lb_and_listener()
        del listener["resources"]["lb"], listener["outputs"]["lb"]
        listener["resources"]["listener"]["properties"]["loadbalancer"] = unique_name
        identity = demo_stacks.create(listener, parameters={"subnet": vip_subnet.id})
        assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
        made = balancer.get_listener(demo_stacks.outputs(identity)["listener"])
        assert made.load_balancers == [{"id": lb.id}]

        listener["resources"]["listener"]["properties"]["loadbalancer"] = unique_name + "-none"
        with pytest.raises(exception.StackValidationFailed) as refused:
            demo_stacks.create(listener, parameters={"subnet": vip_subnet.id})
        assert "The LoadBalancer (%s-none) could not be found" % unique_name in str(refused.value)
        demo_stacks.delete(identity)
        assert balancer.find_listener(made.id) is None
    finally:
        balancer.delete_load_balancer(lb.id, cascade=True)
        balancer.wait_for_delete(lb, wait=60)
