"""OS::Neutron::FloatingIP, FloatingIPAssociation and FloatingIPPortForward against the
lab's Neutron: a floating IP of ``public`` for a port behind a router, its port and fixed
address changed in place, replaced, checked and deleted outside heat; an association
moved to another port; a port forwarding. No template states that the floating IP comes
after the router and its interface: the types imply it."""

import pytest

from heat.common import exception
from tests.functional.lab.neutron.conftest import stack_template

GET_PORT = {"get_resource": "port"}


def template(fip: dict | None = None, **extra) -> dict:
    """A network behind a router to ``public``, a port with two addresses, and a floating
    IP of ``public`` with ``fip``'s properties."""
    subnet = {"get_resource": "subnet"}
    resources = {
        "net": {"type": "OS::Neutron::Net"},
        "subnet": {
            "type": "OS::Neutron::Subnet",
            "properties": {"network": {"get_resource": "net"}, "cidr": "10.12.0.0/24"},
        },
        "port": {
            "type": "OS::Neutron::Port",
            "properties": {
                "network": {"get_resource": "net"},
                "fixed_ips": [
                    {"subnet": subnet, "ip_address": "10.12.0.10"},
                    {"subnet": subnet, "ip_address": "10.12.0.11"},
                ],
            },
        },
        "router": {
            "type": "OS::Neutron::Router",
            "properties": {"external_gateway_info": {"network": "public"}},
        },
        "interface": {
            "type": "OS::Neutron::RouterInterface",
            "properties": {"router": {"get_resource": "router"}, "subnet": subnet},
        },
        "fip": {
            "type": "OS::Neutron::FloatingIP",
            "properties": {"floating_network": "public", **(fip or {})},
        },
        **extra,
    }
    return stack_template(
        resources,
        {
            "id": {"get_resource": "fip"},
            "port": GET_PORT,
            "router": {"get_resource": "router"},
            "address": {"get_attr": ["fip", "floating_ip_address"]},
            "fixed_ip_address": {"get_attr": ["fip", "fixed_ip_address"]},
            "router_id": {"get_attr": ["fip", "router_id"]},
        },
    )


def test_a_floating_ip_for_a_port_behind_a_router(demo_stacks, demo_cloud):
    identity = demo_stacks.create(template({"port_id": GET_PORT, "fixed_ip_address": "10.12.0.11"}))
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE"), demo_stacks.state(identity)
    outputs = demo_stacks.outputs(identity)
    fip = demo_cloud.network.get_ip(outputs["id"])
    public = demo_cloud.network.find_network("public")
    assert (fip.floating_network_id, fip.port_id) == (public.id, outputs["port"])
    assert fip.fixed_ip_address == "10.12.0.11" and fip.router_id == outputs["router"]
    assert outputs["address"] == fip.floating_ip_address
    assert (outputs["fixed_ip_address"], outputs["router_id"]) == ("10.12.0.11", outputs["router"])
    demo_stacks.delete(identity)
    assert demo_cloud.network.find_ip(outputs["id"]) is None


def test_the_port_and_fixed_address_change_in_place(demo_stacks, demo_cloud):
    identity = demo_stacks.create(template())
    fip_id = demo_stacks.outputs(identity)["id"]
    assert demo_cloud.network.get_ip(fip_id).port_id is None

    stack = demo_stacks.update(
        identity, template({"port_id": GET_PORT, "fixed_ip_address": "10.12.0.10"})
    )
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    outputs = demo_stacks.outputs(identity)
    fip = demo_cloud.network.get_ip(fip_id)
    assert outputs["id"] == fip_id
    assert (fip.port_id, fip.fixed_ip_address) == (outputs["port"], "10.12.0.10")

    stack = demo_stacks.update(
        identity, template({"port_id": GET_PORT, "fixed_ip_address": "10.12.0.11"})
    )
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert demo_cloud.network.get_ip(fip_id).fixed_ip_address == "10.12.0.11"

    stack = demo_stacks.update(identity, template())
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert demo_cloud.network.get_ip(fip_id).port_id is None
    demo_stacks.delete(identity)


def test_value_specs_changed_replace_the_floating_ip(demo_stacks, demo_cloud):
    identity = demo_stacks.create(template({"value_specs": {"description": "first"}}))
    old_id = demo_stacks.outputs(identity)["id"]
    stack = demo_stacks.update(identity, template({"value_specs": {"description": "second"}}))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    new_id = demo_stacks.outputs(identity)["id"]
    assert new_id != old_id and demo_cloud.network.find_ip(old_id) is None
    assert demo_cloud.network.get_ip(new_id).description == "second"
    demo_stacks.delete(identity)


def test_a_fixed_address_without_a_port_fails_validation(demo_stacks):
    with pytest.raises(exception.StackValidationFailed, match="without port_id"):
        demo_stacks.create(template({"fixed_ip_address": "10.12.0.10"}))


def test_a_floating_ip_deleted_outside_heat_fails_check_and_is_deleted_with_the_stack(
    demo_stacks, demo_cloud
):
    identity = demo_stacks.create(template({"port_id": GET_PORT, "fixed_ip_address": "10.12.0.10"}))
    assert demo_stacks.check(identity)["stack_status"] == "COMPLETE"
    demo_cloud.network.delete_ip(demo_stacks.outputs(identity)["id"])
    assert demo_stacks.check(identity)["stack_status"] == "FAILED"
    demo_stacks.delete(identity)
    assert demo_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")


def association_template(port: str) -> dict:
    """A floating IP without a port, associated apart with ``port`` (at 10.12.0.10) or
    ``other`` (a port of one address)."""
    other = {
        "type": "OS::Neutron::Port",
        "properties": {
            "network": {"get_resource": "net"},
            "fixed_ips": [{"subnet": {"get_resource": "subnet"}}],
        },
    }
    association = {
        "type": "OS::Neutron::FloatingIPAssociation",
        "properties": {"floatingip_id": {"get_resource": "fip"}, "port_id": {"get_resource": port}},
    }
    if port == "port":  # it has two addresses: Neutron needs to be told which
        association["properties"]["fixed_ip_address"] = "10.12.0.10"
    written = template(other=other, association=association)
    written["outputs"]["other"] = {"value": {"get_resource": "other"}}
    return written


def test_an_association_moves_to_another_port_is_repaired_and_frees_on_delete(
    demo_stacks, demo_cloud
):
    identity = demo_stacks.create(association_template("port"))
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE"), demo_stacks.state(identity)
    outputs = demo_stacks.outputs(identity)
    assert demo_cloud.network.get_ip(outputs["id"]).port_id == outputs["port"]

    stack = demo_stacks.update(identity, association_template("other"))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert demo_cloud.network.get_ip(outputs["id"]).port_id == outputs["other"]
    assert demo_stacks.check(identity)["stack_status"] == "COMPLETE"

    # Freed outside heat: the check fails, and the update replaces the association.
    demo_cloud.network.update_ip(outputs["id"], port_id=None)
    assert demo_stacks.check(identity)["stack_status"] == "FAILED"
    stack = demo_stacks.update(identity, association_template("other"))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert demo_cloud.network.get_ip(outputs["id"]).port_id == outputs["other"]
    demo_stacks.delete(identity)
    assert demo_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")
    assert demo_cloud.network.find_ip(outputs["id"]) is None


def test_an_association_whose_floating_ip_was_deleted_outside_heat_deletes(demo_stacks, demo_cloud):
    identity = demo_stacks.create(association_template("port"))
    demo_cloud.network.delete_ip(demo_stacks.outputs(identity)["id"])
    demo_stacks.delete(identity)
    assert demo_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")


def forward_template(external_port: int, floating_ip: str = "fip") -> dict:
    """A port forwarding of ``floating_ip`` (``fip`` or ``fip2``, both without a port)."""
    forward = {
        "type": "OS::Neutron::FloatingIPPortForward",
        "properties": {
            "floating_ip": {"get_resource": floating_ip},
            "internal_port": GET_PORT,
            "internal_ip_address": "10.12.0.10",
            "internal_port_number": 22,
            "external_port": external_port,
            "protocol": "tcp",
        },
    }
    fip2 = {"type": "OS::Neutron::FloatingIP", "properties": {"floating_network": "public"}}
    written = template(forward=forward, fip2=fip2)
    written["outputs"]["forward"] = {"value": {"get_resource": "forward"}}
    written["outputs"]["fip2"] = {"value": {"get_resource": "fip2"}}
    return written


def test_a_port_forwarding_changes_in_place_and_is_deleted(demo_stacks, demo_cloud):
    identity = demo_stacks.create(forward_template(2222))
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE"), demo_stacks.state(identity)
    outputs = demo_stacks.outputs(identity)
    forward = demo_cloud.network.get_port_forwarding(outputs["forward"], outputs["id"])
    assert (forward.internal_port_id, forward.internal_ip_address) == (
        outputs["port"],
        "10.12.0.10",
    )
    assert (forward.internal_port, forward.external_port, forward.protocol) == (22, 2222, "tcp")

    stack = demo_stacks.update(identity, forward_template(2223))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert demo_stacks.outputs(identity)["forward"] == outputs["forward"]
    forward = demo_cloud.network.get_port_forwarding(outputs["forward"], outputs["id"])
    assert forward.external_port == 2223
    assert demo_stacks.check(identity)["stack_status"] == "COMPLETE"

    demo_cloud.network.delete_port_forwarding(outputs["forward"], outputs["id"])
    assert demo_stacks.check(identity)["stack_status"] == "FAILED"
    demo_stacks.delete(identity)
    assert demo_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")
    assert demo_cloud.network.find_ip(outputs["id"]) is None


def test_another_floating_ip_replaces_the_port_forwarding(demo_stacks, demo_cloud):
    identity = demo_stacks.create(forward_template(2222))
    outputs = demo_stacks.outputs(identity)
    stack = demo_stacks.update(identity, forward_template(2222, "fip2"))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert list(demo_cloud.network.port_forwardings(outputs["id"])) == []
    [forward] = demo_cloud.network.port_forwardings(outputs["fip2"])
    assert forward.id == demo_stacks.outputs(identity)["forward"] != outputs["forward"]
    demo_stacks.delete(identity)
    assert demo_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")
