"""OS::Neutron::Port against the lab's Neutron: fixed IPs, address pairs, security groups
by name, binding, DNS name, device owner; changes in place and by replacement (a new
network, REPLACE_ALWAYS); check, ports deleted outside heat and a converging update."""

import pytest

from heat.common import exception
from tests.functional.lab.neutron.conftest import stack_template


def template(port: dict | None = None, cidr: str = "10.8.0.0/24", **resources) -> dict:
    properties = {"network": {"get_resource": "net"}, **(port or {})}
    return stack_template(
        {
            "net": {"type": "OS::Neutron::Net"},
            "subnet": {
                "type": "OS::Neutron::Subnet",
                "properties": {"network": {"get_resource": "net"}, "cidr": cidr},
            },
            "port": {"type": "OS::Neutron::Port", "properties": properties, "depends_on": "subnet"},
            **resources,
        },
        {
            "id": {"get_resource": "port"},
            "subnet": {"get_resource": "subnet"},
            "fixed_ips": {"get_attr": ["port", "fixed_ips"]},
            "subnets": {"get_attr": ["port", "subnets"]},
            "network": {"get_attr": ["port", "network"]},
            "mac_address": {"get_attr": ["port", "mac_address"]},
            "status": {"get_attr": ["port", "status"]},
        },
    )


def fixed_ip(address: str) -> dict:
    return {"subnet": {"get_resource": "subnet"}, "ip_address": address}


def test_a_port_with_fixed_ips_pairs_and_tags(admin_stacks, admin_cloud, unique_name):
    """As admin: device owners are theirs to set."""
    identity = admin_stacks.create(
        template(
            {
                "name": unique_name,
                "fixed_ips": [fixed_ip("10.8.0.10")],
                "allowed_address_pairs": [{"ip_address": "10.8.0.200"}],
                "tags": ["p"],
                "device_owner": "heat:test",
                "device_id": "device-1",
                "binding:vnic_type": "normal",
                "value_specs": {"description": "from value_specs"},
            }
        )
    )
    outputs = admin_stacks.outputs(identity)
    port = admin_cloud.network.get_port(outputs["id"])
    assert port.name == unique_name
    assert (port.binding_vnic_type, port.description) == ("normal", "from value_specs")
    assert port.fixed_ips == [{"subnet_id": outputs["subnet"], "ip_address": "10.8.0.10"}]
    assert port.allowed_address_pairs == [
        {"ip_address": "10.8.0.200", "mac_address": port.mac_address}
    ]
    assert (port.device_owner, port.device_id, port.tags) == ("heat:test", "device-1", ["p"])
    assert outputs["fixed_ips"] == port.fixed_ips and outputs["mac_address"] == port.mac_address
    assert [subnet["id"] for subnet in outputs["subnets"]] == [outputs["subnet"]]
    assert outputs["network"]["id"] == port.network_id
    assert outputs["status"] in ("DOWN", "ACTIVE")
    admin_stacks.delete(identity)
    assert admin_cloud.network.find_port(outputs["id"]) is None


def test_a_port_without_fixed_ips(demo_stacks, demo_cloud):
    identity = demo_stacks.create(template({"no_fixed_ips": True}))
    assert demo_cloud.network.get_port(demo_stacks.outputs(identity)["id"]).fixed_ips == []
    demo_stacks.delete(identity)


def test_security_groups_by_name_and_none(demo_stacks, demo_cloud, unique_name):
    group = {"type": "OS::Neutron::SecurityGroup", "properties": {"name": unique_name}}
    written = template({"security_groups": [unique_name]}, group=group)
    written["resources"]["port"]["depends_on"] = ["subnet", "group"]
    identity = demo_stacks.create(written)
    port_id = demo_stacks.outputs(identity)["id"]
    group_id = demo_stacks.resource(identity, "group")["physical_resource_id"]
    assert demo_cloud.network.get_port(port_id).security_group_ids == [group_id]

    written["resources"]["port"]["properties"]["security_groups"] = []
    stack = demo_stacks.update(identity, written)
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert demo_cloud.network.get_port(port_id).security_group_ids == []

    # Removed from the template: the project's default group again.
    del written["resources"]["port"]["properties"]["security_groups"]
    stack = demo_stacks.update(identity, written)
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    default = demo_cloud.network.find_security_group(
        "default", project_id=demo_cloud.current_project_id
    )
    assert demo_cloud.network.get_port(port_id).security_group_ids == [default.id]
    demo_stacks.delete(identity)


def test_name_fixed_ips_pairs_and_admin_state_change_in_place(demo_stacks, demo_cloud):
    identity = demo_stacks.create(template({"fixed_ips": [fixed_ip("10.8.0.10")]}))
    port_id = demo_stacks.outputs(identity)["id"]
    stack = demo_stacks.update(
        identity,
        template(
            {
                "name": "renamed",
                "fixed_ips": [fixed_ip("10.8.0.11")],
                "allowed_address_pairs": [{"ip_address": "10.8.0.0/28"}],
                "admin_state_up": False,
            }
        ),
    )
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert demo_stacks.outputs(identity)["id"] == port_id
    port = demo_cloud.network.get_port(port_id)
    assert (port.name, port.is_admin_state_up) == ("renamed", False)
    assert [ip["ip_address"] for ip in port.fixed_ips] == ["10.8.0.11"]
    assert [pair["ip_address"] for pair in port.allowed_address_pairs] == ["10.8.0.0/28"]
    demo_stacks.delete(identity)


def test_a_new_network_replaces_the_port(demo_stacks, demo_cloud):
    identity = demo_stacks.create(template())
    old_id = demo_stacks.outputs(identity)["id"]
    written = template(
        net2={"type": "OS::Neutron::Net"},
        subnet2={
            "type": "OS::Neutron::Subnet",
            "properties": {"network": {"get_resource": "net2"}, "cidr": "10.8.1.0/24"},
        },
    )
    written["resources"]["port"]["properties"]["network"] = {"get_resource": "net2"}
    written["resources"]["port"]["depends_on"] = "subnet2"
    stack = demo_stacks.update(identity, written)
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    new_id = demo_stacks.outputs(identity)["id"]
    assert new_id != old_id and demo_cloud.network.find_port(old_id) is None
    assert demo_cloud.network.get_port(new_id).fixed_ips[0]["ip_address"].startswith("10.8.1.")
    demo_stacks.delete(identity)


def test_replace_always_replaces_the_port_on_any_update(demo_stacks, demo_cloud):
    identity = demo_stacks.create(template({"replacement_policy": "REPLACE_ALWAYS"}))
    old_id = demo_stacks.outputs(identity)["id"]
    stack = demo_stacks.update(
        identity, template({"replacement_policy": "REPLACE_ALWAYS", "name": "new"})
    )
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    new_id = demo_stacks.outputs(identity)["id"]
    assert new_id != old_id and demo_cloud.network.get_port(new_id).name == "new"
    demo_stacks.delete(identity)


def test_a_dns_name_without_neutrons_dns_extension_fails_naming_it(demo_stacks):
    identity = demo_stacks.create(template({"dns_name": "host-1"}))
    action, status, reason = demo_stacks.state(identity)
    assert (action, status) == ("CREATE", "FAILED") and "dns_name" in reason


def test_fixed_ips_and_no_fixed_ips_conflict(demo_stacks):
    with pytest.raises(exception.StackValidationFailed, match="fixed_ips, no_fixed_ips"):
        demo_stacks.create(template({"fixed_ips": [fixed_ip("10.8.0.9")], "no_fixed_ips": True}))


def test_an_unknown_security_group_fails_naming_it(demo_stacks):
    identity = demo_stacks.create(template({"security_groups": ["no-such-group"]}))
    action, status, reason = demo_stacks.state(identity)
    assert (action, status) == ("CREATE", "FAILED") and "no-such-group" in reason


def test_a_port_deleted_outside_heat_fails_check_and_is_deleted_with_the_stack(
    demo_stacks, demo_cloud
):
    identity = demo_stacks.create(template())
    assert demo_stacks.check(identity)["stack_status"] == "COMPLETE"
    demo_cloud.network.delete_port(demo_stacks.outputs(identity)["id"])
    assert demo_stacks.check(identity)["stack_status"] == "FAILED"
    stack = demo_stacks.update(identity, template({"name": "again"}))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert demo_cloud.network.get_port(demo_stacks.outputs(identity)["id"]).name == "again"
    demo_stacks.delete(identity)
    assert demo_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")


def test_a_converging_update_puts_back_the_fixed_ip_and_name(demo_stacks, demo_cloud):
    written = template({"name": "mine", "fixed_ips": [fixed_ip("10.8.0.10")]})
    identity = demo_stacks.create(written)
    outputs = demo_stacks.outputs(identity)
    demo_cloud.network.update_port(
        outputs["id"],
        name="changed",
        fixed_ips=[{"subnet_id": outputs["subnet"], "ip_address": "10.8.0.99"}],
    )
    stack = demo_stacks.update(identity, written, converge=True)
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    port = demo_cloud.network.get_port(outputs["id"])
    assert port.name == "mine" and [ip["ip_address"] for ip in port.fixed_ips] == ["10.8.0.10"]
    demo_stacks.delete(identity)
