"""The Trove example of the docs (doc/examples/trove-database.yaml), as written, against
the fake Trove: its instance and cluster are made, their outputs shown, and deleted."""

import pathlib

from heat.common import template_format
from heat.engine import stack_actions

EXAMPLE = pathlib.Path(__file__).resolve().parents[6] / "doc" / "examples" / "trove-database.yaml"


def test_the_trove_example_is_created_and_deleted_as_it_says(trove_engine, trove):
    template = template_format.parse(EXAMPLE.read_text())
    sections = {key: template[key] for key in ("parameters", "outputs")}
    trove_engine.stack(template["resources"], name="validated", **sections).validate()
    stack = trove_engine.create(template["resources"], **sections)
    assert stack.state == ("CREATE", "COMPLETE"), stack.status_reason
    instance = trove.instances[stack.resources["shop_db"].resource_id]
    assert (instance["flavor"]["id"], instance["datastore"]) == (
        "2",
        {"type": "mysql", "version": "8.0"},
    )
    assert trove.users[instance["id"]][0]["databases"] == [{"name": "shop"}]
    assert stack.output("shop_host") == (instance["hostname"], None)
    assert stack.output("catalog_ips") == (["10.0.0.10", "10.0.0.11"], None)
    stack_actions.delete(stack)
    assert stack.state == ("DELETE", "COMPLETE"), stack.status_reason
    assert (trove.instances, trove.clusters) == ({}, {})
