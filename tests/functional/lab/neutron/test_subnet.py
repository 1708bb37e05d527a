"""OS::Neutron::Subnet against the lab's Neutron: pools, routes, DNS servers and IPv6
modes; changes in place and by replacement; a subnet from a subnet pool; check and
subnets deleted outside heat; the checks made before anything is created."""

import pytest

from heat.common import exception
from tests.functional.lab.neutron.conftest import stack_template


def template(**properties) -> dict:
    subnet = {"network": {"get_resource": "net"}, "cidr": "10.9.0.0/24", **properties}
    return stack_template(
        {
            "net": {"type": "OS::Neutron::Net"},
            "subnet": {"type": "OS::Neutron::Subnet", "properties": subnet},
        },
        {
            "id": {"get_resource": "subnet"},
            "net": {"get_resource": "net"},
            "cidr": {"get_attr": ["subnet", "cidr"]},
            "gateway_ip": {"get_attr": ["subnet", "gateway_ip"]},
            "net_subnets": {"get_attr": ["net", "subnets"]},
        },
    )


POOLS = [{"start": "10.9.0.10", "end": "10.9.0.20"}]
ROUTES = [{"destination": "10.10.0.0/16", "nexthop": "10.9.0.5"}]


def test_a_subnet_has_its_pools_routes_and_dns_servers(demo_stacks, demo_cloud, unique_name):
    identity = demo_stacks.create(
        template(
            name=unique_name,
            allocation_pools=POOLS,
            host_routes=ROUTES,
            dns_nameservers=["10.0.0.53"],
            enable_dhcp=False,
            tags=["t"],
        )
    )
    outputs = demo_stacks.outputs(identity)
    subnet = demo_cloud.network.get_subnet(outputs["id"])
    assert (subnet.name, subnet.cidr, subnet.network_id) == (
        unique_name,
        "10.9.0.0/24",
        outputs["net"],
    )
    assert subnet.allocation_pools == POOLS and subnet.host_routes == ROUTES
    assert subnet.dns_nameservers == ["10.0.0.53"] and subnet.is_dhcp_enabled is False
    assert subnet.tags == ["t"]
    assert outputs["cidr"] == "10.9.0.0/24" and outputs["gateway_ip"] == "10.9.0.1"
    assert outputs["net_subnets"] == [outputs["id"]]
    demo_stacks.delete(identity)
    assert demo_cloud.network.find_subnet(outputs["id"]) is None
    assert demo_cloud.network.find_network(outputs["net"]) is None


def test_a_subnet_without_a_gateway(demo_stacks, demo_cloud):
    identity = demo_stacks.create(template(gateway_ip=""))
    assert demo_cloud.network.get_subnet(demo_stacks.outputs(identity)["id"]).gateway_ip is None
    demo_stacks.delete(identity)


def test_pools_routes_dns_gateway_and_name_change_in_place(demo_stacks, demo_cloud, unique_name):
    identity = demo_stacks.create(template(allocation_pools=POOLS, dns_nameservers=["10.0.0.53"]))
    subnet_id = demo_stacks.outputs(identity)["id"]
    stack = demo_stacks.update(
        identity,
        template(
            name=unique_name,
            host_routes=ROUTES,
            dns_nameservers=["10.0.0.54"],
            gateway_ip="10.9.0.254",
            enable_dhcp=False,
        ),
    )
    assert (stack["stack_action"], stack["stack_status"]) == ("UPDATE", "COMPLETE"), stack[
        "stack_status_reason"
    ]
    assert demo_stacks.outputs(identity)["id"] == subnet_id
    subnet = demo_cloud.network.get_subnet(subnet_id)
    assert (subnet.name, subnet.gateway_ip) == (unique_name, "10.9.0.254")
    assert subnet.host_routes == ROUTES and subnet.dns_nameservers == ["10.0.0.54"]
    # Pools removed from the template are none (as upstream asks Neutron).
    assert subnet.allocation_pools == []
    demo_stacks.delete(identity)


def test_a_new_cidr_replaces_the_subnet(demo_stacks, demo_cloud):
    identity = demo_stacks.create(template())
    old_id = demo_stacks.outputs(identity)["id"]
    stack = demo_stacks.update(identity, template(cidr="10.9.1.0/24"))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    new_id = demo_stacks.outputs(identity)["id"]
    assert new_id != old_id and demo_cloud.network.find_subnet(old_id) is None
    assert demo_cloud.network.get_subnet(new_id).cidr == "10.9.1.0/24"
    demo_stacks.delete(identity)


def test_gateway_auto_is_refused_by_an_update(demo_stacks):
    identity = demo_stacks.create(template(gateway_ip="10.9.0.254"))
    stack = demo_stacks.update(identity, template(gateway_ip="auto"))
    assert stack["stack_status"] == "FAILED"
    assert "only supported during subnet creation" in stack["stack_status_reason"]
    demo_stacks.delete(identity)


def test_an_ipv6_subnet_with_slaac(demo_stacks, demo_cloud):
    identity = demo_stacks.create(
        template(
            cidr="fd00:9::/64",
            ip_version=6,
            ipv6_ra_mode="slaac",
            ipv6_address_mode="slaac",
        )
    )
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE"), demo_stacks.state(identity)
    subnet = demo_cloud.network.get_subnet(demo_stacks.outputs(identity)["id"])
    assert (subnet.ip_version, subnet.ipv6_ra_mode, subnet.ipv6_address_mode) == (
        6,
        "slaac",
        "slaac",
    )
    demo_stacks.delete(identity)


@pytest.fixture
def subnet_pool(admin_cloud, unique_name):
    """A shared subnet pool of 10.77.0.0/16, made outside heat."""
    pool = admin_cloud.network.create_subnet_pool(
        name=unique_name, prefixes=["10.77.0.0/16"], default_prefix_length=24, shared=True
    )
    yield pool
    admin_cloud.network.delete_subnet_pool(pool, ignore_missing=True)


def test_a_subnet_from_a_subnet_pool_by_name(demo_stacks, demo_cloud, subnet_pool):
    identity = demo_stacks.create(template(cidr=None, subnetpool=subnet_pool.name, prefixlen=26))
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE"), demo_stacks.state(identity)
    subnet = demo_cloud.network.get_subnet(demo_stacks.outputs(identity)["id"])
    assert subnet.subnet_pool_id == subnet_pool.id
    assert subnet.cidr.startswith("10.77.") and subnet.cidr.endswith("/26")
    demo_stacks.delete(identity)


@pytest.mark.parametrize(
    ("properties", "message"),
    [
        ({"cidr": None}, "At least one of the following properties must be specified"),
        ({"prefixlen": 26}, "Cannot define the following properties at the same time"),
        ({"ipv6_ra_mode": "slaac"}, "not supported for ipv4"),
        ({"gateway_ip": "not-an-ip"}, 'Gateway IP address "not-an-ip" is in invalid format'),
        ({"network": "no-such-network"}, "no-such-network"),
    ],
)
def test_bad_properties_fail_validation(demo_stacks, properties, message):
    with pytest.raises(exception.StackValidationFailed) as raised:
        demo_stacks.create(template(**properties))
    assert message in str(raised.value)


def test_a_subnet_deleted_outside_heat_fails_check_and_is_deleted_with_the_stack(
    demo_stacks, demo_cloud
):
    identity = demo_stacks.create(template())
    assert demo_stacks.check(identity)["stack_status"] == "COMPLETE"
    demo_cloud.network.delete_subnet(demo_stacks.outputs(identity)["id"])
    assert demo_stacks.check(identity)["stack_status"] == "FAILED"
    demo_stacks.delete(identity)
    assert demo_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")


def test_a_subnet_deleted_outside_heat_fails_an_update_then_is_made_again(demo_stacks, demo_cloud):
    identity = demo_stacks.create(template())
    old_id = demo_stacks.outputs(identity)["id"]
    demo_cloud.network.delete_subnet(old_id)
    stack = demo_stacks.update(identity, template(name="again"))
    assert (
        stack["stack_status"] == "FAILED" and "could not be found" in stack["stack_status_reason"]
    )
    stack = demo_stacks.update(identity, template(name="again"))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    new_id = demo_stacks.outputs(identity)["id"]
    assert new_id != old_id and demo_cloud.network.get_subnet(new_id).name == "again"
    demo_stacks.delete(identity)


def test_old_templates_network_id_is_the_network(demo_stacks, demo_cloud):
    written = template()
    properties = written["resources"]["subnet"]["properties"]
    properties["network_id"] = properties.pop("network")
    identity = demo_stacks.create(written)
    outputs = demo_stacks.outputs(identity)
    assert demo_cloud.network.get_subnet(outputs["id"]).network_id == outputs["net"]
    demo_stacks.delete(identity)
