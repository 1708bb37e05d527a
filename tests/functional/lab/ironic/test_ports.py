"""``OS::Ironic::Port`` against the lab's Ironic: the Ironic docs' example as written, a port
changed in place through Ironic's JSON patches, and a node Ironic does not know refused
before anything is made."""

import pathlib
import uuid

import pytest

from heat.common import exception, template_format

EXAMPLE = pathlib.Path(__file__).resolve().parents[4] / "doc" / "examples" / "ironic-port.yaml"


def ports_of(system_ironic, node_uuid: str) -> list[dict]:
    """The node's ports, as Ironic details them."""
    return system_ironic.get("/v1/nodes/%s/ports?detail=true" % node_uuid).json()["ports"]


def port_template(**properties) -> dict:
    return {
        "heat_template_version": "2021-04-16",
        "resources": {"port": {"type": "OS::Ironic::Port", "properties": properties}},
    }


def test_the_ironic_example_makes_the_port_it_says(admin_stacks, system_ironic, node):
    name, node_uuid = node
    template = template_format.parse(EXAMPLE.read_text())
    identity = admin_stacks.create(template, parameters={"node": name})
    assert admin_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    (port,) = ports_of(system_ironic, node_uuid)
    assert (port["address"], port["physical_network"]) == ("52:54:00:12:34:56", "physnet1")
    assert port["local_link_connection"]["port_id"] == "Ethernet1/7"
    assert (port["pxe_enabled"], port["extra"]) == (True, {"rack": "r1"})
    outputs = admin_stacks.outputs(identity)
    assert outputs == {"port_uuid": port["uuid"], "node_uuid": node_uuid}
    admin_stacks.delete(identity)
    assert ports_of(system_ironic, node_uuid) == []


def test_a_port_changes_in_place(admin_stacks, system_ironic, node):
    name, node_uuid = node
    address = "52:54:00:%02x:%02x:01" % tuple(uuid.uuid4().bytes[:2])
    identity = admin_stacks.create(port_template(node=name, address=address, extra={"a": "1"}))
    (before,) = ports_of(system_ironic, node_uuid)
    admin_stacks.update(identity, port_template(node=node_uuid, address=address, pxe_enabled=False))
    assert admin_stacks.state(identity)[:2] == ("UPDATE", "COMPLETE")
    (after,) = ports_of(system_ironic, node_uuid)
    assert after["uuid"] == before["uuid"]
    assert (after["pxe_enabled"], after["extra"]) == (False, {})
    admin_stacks.update(identity, port_template(node=name, address=address))
    (restored,) = ports_of(system_ironic, node_uuid)
    assert restored["pxe_enabled"] is True


def test_a_node_ironic_does_not_know_is_refused(admin_stacks, lab):
    lab.endpoint("baremetal")
    with pytest.raises(exception.StackValidationFailed, match="could not be found"):
        admin_stacks.create(port_template(node="no-such-node", address="52:54:00:00:00:01"))
