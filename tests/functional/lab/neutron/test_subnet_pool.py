"""OS::Neutron::AddressScope and OS::Neutron::SubnetPool against the lab's Neutron: a pool
in a scope named or identified, a subnet taking its CIDR from the pool by prefix length,
changes in place and by replacement, prefixes that may only grow, check, deleted outside
heat."""

import pytest

from heat.common import exception
from tests.functional.lab.neutron.conftest import stack_template

PREFIXES = ["10.61.0.0/16"]


def template(scope=None, pool=None, subnet=True) -> dict:
    """A scope, a pool in it (unless ``pool`` says otherwise) and a subnet of the pool."""
    resources = {
        "scope": {"type": "OS::Neutron::AddressScope", "properties": scope or {}},
        "pool": {
            "type": "OS::Neutron::SubnetPool",
            "properties": {
                "prefixes": PREFIXES,
                "address_scope": {"get_resource": "scope"},
                **(pool or {}),
            },
        },
    }
    outputs = {"scope": {"get_resource": "scope"}, "pool": {"get_resource": "pool"}}
    if subnet:
        resources["net"] = {"type": "OS::Neutron::Net"}
        resources["subnet"] = {
            "type": "OS::Neutron::Subnet",
            "properties": {
                "network": {"get_resource": "net"},
                "subnetpool": {"get_resource": "pool"},
                "prefixlen": 26,
            },
        }
        outputs["subnet"] = {"get_resource": "subnet"}
    return stack_template(resources, outputs)


def test_a_subnet_takes_its_cidr_from_a_pool_in_a_scope(demo_stacks, demo_cloud, unique_name):
    identity = demo_stacks.create(
        template(
            scope={"name": unique_name},
            pool={"default_quota": 1024, "min_prefixlen": 20, "max_prefixlen": 28, "tags": ["t"]},
        )
    )
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE"), demo_stacks.state(identity)
    outputs = demo_stacks.outputs(identity)
    scope = demo_cloud.network.get_address_scope(outputs["scope"])
    assert (scope.name, scope.ip_version, scope.is_shared) == (unique_name, 4, False)
    pool = demo_cloud.network.get_subnet_pool(outputs["pool"])
    assert pool.address_scope_id == scope.id and pool.prefixes == PREFIXES
    assert (pool.default_quota, pool.minimum_prefix_length, pool.maximum_prefix_length) == (
        1024,
        20,
        28,
    )
    assert pool.tags == ["t"] and "-pool-" in pool.name
    subnet = demo_cloud.network.get_subnet(outputs["subnet"])
    assert subnet.subnet_pool_id == pool.id
    assert subnet.cidr.startswith("10.61.") and subnet.cidr.endswith("/26")
    demo_stacks.delete(identity)
    assert demo_cloud.network.find_subnet_pool(outputs["pool"]) is None
    assert demo_cloud.network.find_address_scope(outputs["scope"]) is None


@pytest.fixture
def outside_scope(demo_cloud, unique_name):
    """An address scope of the demo project, made outside heat."""
    scope = demo_cloud.network.create_address_scope(name=unique_name + "-outside", ip_version=4)
    yield scope
    demo_cloud.network.delete_address_scope(scope, ignore_missing=True)


def test_a_pool_in_a_scope_named_in_the_template(demo_stacks, demo_cloud, outside_scope):
    identity = demo_stacks.create(
        template(pool={"address_scope": outside_scope.name}, subnet=False)
    )
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE"), demo_stacks.state(identity)
    pool = demo_cloud.network.get_subnet_pool(demo_stacks.outputs(identity)["pool"])
    assert pool.address_scope_id == outside_scope.id
    demo_stacks.delete(identity)


def test_names_prefixes_quota_and_scope_change_in_place(demo_stacks, demo_cloud, unique_name):
    identity = demo_stacks.create(template(subnet=False))
    outputs = demo_stacks.outputs(identity)
    grown = PREFIXES + ["10.62.0.0/16"]
    stack = demo_stacks.update(
        identity,
        template(
            scope={"name": unique_name},
            pool={
                "name": unique_name,
                "prefixes": grown,
                "default_quota": 512,
                "address_scope": None,
                "tags": ["u"],
            },
            subnet=False,
        ),
    )
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert demo_stacks.outputs(identity) == outputs
    assert demo_cloud.network.get_address_scope(outputs["scope"]).name == unique_name
    pool = demo_cloud.network.get_subnet_pool(outputs["pool"])
    assert (pool.name, sorted(pool.prefixes), pool.default_quota) == (unique_name, grown, 512)
    assert pool.address_scope_id is None and pool.tags == ["u"]
    demo_stacks.delete(identity)


def test_prefixes_losing_addresses_fail_the_update(demo_stacks, demo_cloud):
    identity = demo_stacks.create(template(subnet=False))
    stack = demo_stacks.update(
        identity, template(pool={"prefixes": ["10.63.0.0/16"]}, subnet=False)
    )
    assert stack["stack_status"] == "FAILED"
    assert "should be superset of existing value ['10.61.0.0/16']" in stack["stack_status_reason"]
    pool = demo_cloud.network.get_subnet_pool(demo_stacks.outputs(identity)["pool"])
    assert pool.prefixes == PREFIXES
    demo_stacks.delete(identity)


def scope_only(**properties) -> dict:
    return stack_template(
        {"scope": {"type": "OS::Neutron::AddressScope", "properties": properties}},
        {"scope": {"get_resource": "scope"}},
    )


def test_a_new_ip_version_replaces_the_scope(demo_stacks, demo_cloud):
    identity = demo_stacks.create(scope_only())
    old = demo_stacks.outputs(identity)["scope"]
    stack = demo_stacks.update(identity, scope_only(ip_version=6))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    new = demo_stacks.outputs(identity)["scope"]
    assert new != old and demo_cloud.network.find_address_scope(old) is None
    assert demo_cloud.network.get_address_scope(new).ip_version == 6
    demo_stacks.delete(identity)


def test_a_new_owner_replaces_the_pool(demo_stacks, demo_cloud, lab_demo):
    # Out of the scope: the new pool overlaps the old one while both exist.
    identity = demo_stacks.create(template(pool={"address_scope": None}, subnet=False))
    old = demo_stacks.outputs(identity)["pool"]
    owned = {"address_scope": None, "tenant_id": lab_demo.project_id}
    stack = demo_stacks.update(identity, template(pool=owned, subnet=False))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    new = demo_stacks.outputs(identity)["pool"]
    assert new != old and demo_cloud.network.find_subnet_pool(old) is None
    assert demo_cloud.network.get_subnet_pool(new).project_id == lab_demo.project_id
    demo_stacks.delete(identity)


def test_a_pool_deleted_outside_heat_fails_check_and_the_stack_still_deletes(
    demo_stacks, demo_cloud
):
    identity = demo_stacks.create(template(subnet=False))
    assert demo_stacks.check(identity)["stack_status"] == "COMPLETE"
    outputs = demo_stacks.outputs(identity)
    demo_cloud.network.delete_subnet_pool(outputs["pool"])
    assert demo_stacks.check(identity)["stack_status"] == "FAILED"
    demo_stacks.delete(identity)
    assert demo_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")
    assert demo_cloud.network.find_address_scope(outputs["scope"]) is None


def test_a_scope_deleted_outside_heat_fails_check(demo_stacks, demo_cloud):
    identity = demo_stacks.create(scope_only())
    demo_cloud.network.delete_address_scope(demo_stacks.outputs(identity)["scope"])
    assert demo_stacks.check(identity)["stack_status"] == "FAILED"
    demo_stacks.delete(identity)
    assert demo_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")


@pytest.mark.parametrize(
    ("pool", "message"),
    [
        ({"min_prefixlen": 28, "max_prefixlen": 24}, "Illegal prefix bounds"),
        ({"address_scope": "no-such-scope"}, "no-such-scope"),
        ({"prefixes": []}, "length (0) is out of range (min: 1"),
    ],
)
def test_bad_pools_fail_validation(demo_stacks, pool, message):
    with pytest.raises(exception.StackValidationFailed) as raised:
        demo_stacks.create(template(pool=pool, subnet=False))
    assert message in str(raised.value)
