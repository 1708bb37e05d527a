"""The Ironic example of the docs (doc/examples/ironic-port.yaml), as written, against the
fake Ironic: its port is made on the node it names, and deleted."""

import pathlib

from heat.common import template_format
from heat.engine import stack_actions

EXAMPLE = pathlib.Path(__file__).resolve().parents[6] / "doc" / "examples" / "ironic-port.yaml"


def test_the_ironic_example_is_created_and_deleted_as_it_says(ironic_engine, ironic):
    template = template_format.parse(EXAMPLE.read_text())
    node = ironic.add_node("rack1-node1")
    sections = {key: template[key] for key in ("parameters", "outputs")}
    ironic_engine.stack(template["resources"], name="validated", **sections).validate()
    stack = ironic_engine.create(template["resources"], **sections)
    assert stack.state == ("CREATE", "COMPLETE"), stack.status_reason
    (port,) = ironic.ports.values()
    assert (port["node_uuid"], port["physical_network"]) == (node, "physnet1")
    assert stack.resources["port"].FnGetAtt("node_uuid") == node
    stack_actions.delete(stack)
    assert stack.state == ("DELETE", "COMPLETE"), stack.status_reason
    assert ironic.ports == {}
