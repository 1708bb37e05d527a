"""Updating stacks: in place, replacement, added and removed resources, rollback, preview."""

from tests.unit.engine.stacks.conftest import create, hot, wait_for


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
