"""Snapshots, export, abandon and adopt through the real engine."""

import pytest

from heat.common import exception
from tests.unit.engine.stacks.conftest import create, hot, wait_for

TEMPLATE = hot({"a": {"type": "Test::Thing", "properties": {"value": "one"}}})


def test_a_snapshot_keeps_the_export_document(engine, context):
    identity, _ = create(engine, context, TEMPLATE)
    snapshot = engine.stack_snapshot(context, identity, "s1")
    assert (snapshot["name"], snapshot["status"]) == ("s1", "IN_PROGRESS")
    stack = wait_for(engine, context, identity)
    assert (stack["stack_action"], stack["stack_status"]) == ("SNAPSHOT", "COMPLETE")
    shown = engine.show_snapshot(context, identity, snapshot["id"])
    assert shown["status"] == "COMPLETE"
    assert shown["data"]["resources"]["a"]["type"] == "Test::Thing"
    assert [s["id"] for s in engine.stack_list_snapshots(context, identity)] == [snapshot["id"]]


def test_restore_returns_to_the_snapshot_template(engine, context):
    identity, _ = create(engine, context, TEMPLATE)
    snapshot = engine.stack_snapshot(context, identity, "s1")
    wait_for(engine, context, identity)
    engine.update_stack(context, identity, hot({"b": {"type": "Test::Thing"}}), {}, {}, {})
    wait_for(engine, context, identity)
    engine.stack_restore(context, identity, snapshot["id"])
    stack = wait_for(engine, context, identity)
    assert (stack["stack_action"], stack["stack_status"]) == ("RESTORE", "COMPLETE")
    names = [r["resource_name"] for r in engine.list_stack_resources(context, identity)]
    assert names == ["a"]


def test_deleting_a_snapshot_forgets_it(engine, context):
    identity, _ = create(engine, context, TEMPLATE)
    snapshot = engine.stack_snapshot(context, identity, "s1")
    wait_for(engine, context, identity)
    engine.delete_snapshot(context, identity, snapshot["id"])
    with pytest.raises(exception.SnapshotNotFound):
        engine.show_snapshot(context, identity, snapshot["id"])


def test_export_needs_abandon_enabled(engine, context):
    identity, _ = create(engine, context, TEMPLATE)
    with pytest.raises(exception.NotSupported):
        engine.export_stack(context, identity)


def test_abandon_then_adopt_takes_over_the_physical_resources(conf, engine, context):
    conf.set_override("enable_stack_abandon", True)
    conf.set_override("enable_stack_adopt", True)
    engine.runtime.settings = type(engine.runtime.settings).from_conf(conf)
    identity, _ = create(engine, context, TEMPLATE)
    physical = engine.describe_stack_resource(context, identity, "a")["physical_resource_id"]
    document = engine.abandon_stack(context, identity)
    assert engine.list_stacks(context) == []
    adopted, stack = create(engine, context, TEMPLATE, name="again", adopt_stack_data=document)
    assert (stack["stack_action"], stack["stack_status"]) == ("ADOPT", "COMPLETE")
    resource = engine.describe_stack_resource(context, adopted, "a")
    assert resource["physical_resource_id"] == physical
