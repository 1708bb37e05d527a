"""Octavia's administrators' types against the lab: flavor profiles and flavors,
availability zone profiles and zones, quotas; created, changed in place, deleted leaving
nothing in Octavia."""

import json

import pytest

from heat.common import exception


def flavors_template(name: str, description: str, data: dict, enabled: bool = True) -> dict:
    return {
        "heat_template_version": "2021-04-16",
        "resources": {
            "profile": {
                "type": "OS::Octavia::FlavorProfile",
                "properties": {
                    "name": name,
                    "provider_name": "amphora",
                    "flavor_data": json.dumps(data),
                },
            },
            "flavor": {
                "type": "OS::Octavia::Flavor",
                "properties": {
                    "name": name,
                    "flavor_profile": {"get_resource": "profile"},
                    "description": description,
                    "enabled": enabled,
                },
            },
        },
        "outputs": {
            "profile": {"value": {"get_resource": "profile"}},
            "flavor": {"value": {"get_resource": "flavor"}},
            "profile_id": {"value": {"get_attr": ["flavor", "flavor_profile_id"]}},
        },
    }


def test_a_flavor_and_its_profile_change_in_place_and_go(admin_stacks, admin_cloud, unique_name):
    balancer = admin_cloud.load_balancer
    single = {"loadbalancer_topology": "SINGLE"}
    identity = admin_stacks.create(flavors_template(unique_name, "one", single))
    action, status, reason = admin_stacks.state(identity)
    assert (action, status) == ("CREATE", "COMPLETE"), reason
    outputs = admin_stacks.outputs(identity)
    assert outputs["profile_id"] == outputs["profile"]
    flavor = balancer.get_flavor(outputs["flavor"])
    assert (flavor.name, flavor.description, flavor.is_enabled) == (unique_name, "one", True)
    assert flavor.flavor_profile_id == outputs["profile"]
    assert json.loads(balancer.get_flavor_profile(outputs["profile"]).flavor_data) == single

    changed = flavors_template(unique_name, "two", single, enabled=False)
    stack = admin_stacks.update(identity, changed)
    assert (stack["stack_action"], stack["stack_status"]) == ("UPDATE", "COMPLETE"), stack[
        "stack_status_reason"
    ]
    assert admin_stacks.outputs(identity) == outputs
    flavor = balancer.get_flavor(outputs["flavor"])
    assert (flavor.description, flavor.is_enabled) == ("two", False)

    admin_stacks.delete(identity)
    assert admin_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")
    assert balancer.find_flavor(outputs["flavor"]) is None
    assert balancer.find_flavor_profile(outputs["profile"]) is None


def zones_template(name: str, description: str, zone: str) -> dict:
    return {
        "heat_template_version": "2021-04-16",
        "resources": {
            "profile": {
                "type": "OS::Octavia::AvailabilityZoneProfile",
                "properties": {
                    "provider_name": "amphora",
                    "availability_zone_data": json.dumps({"compute_zone": zone}),
                },
            },
            "zone": {
                "type": "OS::Octavia::AvailabilityZone",
                "properties": {
                    "name": name,
                    "availability_zone_profile": {"get_resource": "profile"},
                    "description": description,
                },
            },
        },
        "outputs": {
            "profile": {"value": {"get_resource": "profile"}},
            "zone": {"value": {"get_resource": "zone"}},
            "profile_id": {"value": {"get_attr": ["zone", "availability_zone_profile_id"]}},
        },
    }


def test_an_availability_zone_and_its_profile_change_in_place_and_go(
    admin_stacks, admin_cloud, unique_name
):
    balancer = admin_cloud.load_balancer
    identity = admin_stacks.create(zones_template(unique_name, "one", "nova"))
    action, status, reason = admin_stacks.state(identity)
    assert (action, status) == ("CREATE", "COMPLETE"), reason
    outputs = admin_stacks.outputs(identity)
    assert outputs["zone"] == unique_name
    assert outputs["profile_id"] == outputs["profile"]
    zone = balancer.get_availability_zone(unique_name)
    assert (zone.description, zone.availability_zone_profile_id) == ("one", outputs["profile"])

    stack = admin_stacks.update(identity, zones_template(unique_name, "two", "nova"))
    assert (stack["stack_action"], stack["stack_status"]) == ("UPDATE", "COMPLETE"), stack[
        "stack_status_reason"
    ]
    assert admin_stacks.outputs(identity) == outputs
    assert balancer.get_availability_zone(unique_name).description == "two"

    admin_stacks.delete(identity)
    assert admin_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")
    assert balancer.find_availability_zone(unique_name) is None
    assert balancer.find_availability_zone_profile(outputs["profile"]) is None


def test_profiles_no_flavor_or_zone_uses_change_in_place(admin_stacks, admin_cloud, unique_name):
    """Octavia refuses (409) to change a profile that a flavor or zone uses."""
    balancer = admin_cloud.load_balancer

    def profiles(name: str, topology: str, zone: str) -> dict:
        template = flavors_template(name, "", {"loadbalancer_topology": topology})
        template["resources"]["zone_profile"] = zones_template(name, "", zone)["resources"][
            "profile"
        ]
        del template["resources"]["flavor"]
        template["outputs"] = {
            key: {"value": {"get_resource": key}} for key in ("profile", "zone_profile")
        }
        return template

    identity = admin_stacks.create(profiles(unique_name, "SINGLE", "nova"))
    assert admin_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    outputs = admin_stacks.outputs(identity)
    stack = admin_stacks.update(identity, profiles(unique_name + "-2", "ACTIVE_STANDBY", "az2"))
    assert (stack["stack_action"], stack["stack_status"]) == ("UPDATE", "COMPLETE"), stack[
        "stack_status_reason"
    ]
    assert admin_stacks.outputs(identity) == outputs
    profile = balancer.get_flavor_profile(outputs["profile"])
    assert profile.name == unique_name + "-2"
    assert json.loads(profile.flavor_data) == {"loadbalancer_topology": "ACTIVE_STANDBY"}
    zone_profile = balancer.get_availability_zone_profile(outputs["zone_profile"])
    assert json.loads(zone_profile.availability_zone_data) == {"compute_zone": "az2"}

    admin_stacks.delete(identity)
    assert balancer.find_flavor_profile(outputs["profile"]) is None
    assert balancer.find_availability_zone_profile(outputs["zone_profile"]) is None


def quota_template(project: str, **limits) -> dict:
    return {
        "heat_template_version": "2021-04-16",
        "resources": {
            "quota": {"type": "OS::Octavia::Quota", "properties": {"project": project, **limits}}
        },
    }


def test_a_projects_quota_is_set_changed_and_reset(admin_stacks, admin_cloud, lab_demo):
    balancer = admin_cloud.load_balancer
    before = balancer.get_quota(lab_demo.project_id)
    identity = admin_stacks.create(
        quota_template(lab_demo.project_name, loadbalancer=5, listener=7, member=-1)
    )
    action, status, reason = admin_stacks.state(identity)
    assert (action, status) == ("CREATE", "COMPLETE"), reason
    quota = balancer.get_quota(lab_demo.project_id)
    assert (quota.load_balancers, quota.listeners, quota.members) == (5, 7, -1)

    stack = admin_stacks.update(
        identity, quota_template(lab_demo.project_name, loadbalancer=3, pool=4)
    )
    assert (stack["stack_action"], stack["stack_status"]) == ("UPDATE", "COMPLETE"), stack[
        "stack_status_reason"
    ]
    quota = balancer.get_quota(lab_demo.project_id)
    assert (quota.load_balancers, quota.pools) == (3, 4)

    admin_stacks.delete(identity)
    assert admin_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")
    after = balancer.get_quota(lab_demo.project_id)
    assert (after.load_balancers, after.listeners, after.pools) == (
        before.load_balancers,
        before.listeners,
        before.pools,
    )


def test_a_quota_without_limits_is_refused_naming_them(admin_stacks, lab_demo):
    with pytest.raises(exception.StackValidationFailed) as refused:
        admin_stacks.create(quota_template(lab_demo.project_name))
    for name in ("healthmonitor", "listener", "loadbalancer", "member", "pool"):
        assert name in str(refused.value)


def test_a_load_balancer_goes_in_a_zone_of_the_stack(admin_stacks, admin_cloud, vip_subnet):
    zoned = zones_template("heat-zone-%s" % vip_subnet.id[:8], "zone", "nova")
    zoned["parameters"] = {"subnet": {"type": "string"}}
    zoned["resources"]["lb"] = {
        "type": "OS::Octavia::LoadBalancer",
        "properties": {
            "vip_subnet": {"get_param": "subnet"},
            "availability_zone": {"get_resource": "zone"},
        },
    }
    zoned["outputs"]["lb"] = {"value": {"get_resource": "lb"}}
    identity = admin_stacks.create(zoned, parameters={"subnet": vip_subnet.id})
    action, status, reason = admin_stacks.state(identity)
    assert (action, status) == ("CREATE", "COMPLETE"), reason
    outputs = admin_stacks.outputs(identity)
    lb = admin_cloud.load_balancer.get_load_balancer(outputs["lb"])
    assert lb.availability_zone == outputs["zone"]
    admin_stacks.delete(identity)
    assert admin_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")
    assert admin_cloud.load_balancer.find_load_balancer(outputs["lb"]) is None
    assert admin_cloud.load_balancer.find_availability_zone(outputs["zone"]) is None
