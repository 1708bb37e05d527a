"""The rules of OS::Neutron::AddressScope, SubnetPool and RBACPolicy that need no Neutron:
prefix bounds, prefixes that may only grow, the bodies sent, and the actions allowed per
object type."""

import pytest

from heat.common import exception
from heat.engine.resources.openstack.neutron.networks import subnet_pool
from tests.unit.engine.resources.openstack.neutron.conftest import rules_resource


def resource(neutron_engine, type_name, **properties):
    return rules_resource(
        neutron_engine,
        type_name,
        ids=lambda kind, value: value and "%s-id-of-%s" % (kind, value),
        **properties,
    )


POOL = "OS::Neutron::SubnetPool"


@pytest.mark.parametrize(
    ("lengths", "message"),
    [
        ({"min_prefixlen": 28, "max_prefixlen": 24}, "max_prefixlen=24, min_prefixlen=28"),
        (
            {"default_prefixlen": 28, "max_prefixlen": 24},
            "max_prefixlen=24, default_prefixlen=28",
        ),
        (
            {"min_prefixlen": 28, "default_prefixlen": 24},
            "min_prefixlen=28, default_prefixlen=24",
        ),
    ],
)
def test_a_pools_prefix_lengths_must_be_ordered(neutron_engine, lengths, message):
    pool = resource(neutron_engine, POOL, prefixes=["10.0.0.0/16"], **lengths)
    with pytest.raises(exception.StackValidationFailed, match="Illegal prefix bounds: " + message):
        pool.validate()


def test_ordered_prefix_lengths_are_accepted(neutron_engine):
    lengths = {"min_prefixlen": 20, "default_prefixlen": 24, "max_prefixlen": 28}
    resource(neutron_engine, POOL, prefixes=["10.0.0.0/16"], **lengths).validate()


def test_a_pool_is_created_in_its_address_scope_by_id(neutron_engine):
    pool = resource(neutron_engine, POOL, prefixes=["10.0.0.0/16"], address_scope="s", tags=["t"])
    body = pool.create_body()
    assert body["address_scope_id"] == "address_scope-id-of-s" and "address_scope" not in body
    assert body["prefixes"] == ["10.0.0.0/16"] and "tags" not in body


def test_a_pool_leaving_its_address_scope_sends_none(neutron_engine):
    pool = resource(neutron_engine, POOL, prefixes=["10.0.0.0/16"])
    assert pool.update_body({"address_scope": None}) == {"address_scope_id": None}


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (["10.0.0.0/24"], ["10.0.0.0/16"]),
        (["10.0.0.0/24"], ["10.0.0.0/24", "10.1.0.0/24"]),
        (["10.0.0.0/24", "10.0.1.0/24"], ["10.0.0.0/23"]),
    ],
)
def test_prefixes_may_grow(old, new):
    subnet_pool.check_prefixes_grow(old, new)


def test_prefixes_may_not_lose_addresses():
    with pytest.raises(
        exception.StackValidationFailed,
        match=r"prefixes updated value \['10.1.0.0/16'\] should be superset of existing "
        r"value \['10.0.0.0/24'\]",
    ):
        subnet_pool.check_prefixes_grow(["10.0.0.0/24"], ["10.1.0.0/16"])


def test_an_address_scope_is_named_after_the_resource_unless_named(neutron_engine):
    scope = resource(neutron_engine, "OS::Neutron::AddressScope", ip_version=6)
    assert scope.create_body() == {
        "name": scope.physical_resource_name(),
        "ip_version": 6,
        "shared": False,
    }


RBAC = "OS::Neutron::RBACPolicy"


def rbac(neutron_engine, object_type, action):
    return resource(
        neutron_engine,
        RBAC,
        object_type=object_type,
        object_id="thing",
        action=action,
        target_tenant="demo-id",
    )


@pytest.mark.parametrize(
    ("object_type", "action"),
    [
        ("network", "access_as_shared"),
        ("network", "access_as_external"),
        ("qos_policy", "access_as_shared"),
        ("subnetpool", "access_as_shared"),
    ],
)
def test_rbac_actions_neutron_allows(neutron_engine, object_type, action):
    rbac(neutron_engine, object_type, action).validate()


@pytest.mark.parametrize("object_type", ["qos_policy", "security_group", "address_scope"])
def test_only_networks_can_be_made_external(neutron_engine, object_type):
    policy = rbac(neutron_engine, object_type, "access_as_external")
    with pytest.raises(exception.StackValidationFailed) as raised:
        policy.validate()
    assert str(raised.value) == (
        'Property error: resources.it.properties.action: Invalid action "access_as_external" '
        "for object type %s. Valid actions: access_as_shared" % object_type
    )


def test_the_rbac_object_is_found_among_its_types_objects(neutron_engine):
    body = rbac(neutron_engine, "qos_policy", "access_as_shared").create_body()
    assert body == {
        "object_type": "qos_policy",
        "object_id": "qos_policy-id-of-thing",
        "action": "access_as_shared",
        "target_tenant": "demo-id",
    }
