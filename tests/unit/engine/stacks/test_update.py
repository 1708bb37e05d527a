"""Updating stacks: in place, replacement, added and removed resources, rollback, preview."""

import json
import uuid

import pytest

from heat.db import api as db_api
from tests.unit.engine.stacks import plugins
from tests.unit.engine.stacks.conftest import create, hot, wait_for

pytestmark = pytest.mark.usefixtures("both_engines")


def update(engine, context, identity, template, params=None, **args):
    engine.update_stack(context, identity, template, params or {}, {}, args)
    return wait_for(engine, context, identity)


def physical_id(engine, context, identity, name):
    return engine.describe_stack_resource(context, identity, name)["physical_resource_id"]


def test_an_allowed_property_change_updates_in_place(engine, context):
    identity, _ = create(engine, context, hot({"a": {"type": "Test::Thing"}}))
    before = physical_id(engine, context, identity, "a")
    stack = update(
        engine, context, identity, hot({"a": {"type": "Test::Thing", "properties": {"value": "x"}}})
    )
    assert (stack["stack_action"], stack["stack_status"]) == ("UPDATE", "COMPLETE")
    resource = engine.describe_stack_resource(context, identity, "a")
    assert (resource["resource_action"], resource["physical_resource_id"]) == ("UPDATE", before)


def test_other_property_changes_replace_the_resource(engine, context):
    identity, _ = create(engine, context, hot({"a": {"type": "Test::Thing"}}))
    before = physical_id(engine, context, identity, "a")
    template = hot({"a": {"type": "Test::Thing", "properties": {"fixed": "y"}}})
    stack = update(engine, context, identity, template)
    assert stack["stack_status"] == "COMPLETE"
    resource = engine.describe_stack_resource(context, identity, "a")
    assert resource["resource_action"] == "CREATE"
    assert resource["physical_resource_id"] != before


def test_a_replaced_resource_prepares_for_its_replacement_first(engine, context):
    name = "exclusive-%s" % uuid.uuid4().hex
    resource = {"type": "Test::Exclusive", "properties": {"name": name}}
    identity, _ = create(engine, context, hot({"a": resource}))
    replaced = {"type": "Test::Exclusive", "properties": {"name": name, "generation": 1}}
    stack = update(engine, context, identity, hot({"a": replaced}))
    assert (stack["stack_action"], stack["stack_status"]) == ("UPDATE", "COMPLETE")
    assert engine.describe_stack_resource(context, identity, "a")["resource_action"] == "CREATE"
    assert name in plugins.Exclusive.held


def test_a_replaced_resource_is_deleted_with_its_own_properties(engine, context):
    old, new = "key-%s" % uuid.uuid4().hex, "key-%s" % uuid.uuid4().hex
    identity, _ = create(engine, context, hot({"a": keyed(old)}))
    stack = update(engine, context, identity, hot({"a": keyed(new)}))
    assert (stack["stack_action"], stack["stack_status"]) == ("UPDATE", "COMPLETE")
    assert new in plugins.Keyed.held and old not in plugins.Keyed.held


def test_a_copy_left_by_a_failed_update_is_deleted_with_its_own_properties(engine, context):
    old, new = "key-%s" % uuid.uuid4().hex, "key-%s" % uuid.uuid4().hex
    resources = {"a": keyed(old), "b": {"type": "Test::Thing", "properties": {"value": "1"}}}
    identity, _ = create(engine, context, hot(resources))
    failing = {"type": "Test::Thing", "properties": {"value": "2", "fail": True}}
    template = hot({"a": keyed(new), "b": {**failing, "depends_on": ["a"]}})
    stack = update(engine, context, identity, template)
    assert (stack["stack_action"], stack["stack_status"]) == ("UPDATE", "FAILED")
    assert {old, new} <= plugins.Keyed.held
    stack = update(engine, context, identity, hot({"a": keyed(new)}))
    assert (stack["stack_action"], stack["stack_status"]) == ("UPDATE", "COMPLETE")
    assert new in plugins.Keyed.held and old not in plugins.Keyed.held


def keyed(key: str) -> dict:
    return {"type": "Test::Keyed", "properties": {"key": key}}


def test_a_resource_failing_to_make_way_fails_the_update_with_its_reason(engine, context):
    name = "stuck-%s" % uuid.uuid4().hex
    resource = {"type": "Test::Exclusive", "properties": {"name": name}}
    identity, _ = create(engine, context, hot({"a": resource}))
    replaced = {"type": "Test::Exclusive", "properties": {"name": name, "generation": 1}}
    stack = update(engine, context, identity, hot({"a": replaced}))
    assert (stack["stack_action"], stack["stack_status"]) == ("UPDATE", "FAILED")
    assert "cannot let go of its name" in stack["stack_status_reason"]
    shown = engine.describe_stack_resource(context, identity, "a")
    assert (shown["resource_action"], shown["resource_status"]) == ("UPDATE", "FAILED")


def test_a_rollback_remakes_a_resource_that_made_way_for_its_replacement(engine, context):
    name = "exclusive-%s" % uuid.uuid4().hex
    resource = {"type": "Test::Exclusive", "properties": {"name": name}}
    identity, _ = create(engine, context, hot({"a": resource}), disable_rollback=False)
    failing = {
        "a": {"type": "Test::Exclusive", "properties": {"name": name, "generation": 1}},
        "b": {"type": "Test::Thing", "properties": {"fail": True}, "depends_on": "a"},
    }
    stack = update(engine, context, identity, hot(failing), disable_rollback=False)
    assert (stack["stack_action"], stack["stack_status"]) == ("ROLLBACK", "COMPLETE")
    assert physical_id(engine, context, identity, "a") == name
    assert name in plugins.Exclusive.held


def test_added_and_removed_resources(engine, context):
    identity, _ = create(engine, context, hot({"a": {"type": "Test::Thing"}}))
    stack = update(engine, context, identity, hot({"b": {"type": "Test::Thing"}}))
    assert stack["stack_status"] == "COMPLETE"
    names = [r["resource_name"] for r in engine.list_stack_resources(context, identity)]
    assert names == ["b"]


def test_a_failed_update_rolls_back_to_the_previous_template(engine, context):
    identity, _ = create(engine, context, hot({"a": {"type": "Test::Thing"}}))
    template = hot({"a": {"type": "Test::Thing", "properties": {"fail": True}}})
    stack = update(engine, context, identity, template, disable_rollback=False)
    assert (stack["stack_action"], stack["stack_status"]) == ("ROLLBACK", "COMPLETE")
    assert engine.get_template(context, identity)["resources"] == {"a": {"type": "Test::Thing"}}


def test_patch_keeps_the_template_and_merges_parameters(engine, context):
    template = hot(
        {"a": {"type": "Test::Thing", "properties": {"value": {"get_param": "v"}}}},
        parameters={"v": {"type": "string"}, "w": {"type": "string", "default": "w0"}},
    )
    identity, _ = create(engine, context, template, params={"parameters": {"v": "one"}})
    stack = update(engine, context, identity, None, {"parameters": {"w": "w1"}}, existing=True)
    assert stack["stack_status"] == "COMPLETE"
    assert stack["parameters"]["v"] == "one"
    assert stack["parameters"]["w"] == "w1"


def test_preview_update_sorts_resources_by_change(engine, context):
    identity, _ = create(
        engine, context, hot({"a": {"type": "Test::Thing"}, "b": {"type": "Test::Thing"}})
    )
    template = hot(
        {
            "a": {"type": "Test::Thing", "properties": {"value": "new"}},
            "c": {"type": "Test::Thing"},
        }
    )
    changes = engine.preview_update_stack(context, identity, template, {}, {}, {})
    names = {kind: [r["resource_name"] for r in items] for kind, items in changes.items()}
    assert names == {
        "unchanged": [],
        "updated": ["a"],
        "replaced": [],
        "added": ["c"],
        "deleted": ["b"],
    }


def test_patch_accepts_a_whole_environment_as_heatclient_sends_it(engine, context):
    template = hot(
        {"a": {"type": "Test::Thing", "properties": {"value": {"get_param": "v"}}}},
        parameters={"v": {"type": "string", "default": "zero"}},
    )
    identity, _ = create(engine, context, template)
    environment = {"parameters": {"v": "one"}, "resource_registry": {}, "event_sinks": []}
    stack = update(engine, context, identity, None, environment, existing=True)
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert stack["parameters"]["v"] == "one"


def events(engine, context, identity):
    listed = engine.list_events(context, identity, sort_dir="asc", sort_keys=["created_at"])
    return [
        (event["resource_name"], event["resource_action"], event["resource_status"], event)
        for event in listed
    ]


def test_a_replaced_resource_is_deleted_after_its_dependants_moved(engine, context):
    def template(fixed):
        return hot(
            {
                "a": {"type": "Test::Thing", "properties": {"fixed": fixed}},
                "b": {"type": "Test::Thing", "properties": {"value": {"get_resource": "a"}}},
            }
        )

    identity, _ = create(engine, context, template("x"))
    old_a = physical_id(engine, context, identity, "a")
    stack = update(engine, context, identity, template("y"))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    order = [
        (name, action, status)
        for name, action, status, event in events(engine, context, identity)
        if name == "b" or event["physical_resource_id"] == old_a
    ]
    assert order.index(("b", "UPDATE", "COMPLETE")) < order.index(("a", "DELETE", "COMPLETE"))


def test_an_unchanged_resource_reading_an_updated_attribute_is_updated(engine, context):
    def template(value):
        return hot(
            {
                "t": {"type": "OS::Heat::TestResource", "properties": {"value": value}},
                "u": {
                    "type": "OS::Heat::TestResource",
                    "properties": {"value": {"get_attr": ["t", "output"]}},
                },
            },
            outputs={"u": {"value": {"get_attr": ["u", "output"]}}},
        )

    identity, _ = create(engine, context, template("one"))
    stack = update(engine, context, identity, template("two"))
    assert stack["outputs"] == [
        {"output_key": "u", "output_value": "two", "description": "No description given"}
    ]
    resource = engine.describe_stack_resource(context, identity, "u")
    assert (resource["resource_action"], resource["resource_status"]) == ("UPDATE", "COMPLETE")


def test_a_resource_with_an_external_id_is_adopted_and_checked(engine, context):
    template = hot({"a": {"type": "OS::Heat::TestResource", "external_id": "ext-1"}})
    identity, stack = create(engine, context, template)
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    resource = engine.describe_stack_resource(context, identity, "a")
    assert resource["physical_resource_id"] == "ext-1"
    assert (resource["resource_action"], resource["resource_status"]) == ("CHECK", "COMPLETE")
    listed = engine.list_events(context, identity, sort_dir="asc", sort_keys=["created_at"])
    actions = [event["resource_action"] for event in listed if event["resource_name"] == "a"]
    assert actions == ["ADOPT", "ADOPT", "CHECK", "CHECK"]


def test_deleting_the_stack_deletes_the_copies_a_failed_update_left(engine, context):
    def template(fixed, fail):
        return hot(
            {
                "a": {"type": "Test::Thing", "properties": {"fixed": fixed}},
                "b": {
                    "type": "Test::Thing",
                    "properties": {"value": {"get_resource": "a"}, "fail": fail},
                },
            }
        )

    identity, _ = create(engine, context, template("x", False))
    old_a = physical_id(engine, context, identity, "a")
    stack = update(engine, context, identity, template("y", True))
    assert (stack["stack_action"], stack["stack_status"]) == ("UPDATE", "FAILED")
    assert len(db_api.resource_get_replaced_by_stack(context, identity["stack_id"])) == 1
    engine.delete_stack(context, identity)
    wait_for(engine, context, identity)
    deleted = [
        (action, status)
        for name, action, status, event in events(engine, context, identity)
        if event["physical_resource_id"] == old_a
    ]
    assert deleted[-1] == ("DELETE", "COMPLETE")


def test_a_copy_whose_name_left_the_template_is_deleted_as_its_own_type(engine, context):
    old, new = "key-%s" % uuid.uuid4().hex, "key-%s" % uuid.uuid4().hex
    resources = {"a": keyed(old), "b": {"type": "Test::Thing", "properties": {"value": "1"}}}
    identity, _ = create(engine, context, hot(resources))
    failing = {"type": "Test::Thing", "properties": {"value": "2", "fail": True}}
    template = hot({"a": keyed(new), "b": {**failing, "depends_on": ["a"]}})
    assert update(engine, context, identity, template)["stack_status"] == "FAILED"
    stack = update(engine, context, identity, hot({"b": {"type": "Test::Thing"}}))
    assert (stack["stack_action"], stack["stack_status"]) == ("UPDATE", "COMPLETE")
    assert not {old, new} & plugins.Keyed.held


def test_preview_update_says_what_changes_in_each_resource_and_why(engine, context):
    template = hot(
        {
            "a": {"type": "Test::Thing", "properties": {"value": "one", "fixed": "f1"}},
            "b": {"type": "Test::Thing", "properties": {"value": {"get_param": "secret"}}},
            "c": {"type": "Test::Thing", "properties": {"value": {"get_attr": ["a", "value"]}}},
        },
        parameters={"secret": {"type": "string", "hidden": True, "default": "s3cret"}},
    )
    identity, _ = create(engine, context, template)
    changed = hot(
        {
            "a": {"type": "Test::Thing", "properties": {"value": "two", "fixed": "f2"}},
            "b": {"type": "Test::Thing", "properties": {"value": {"get_param": "secret"}}},
            "c": {
                "type": "Test::Thing",
                "properties": {"value": {"get_attr": ["a", "value"]}},
                "metadata": {"m": 1},
            },
        },
        parameters={"secret": {"type": "string", "hidden": True, "default": "other"}},
    )
    preview = engine.preview_update_stack(context, identity, changed, {}, {}, {})
    [a] = preview["replaced"]
    assert a["required_by"] == ["c"]
    assert a["changes"] == {
        "properties": [
            {"name": "fixed", "old": "f1", "new": "f2", "replaces": True},
            {"name": "value", "old": "one", "new": "two", "replaces": False},
        ],
        "fields": [],
        "required_by": ["c"],
        "replacement": {"reason": "properties", "properties": ["fixed"]},
    }
    updated = {r["resource_name"]: r["changes"] for r in preview["updated"]}
    assert updated["b"]["properties"] == [
        {"name": "value", "old": "******", "new": "******", "replaces": False}
    ]
    assert updated["c"]["fields"] == [{"name": "metadata", "old": {}, "new": {"m": 1}}]
    assert "replacement" not in updated["c"]


def test_a_template_resource_given_another_template_file_is_updated_in_place(engine, context):
    # As upstream: both types are template resources, so the nested stack is updated to
    # the new file's template rather than replaced.
    files = {
        name: json.dumps(hot({resource: {"type": "OS::Heat::None"}}))
        for name, resource in (("first.yaml", "a"), ("second.yaml", "b"))
    }
    identity = engine.create_stack(
        context, "files", hot({"n": {"type": "first.yaml"}}), {}, files, {}
    )
    assert wait_for(engine, context, identity)["stack_status"] == "COMPLETE"
    before = physical_id(engine, context, identity, "n")
    engine.update_stack(context, identity, hot({"n": {"type": "second.yaml"}}), {}, files, {})
    stack = wait_for(engine, context, identity)
    assert (stack["stack_action"], stack["stack_status"]) == ("UPDATE", "COMPLETE")
    resource = engine.describe_stack_resource(context, identity, "n")
    assert (resource["resource_action"], resource["physical_resource_id"]) == ("UPDATE", before)
    nested = engine.list_stack_resources(context, identity, nested_depth=1)
    assert sorted(r["resource_name"] for r in nested) == ["b", "n"]
