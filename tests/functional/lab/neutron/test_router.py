"""OS::Neutron::Router, RouterInterface and the hidden RouterGateway against the lab's
Neutron: a gateway on the external network ``public``, interfaces on a subnet and on a
port, changes in place, check and delete of what was removed outside heat, and the L3
agents the lab does not have refused naming the property."""

import pytest

from heat.common import exception
from tests.functional.lab.neutron.conftest import stack_template

NETWORK = {
    "net": {"type": "OS::Neutron::Net"},
    "subnet": {
        "type": "OS::Neutron::Subnet",
        "properties": {"network": {"get_resource": "net"}, "cidr": "10.11.0.0/24"},
    },
}


def template(router: dict, interface: dict | None = None, **extra) -> dict:
    resources = dict(NETWORK, router={"type": "OS::Neutron::Router", "properties": router})
    if interface is not None:
        properties = dict({"router": {"get_resource": "router"}}, **interface)
        resources["interface"] = {"type": "OS::Neutron::RouterInterface", "properties": properties}
    resources.update(extra)
    return stack_template(
        resources,
        {
            "id": {"get_resource": "router"},
            "subnet": {"get_resource": "subnet"},
            "net": {"get_resource": "net"},
            "gateway": {"get_attr": ["router", "external_gateway_info"]},
            "status": {"get_attr": ["router", "status"]},
        },
    )


def interface_ports(cloud, router_id: str) -> list:
    return [
        port
        for port in cloud.network.ports(device_id=router_id)
        if port.device_owner == "network:router_interface"
    ]


def test_a_router_with_a_gateway_and_an_interface(demo_stacks, demo_cloud, unique_name):
    identity = demo_stacks.create(
        template(
            {"name": unique_name, "external_gateway_info": {"network": "public"}, "tags": ["t"]},
            {"subnet": {"get_resource": "subnet"}},
        )
    )
    outputs = demo_stacks.outputs(identity)
    router = demo_cloud.network.get_router(outputs["id"])
    public = demo_cloud.network.find_network("public")
    assert router.name == unique_name and router.tags == ["t"]
    assert router.external_gateway_info["network_id"] == public.id
    assert outputs["gateway"]["network_id"] == public.id and outputs["status"] == "ACTIVE"
    [port] = interface_ports(demo_cloud, outputs["id"])
    assert port.fixed_ips == [{"subnet_id": outputs["subnet"], "ip_address": "10.11.0.1"}]
    interface = demo_stacks.resource(identity, "interface")["physical_resource_id"]
    assert interface == "%s:subnet_id=%s" % (outputs["id"], outputs["subnet"])
    demo_stacks.delete(identity)
    assert demo_cloud.network.find_router(outputs["id"]) is None
    assert demo_cloud.network.find_network(outputs["net"]) is None


def test_name_state_and_gateway_change_in_place(demo_stacks, demo_cloud, unique_name):
    identity = demo_stacks.create(template({"external_gateway_info": {"network": "public"}}))
    router_id = demo_stacks.outputs(identity)["id"]
    stack = demo_stacks.update(
        identity, template({"name": unique_name, "admin_state_up": False, "tags": ["x"]})
    )
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert demo_stacks.outputs(identity)["id"] == router_id
    router = demo_cloud.network.get_router(router_id)
    assert (router.name, router.is_admin_state_up, router.tags) == (unique_name, False, ["x"])
    assert not router.external_gateway_info
    stack = demo_stacks.update(identity, template({"external_gateway_info": {"network": "public"}}))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert demo_cloud.network.get_router(router_id).external_gateway_info["network_id"]
    demo_stacks.delete(identity)


def test_a_gateway_with_a_fixed_ip_and_snat_off_as_admin(admin_stacks, admin_cloud):
    public = admin_cloud.network.find_network("public")
    [subnet_id] = public.subnet_ids
    subnet = admin_cloud.network.get_subnet(subnet_id)
    address = subnet.allocation_pools[0]["end"]
    gateway = {
        "network": "public",
        "enable_snat": False,
        "external_fixed_ips": [{"subnet": subnet.name, "ip_address": address}],
    }
    identity = admin_stacks.create(template({"external_gateway_info": gateway}))
    router = admin_cloud.network.get_router(admin_stacks.outputs(identity)["id"])
    info = router.external_gateway_info
    assert info["enable_snat"] is False
    assert info["external_fixed_ips"] == [{"subnet_id": subnet_id, "ip_address": address}]
    admin_stacks.delete(identity)


def test_an_interface_on_a_port(demo_stacks, demo_cloud):
    port = {
        "type": "OS::Neutron::Port",
        "properties": {
            "network": {"get_resource": "net"},
            "fixed_ips": [{"ip_address": "10.11.0.7"}],
        },
    }
    identity = demo_stacks.create(template({}, {"port": {"get_resource": "port"}}, port=port))
    outputs = demo_stacks.outputs(identity)
    port_id = demo_stacks.resource(identity, "port")["physical_resource_id"]
    assert demo_cloud.network.get_port(port_id).device_id == outputs["id"]
    demo_stacks.delete(identity)
    assert demo_cloud.network.find_port(port_id) is None


def test_an_interface_removed_outside_heat_fails_the_check_and_deletes(demo_stacks, demo_cloud):
    identity = demo_stacks.create(template({}, {"subnet": {"get_resource": "subnet"}}))
    outputs = demo_stacks.outputs(identity)
    demo_cloud.network.remove_interface_from_router(outputs["id"], subnet=outputs["subnet"])
    stack = demo_stacks.check(identity)
    assert stack["stack_status"] == "FAILED"
    assert "interface" in stack["stack_status_reason"]
    demo_stacks.delete(identity)
    assert demo_cloud.network.find_router(outputs["id"]) is None


def test_a_router_deleted_outside_heat_is_checked_and_deleted(demo_stacks, demo_cloud):
    identity = demo_stacks.create(template({}))
    router_id = demo_stacks.outputs(identity)["id"]
    demo_cloud.network.delete_router(router_id)
    assert demo_stacks.check(identity)["stack_status"] == "FAILED"
    demo_stacks.delete(identity)


def test_l3_agents_the_lab_lacks_fail_naming_the_property(admin_stacks):
    agents = {"l3_agent_ids": ["00000000-0000-0000-0000-000000000001"]}
    identity = admin_stacks.create(template(agents))
    action, status, reason = admin_stacks.state(identity)
    assert (action, status) == ("CREATE", "FAILED") and "l3_agent_ids" in reason


def test_two_agents_need_an_ha_router(demo_stacks):
    with pytest.raises(exception.StackValidationFailed, match="Non HA routers"):
        demo_stacks.create(template({"l3_agent_ids": ["a", "b"]}))


def test_the_hidden_router_gateway_sets_and_clears_the_gateway(demo_stacks, demo_cloud):
    gateway = {
        "type": "OS::Neutron::RouterGateway",
        "properties": {"router_id": {"get_resource": "router"}, "network_id": "public"},
    }
    identity = demo_stacks.create(
        template({}, {"subnet": {"get_resource": "subnet"}}, gateway=gateway)
    )
    router_id = demo_stacks.outputs(identity)["id"]
    public = demo_cloud.network.find_network("public")
    assert demo_cloud.network.get_router(router_id).external_gateway_info["network_id"] == public.id
    resource = demo_stacks.resource(identity, "gateway")
    assert resource["physical_resource_id"] == "%s:%s" % (router_id, public.id)
    stack = demo_stacks.update(identity, template({}, {"subnet": {"get_resource": "subnet"}}))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert not demo_cloud.network.get_router(router_id).external_gateway_info
    demo_stacks.delete(identity)
