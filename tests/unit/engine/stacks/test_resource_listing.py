"""A plain resource listing made from rows and the template's kept shape (resource_listing)
answers exactly what the listing of the loaded stack answers."""

import pytest
import yaml

from heat.engine.resource_listing import TemplateShapes
from tests.unit.engine.stacks.conftest import hot, wait_for
from tests.unit.engine.stacks.plugins import Thing

pytestmark = pytest.mark.usefixtures("both_engines")

CHILD = hot(
    {"inner": {"type": "Test::Thing", "properties": {"value": {"get_param": "value"}}}},
    parameters={"value": {"type": "string", "default": "d"}},
)

TEMPLATE = hot(
    {
        "a": {"type": "Test::Thing", "properties": {"value": "a"}},
        "b": {"type": "Test::Thing", "properties": {"value": {"get_attr": ["a", "value"]}}},
        "c": {"type": "Test::Thing", "depends_on": ["a", "b"]},
        "off": {"type": "Test::Thing", "condition": "never"},
        "child": {"type": "child.yaml", "properties": {"value": {"get_resource": "a"}}},
        "group": {
            "type": "OS::Heat::ResourceGroup",
            "properties": {"count": 2, "resource_def": {"type": "Test::Thing"}},
        },
        "broken": {
            "type": "Test::Thing",
            "properties": {"fail": True},
            "depends_on": ["c", "child", "group"],
        },
    },
    conditions={"never": {"equals": ["x", "y"]}},
)
FILES = {"child.yaml": yaml.safe_dump(CHILD)}
FILTERS = [
    {},
    {"name": "b"},
    {"type": "Test::Thing"},
    {"type": ["child.yaml", "OS::Heat::ResourceGroup"]},
    {"status": "FAILED"},
    {"action": "CREATE", "status": "COMPLETE"},
    {"name": "nothing"},
]


def both_listings(engine, context, identity, **filters):
    """``(listing of the loaded stack, listing from the kept shape)``."""
    engine.runtime.template_shapes = TemplateShapes()
    loaded = engine.list_stack_resources(context, identity, filters=filters)
    row = engine.runtime.stack_row(context, identity)
    assert engine.runtime.template_shapes.get(row) is not None
    return loaded, engine.list_stack_resources(context, identity, filters=filters)


def test_every_filter_lists_the_same_as_the_loaded_stack(engine, context):
    identity = engine.create_stack(context, "web", TEMPLATE, {}, FILES, {})
    stack = wait_for(engine, context, identity)
    assert stack["stack_status"] == "FAILED", stack["stack_status_reason"]
    for filters in FILTERS:
        loaded, kept = both_listings(engine, context, identity, **filters)
        assert kept == loaded, filters
    loaded, _ = both_listings(engine, context, identity)
    by_name = {resource["resource_name"]: resource for resource in loaded}
    assert set(by_name) == {"a", "b", "c", "child", "group", "broken"}
    assert by_name["a"]["required_by"] == ["b", "c", "child"]
    assert "nested_stack_id" in by_name["child"] and "nested_stack_id" in by_name["group"]


def test_a_nested_stack_lists_its_parent_resource(engine, context):
    identity = engine.create_stack(context, "web", TEMPLATE, {}, FILES, {})
    wait_for(engine, context, identity)
    child = engine.describe_stack_resource(context, identity, "child")["nested_stack_id"]
    loaded, kept = both_listings(engine, context, child)
    assert kept == loaded
    assert [resource["parent_resource"] for resource in kept] == ["child"]


def test_an_update_lists_its_new_template(engine, context):
    identity = engine.create_stack(context, "web", hot({"a": {"type": "Test::Thing"}}), {}, {}, {})
    wait_for(engine, context, identity)
    engine.list_stack_resources(context, identity)
    updated = hot({"a": {"type": "Test::Thing"}, "z": {"type": "Test::Thing", "depends_on": "a"}})
    engine.update_stack(context, identity, updated, {}, {}, {})
    wait_for(engine, context, identity)
    listed = engine.list_stack_resources(context, identity)
    assert [(r["resource_name"], r["required_by"]) for r in listed] == [("a", ["z"]), ("z", [])]
    loaded, kept = both_listings(engine, context, identity)
    assert kept == loaded


class Implying(Thing):
    """Requires every other resource of its kind, as a port requires its network's subnets."""

    @classmethod
    def implied_requirements(cls, name, values, resources):
        return [other for other, _ in resources.of_kind(cls) if other != name]


def test_a_type_that_implies_requirements_is_listed_from_the_loaded_stack(engine, context):
    """Implied requirements come from resolved values, which change with the state."""
    engine.runtime.global_env.registry.register_class("Test::Implying", Implying)
    template = hot({"x": {"type": "Test::Implying"}, "y": {"type": "Test::Implying"}})
    identity = engine.create_stack(context, "web", template, {}, {}, {})
    wait_for(engine, context, identity)
    engine.runtime.template_shapes = TemplateShapes()
    for _ in range(2):
        listed = engine.list_stack_resources(context, identity)
        assert [(r["resource_name"], r["required_by"]) for r in listed] == [("x", []), ("y", ["x"])]
    assert engine.runtime.template_shapes.get(engine.runtime.stack_row(context, identity)) is None
