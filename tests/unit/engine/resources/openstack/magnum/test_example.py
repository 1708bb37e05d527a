"""The Magnum example of the docs (doc/examples/magnum-cluster.yaml), as written, against
the fake Magnum: its cluster template and cluster are made, the cluster grown, and both
deleted."""

import pathlib

from heat.common import template_format
from heat.engine import stack_actions

EXAMPLE = pathlib.Path(__file__).resolve().parents[6] / "doc" / "examples" / "magnum-cluster.yaml"


def test_the_magnum_example_is_created_and_deleted_as_it_says(magnum_engine, magnum):
    template = template_format.parse(EXAMPLE.read_text())
    sections = {key: template[key] for key in ("parameters", "outputs")}
    magnum_engine.stack(template["resources"], name="validated", **sections).validate()
    stack = magnum_engine.create(template["resources"], **sections)
    assert stack.state == ("CREATE", "COMPLETE"), stack.status_reason
    (cluster,) = magnum.clusters.values()
    assert cluster["cluster_template_id"] == stack.resources["template"].resource_id
    assert stack.resources["cluster"].FnGetAtt("api_address") == "https://172.24.4.6:6443"
    assert len(stack.resources["cluster"].FnGetAtt("node_addresses")) == 2
    stack_actions.delete(stack)
    assert stack.state == ("DELETE", "COMPLETE"), stack.status_reason
    assert (magnum.clusters, magnum.templates) == ({}, {})
