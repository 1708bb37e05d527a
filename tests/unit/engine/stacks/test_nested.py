"""Nested stacks: template resources, OS::Heat::Stack, AWS::CloudFormation::Stack."""

import pytest
import yaml

from tests.unit.engine.stacks.conftest import create, hot, wait_for

pytestmark = pytest.mark.usefixtures("both_engines")

CHILD = {
    "heat_template_version": "2021-04-16",
    "parameters": {"value": {"type": "string", "default": "d"}},
    "resources": {
        "inner": {"type": "Test::Thing", "properties": {"value": {"get_param": "value"}}}
    },
    "outputs": {"out": {"value": {"get_attr": ["inner", "value"]}}},
}


def create_with_files(engine, context, template, files, env=None):
    identity = engine.create_stack(context, "web", template, env or {}, files, {})
    return identity, wait_for(engine, context, identity)


def test_a_template_resource_creates_its_template_as_a_nested_stack(engine, context):
    template = hot(
        {"child": {"type": "child.yaml", "properties": {"value": "v1"}}},
        outputs={"o": {"value": {"get_attr": ["child", "out"]}}},
    )
    identity, stack = create_with_files(
        engine, context, template, {"child.yaml": yaml.safe_dump(CHILD)}
    )
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert stack["outputs"][0]["output_value"] == "v1"
    child = engine.describe_stack_resource(context, identity, "child")
    nested = engine.show_stack(context, child["nested_stack_id"])[0]
    assert nested["parent"] == identity["stack_id"]
    assert nested["stack_status"] == "COMPLETE"


def test_a_type_mapped_in_the_environment_to_a_template(engine, context):
    template = hot({"child": {"type": "My::Child"}})
    env = {"resource_registry": {"My::Child": "child.yaml"}}
    identity, stack = create_with_files(
        engine, context, template, {"child.yaml": yaml.safe_dump(CHILD)}, env
    )
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]


def test_os_heat_stack_outputs_are_an_attribute(engine, context):
    template = hot(
        {
            "s": {
                "type": "OS::Heat::Stack",
                "properties": {"template": yaml.safe_dump(CHILD), "parameters": {"value": "x"}},
            }
        },
        outputs={"o": {"value": {"get_attr": ["s", "outputs", "out"]}}},
    )
    identity, stack = create(engine, context, template)
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert stack["outputs"][0]["output_value"] == "x"


def test_deleting_the_parent_deletes_the_nested_stack(engine, context):
    template = hot(
        {"s": {"type": "OS::Heat::Stack", "properties": {"template": yaml.safe_dump(CHILD)}}}
    )
    identity, _ = create(engine, context, template)
    nested_id = engine.describe_stack_resource(context, identity, "s")["physical_resource_id"]
    engine.delete_stack(context, identity)
    wait_for(engine, context, identity)
    assert engine.list_stacks(context, show_nested=True) == []
    assert nested_id


def test_updating_a_template_resource_updates_the_nested_stack(engine, context):
    files = {"child.yaml": yaml.safe_dump(CHILD)}
    template = hot(
        {"child": {"type": "child.yaml", "properties": {"value": "v1"}}},
        outputs={"o": {"value": {"get_attr": ["child", "out"]}}},
    )
    identity, _ = create_with_files(engine, context, template, files)
    template["resources"]["child"]["properties"]["value"] = "v2"
    engine.update_stack(context, identity, template, {}, files, {})
    stack = wait_for(engine, context, identity)
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert stack["outputs"][0]["output_value"] == "v2"


def test_a_failing_nested_resource_fails_the_parent(engine, context):
    child = dict(CHILD, resources={"inner": {"type": "Test::Thing", "properties": {"fail": True}}})
    child.pop("outputs")
    template = hot(
        {"s": {"type": "OS::Heat::Stack", "properties": {"template": yaml.safe_dump(child)}}}
    )
    identity, stack = create(engine, context, template)
    assert stack["stack_status"] == "FAILED"
    assert "Thing inner failed" in stack["stack_status_reason"]


def test_resource_and_event_listings_go_into_nested_stacks(engine, context):
    template = hot(
        {"s": {"type": "OS::Heat::Stack", "properties": {"template": yaml.safe_dump(CHILD)}}}
    )
    identity, _ = create(engine, context, template)
    names = [
        r["resource_name"] for r in engine.list_stack_resources(context, identity, nested_depth=1)
    ]
    assert names == ["s", "inner"]
    assert [r["resource_name"] for r in engine.list_stack_resources(context, identity)] == ["s"]
    events = engine.list_events(context, identity, nested_depth=1)
    assert "inner" in {event["resource_name"] for event in events}
    assert "inner" not in {e["resource_name"] for e in engine.list_events(context, identity)}


def test_the_resource_limit_counts_nested_stacks(conf, engine, context):
    conf.set_override("max_resources_per_stack", 2)
    engine.runtime.settings = type(engine.runtime.settings).from_conf(conf)
    child = dict(CHILD, resources={str(i): {"type": "Test::Thing"} for i in range(2)})
    child.pop("outputs")
    template = hot(
        {"s": {"type": "OS::Heat::Stack", "properties": {"template": yaml.safe_dump(child)}}}
    )
    identity, stack = create(engine, context, template)
    assert stack["stack_status"] == "FAILED"
    assert "Maximum resources per stack exceeded." in stack["stack_status_reason"]


def test_resource_facade_reads_the_parent_definition(engine, context):
    child = {
        "heat_template_version": "2021-04-16",
        "outputs": {"m": {"value": {"resource_facade": "metadata"}}},
    }
    template = hot(
        {"child": {"type": "child.yaml", "metadata": {"role": "db"}}},
        outputs={"o": {"value": {"get_attr": ["child", "m"]}}},
    )
    identity, stack = create_with_files(
        engine, context, template, {"child.yaml": yaml.safe_dump(child)}
    )
    assert stack["outputs"][0]["output_value"] == {"role": "db"}
