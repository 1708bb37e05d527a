"""Drift detection on the engine: each resource compared with its physical resource,
property by property; kept, read back, and undone by a converging update."""

import pytest

from heat.common import exception
from tests.unit.engine.stacks import plugins
from tests.unit.engine.stacks.conftest import create, hot, wait_for

pytestmark = pytest.mark.usefixtures("both_engines")

TEMPLATE = hot(
    {
        "kept": {"type": "Test::Observed", "properties": {"size": 1, "label": "a"}},
        "changed": {
            "type": "Test::Observed",
            "properties": {"size": 2, "label": "b", "secret": {"get_param": "key"}},
        },
        "gone": {"type": "Test::Observed"},
        "blind": {"type": "Test::Thing"},
    },
    parameters={"key": {"type": "string", "hidden": True, "default": "s3cret"}},
)


def physical_id(engine, context, identity, name):
    return engine.describe_stack_resource(context, identity, name)["physical_resource_id"]


def test_each_resource_is_compared_with_its_physical_resource(engine, context):
    identity, _ = create(engine, context, TEMPLATE)
    with pytest.raises(exception.EntityNotFound):
        engine.show_stack_drift(context, identity)
    records = plugins.Observed.records
    records[physical_id(engine, context, identity, "changed")].update(size=3, secret="leaked")
    del records[physical_id(engine, context, identity, "gone")]

    detection = engine.detect_stack_drift(context, identity)
    assert (detection["stack_drift_status"], detection["drifted_resource_count"]) == (
        "DRIFTED",
        2,
    )
    by_name = {each["resource_name"]: each for each in detection["resources"]}
    assert {name: each["status"] for name, each in by_name.items()} == {
        "kept": "IN_SYNC",
        "changed": "MODIFIED",
        "gone": "DELETED",
        "blind": "NOT_CHECKED",
    }
    assert by_name["changed"]["differences"] == [
        {"property": "secret", "expected": "******", "actual": "leaked"},
        {"property": "size", "expected": 2, "actual": 3},
    ]
    assert by_name["changed"]["expected_properties"]["label"] == "b"
    assert engine.show_stack_drift(context, identity) == detection
    assert engine.show_stack_drift(context, None, detection["id"]) == detection


def test_a_converging_update_puts_reality_back(engine, context):
    identity, _ = create(engine, context, TEMPLATE)
    records = plugins.Observed.records
    changed = physical_id(engine, context, identity, "changed")
    records[changed]["size"] = 5
    engine.update_stack(context, identity, TEMPLATE, {}, {}, {"converge": True})
    stack = wait_for(engine, context, identity)
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert records[changed]["size"] == 2
    detection = engine.detect_stack_drift(context, identity)
    assert detection["stack_drift_status"] == "IN_SYNC"
