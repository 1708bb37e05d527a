"""``OS::Ironic::Port`` against Ironic's HTTP API (the fake of fake_ironic.py)."""

import pytest

from heat.common import exception
from heat.engine import stack_actions

MAC = "52:54:00:12:34:56"


def port_template(**properties):
    return {"port": {"type": "OS::Ironic::Port", "properties": properties}}


def create(ironic_engine, **properties):
    stack = ironic_engine.create(port_template(**properties))
    assert stack.state == ("CREATE", "COMPLETE"), stack.status_reason
    return stack, stack.resources["port"]


def test_a_port_of_a_node_named_is_made_with_the_nodes_uuid(ironic_engine, ironic):
    node = ironic.add_node("rack1-node1")
    _stack, port = create(ironic_engine, node="rack1-node1", address=MAC)
    assert ironic.made("POST") == [("POST", "/v1/ports", {"address": MAC, "node_uuid": node})]
    assert port.resource_id in ironic.ports
    assert set(ironic.versions()) == {"1.115"}


def test_every_property_goes_to_its_ironic_field(ironic_engine, ironic):
    node = ironic.add_node("n1")
    group = ironic.add_portgroup("bond0", node)
    link = {"switch_id": "0a:1b:2c:3d:4e:5f", "port_id": "Eth1/1", "switch_info": "tor-1"}
    create(
        ironic_engine,
        node=node,
        address=MAC,
        portgroup="bond0",
        local_link_connection=link,
        pxe_enabled=False,
        physical_network="physnet1",
        extra={"rack": "r1"},
        is_smartnic=False,
    )
    (_method, _path, body) = ironic.made("POST")[0]
    assert body == {
        "address": MAC,
        "node_uuid": node,
        "portgroup_uuid": group,
        "local_link_connection": link,
        "pxe_enabled": False,
        "physical_network": "physnet1",
        "extra": {"rack": "r1"},
        "is_smartnic": False,
    }


def test_the_attributes_are_ironics(ironic_engine, ironic):
    node = ironic.add_node("n1")
    group = ironic.add_portgroup("bond0", node)
    _stack, port = create(ironic_engine, node="n1", address=MAC, portgroup="bond0")
    ironic.ports[port.resource_id]["internal_info"] = {"tenant_vif_port_id": "vif-1"}
    assert port.FnGetAtt("node_uuid") == node
    assert port.FnGetAtt("portgroup_uuid") == group
    assert port.FnGetAtt("address") == MAC
    assert port.FnGetAtt("pxe_enabled") is True
    assert port.FnGetAtt("internal_info") == {"tenant_vif_port_id": "vif-1"}
    assert port.FnGetAtt("show")["uuid"] == port.resource_id


def test_changes_are_a_json_patch_of_the_same_port(ironic_engine, ironic):
    ironic.add_node("n1")
    other = ironic.add_node("n2")
    stack, port = create(ironic_engine, node="n1", address=MAC, extra={"a": "1"})
    updated = ironic_engine.update(
        stack,
        port_template(node="n2", address="52:54:00:12:34:57", extra={"a": "2"}, is_smartnic=True),
    )
    assert updated.state == ("UPDATE", "COMPLETE"), updated.status_reason
    (_method, path, patch) = ironic.made("PATCH")[0]
    assert path == "/v1/ports/%s" % port.resource_id
    assert patch == [
        {"op": "replace", "path": "/address", "value": "52:54:00:12:34:57"},
        {"op": "replace", "path": "/extra", "value": {"a": "2"}},
        {"op": "replace", "path": "/is_smartnic", "value": True},
        {"op": "replace", "path": "/node_uuid", "value": other},
    ]
    assert updated.resources["port"].resource_id == port.resource_id
    assert ironic.ports[port.resource_id]["node_uuid"] == other


def test_properties_taken_out_are_removed_and_pxe_goes_back_to_its_default(ironic_engine, ironic):
    ironic.add_node("n1")
    stack, port = create(
        ironic_engine, node="n1", address=MAC, pxe_enabled=False, physical_network="physnet1"
    )
    updated = ironic_engine.update(stack, port_template(node="n1", address=MAC))
    assert updated.state == ("UPDATE", "COMPLETE"), updated.status_reason
    assert ironic.made("PATCH")[0][2] == [
        {"op": "remove", "path": "/physical_network"},
        {"op": "replace", "path": "/pxe_enabled", "value": True},
    ]
    assert ironic.ports[port.resource_id]["pxe_enabled"] is True


def test_delete_waits_until_ironic_no_longer_shows_the_port(ironic_engine, ironic):
    ironic.add_node("n1")
    stack, port = create(ironic_engine, node="n1", address=MAC)
    ironic.lingering_reads = 2
    stack_actions.delete(stack)
    assert stack.state == ("DELETE", "COMPLETE"), stack.status_reason
    path = "/v1/ports/%s" % port.resource_id
    assert ironic.made()[-4:] == [("DELETE", path, None)] + [("GET", path, None)] * 3


def test_a_port_gone_already_is_deleted_quietly(ironic_engine, ironic):
    ironic.add_node("n1")
    stack, port = create(ironic_engine, node="n1", address=MAC)
    del ironic.ports[port.resource_id]
    stack_actions.delete(stack)
    assert stack.state == ("DELETE", "COMPLETE"), stack.status_reason


@pytest.mark.parametrize(
    ("properties", "message"),
    [
        ({"node": "missing"}, "The Node .missing. could not be found"),
        ({"node": "n1", "portgroup": "nope"}, "The PortGroup .nope. could not be found"),
    ],
)
def test_a_node_or_portgroup_ironic_does_not_have_is_refused(
    ironic_engine, ironic, properties, message
):
    ironic.add_node("n1")
    stack = ironic_engine.stack(port_template(address=MAC, **properties))
    with pytest.raises(exception.StackValidationFailed, match=message):
        stack.validate()
    assert ironic.made("POST") == []


def test_an_address_ironic_refuses_fails_the_create_with_its_reason(ironic_engine, ironic):
    ironic.add_node("n1")
    stack = ironic_engine.create(port_template(node="n1", address="not-a-mac"))
    assert stack.state == ("CREATE", "FAILED")
    assert "Expected a MAC address but received not-a-mac." in stack.status_reason
