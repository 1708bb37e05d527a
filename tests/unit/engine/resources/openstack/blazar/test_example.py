"""The Blazar example of the docs (doc/examples/blazar-lease.yaml), as written, against the
fake Blazar with one host registered: its lease is made, and deleted."""

import pathlib

from heat.common import template_format
from heat.engine import stack_actions

EXAMPLE = pathlib.Path(__file__).resolve().parents[6] / "doc" / "examples" / "blazar-lease.yaml"


def test_the_blazar_example_is_created_and_deleted_as_it_says(blazar_engine, blazar):
    template = template_format.parse(EXAMPLE.read_text())
    blazar.hosts["1"] = {"id": "1", "hypervisor_hostname": "compute-1", "gpu": "true"}
    sections = {key: template[key] for key in ("parameters", "outputs")}
    blazar_engine.stack(template["resources"], name="validated", **sections).validate()
    stack = blazar_engine.create(template["resources"], **sections)
    assert stack.state == ("CREATE", "COMPLETE"), stack.status_reason
    (lease,) = blazar.leases.values()
    assert lease["name"] == "gpu-day"
    kinds = [r["resource_type"] for r in stack.resources["lease"].FnGetAtt("reservations")]
    assert kinds == ["physical:host", "virtual:instance"]
    stack_actions.delete(stack)
    assert stack.state == ("DELETE", "COMPLETE"), stack.status_reason
    assert blazar.leases == {}
