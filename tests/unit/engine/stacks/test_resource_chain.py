"""OS::Heat::ResourceChain: one member per listed type, in order or concurrently."""

import pytest

from heat.common import exception
from heat.engine import service_registry
from heat.engine.resources.openstack.heat.resource_chain import ResourceChain
from tests.unit.engine.stacks.conftest import create, hot, wait_for


def chain(types=("Test::Thing", "Test::Thing"), concurrent=None, **resource_properties):
    """A template with one chain ``c``, its members given ``resource_properties``."""
    properties = {"resources": list(types), "resource_properties": resource_properties}
    if concurrent is not None:
        properties["concurrent"] = concurrent
    return hot(
        {"c": {"type": "OS::Heat::ResourceChain", "properties": properties}},
        outputs={"values": {"value": {"get_attr": ["c", "value"]}}},
    )


def output(stack, key):
    found = {item["output_key"]: item for item in stack["outputs"]}[key]
    return found["output_error"] if "output_error" in found else found["output_value"]


def nested_identity(engine, context, identity):
    return engine.describe_stack_resource(context, identity, "c")["nested_stack_id"]


def members(engine, context, identity):
    """``{name: (type, physical id)}`` of the chain's members."""
    found = engine.list_stack_resources(context, nested_identity(engine, context, identity))
    return {
        item["resource_name"]: (item["resource_type"], item["physical_resource_id"])
        for item in found
    }


def create_order(engine, context, identity):
    """``(name, status)`` of the members' CREATE events, oldest first."""
    nested = nested_identity(engine, context, identity)
    events = engine.list_events(context, nested, sort_dir="asc")
    return [
        (e["resource_name"], e["resource_status"])
        for e in events
        if e["resource_name"].isdigit() and e["resource_action"] == "CREATE"
    ]


def test_one_member_per_type_with_the_same_properties(engine, context):
    types = ("Test::Thing", "OS::Heat::None", "Test::Thing")
    identity, stack = create(engine, context, chain(types, value="same"))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    found = members(engine, context, identity)
    assert {name: found[name][0] for name in found} == dict(
        zip(["0", "1", "2"], types, strict=True)
    )
    assert output(stack, "values") == ["same", None, "same"]


def test_members_are_created_one_after_another(engine, context):
    identity, _stack = create(engine, context, chain(polls=2))
    assert create_order(engine, context, identity) == [
        ("0", "IN_PROGRESS"),
        ("0", "COMPLETE"),
        ("1", "IN_PROGRESS"),
        ("1", "COMPLETE"),
    ]


def test_concurrent_members_are_created_one_at_a_time_per_engine_up(engine, context):
    # As upstream, a concurrent chain creates as many members at once as engines are up:
    # with this one engine, one after another.
    identity, _stack = create(engine, context, chain(concurrent=True, polls=2))
    order = create_order(engine, context, identity)
    assert order.index(("1", "IN_PROGRESS")) > order.index(("0", "COMPLETE"))


def test_concurrent_members_are_created_together_with_two_engines_up(engine, context):
    other_engine = service_registry.ServiceRegistration("other-host", "engine-b", 60)
    other_engine.report()
    identity, _stack = create(engine, context, chain(concurrent=True, polls=2))
    order = create_order(engine, context, identity)
    assert order.index(("1", "IN_PROGRESS")) < order.index(("0", "COMPLETE"))


def test_attributes_of_the_members(engine, context):
    template = chain(value="v")
    template["outputs"].update(
        refs={"value": {"get_attr": ["c", "refs"]}},
        ref={"value": {"get_attr": ["c", "resource.1"]}},
        one={"value": {"get_attr": ["c", "resource.0.value"]}},
    )
    identity, stack = create(engine, context, template)
    ids = {name: physical for name, (_type, physical) in members(engine, context, identity).items()}
    assert output(stack, "refs") == [ids["0"], ids["1"]]
    assert output(stack, "ref") == ids["1"]
    assert output(stack, "one") == "v"


def test_the_attributes_attribute_maps_members_to_one_attribute(engine, context):
    identity, _stack = create(engine, context, chain(value="v"))
    resource = engine.runtime.load_stack(context, identity)["c"]
    assert resource.FnGetAtt("attributes", "value") == {"0": "v", "1": "v"}
    with pytest.raises(exception.InvalidTemplateAttribute):
        resource.FnGetAtt("attributes")


def test_adding_a_type_updates_the_chain_in_place(engine, context):
    identity, _stack = create(engine, context, chain(["Test::Thing"]))
    before = members(engine, context, identity)
    engine.update_stack(context, identity, chain(["Test::Thing"] * 2), {}, {}, {})
    stack = wait_for(engine, context, identity)
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert engine.describe_stack_resource(context, identity, "c")["resource_action"] == "UPDATE"
    after = members(engine, context, identity)
    assert sorted(after) == ["0", "1"]
    assert after["0"] == before["0"]


def test_an_unknown_type_fails_validation(engine, context):
    with pytest.raises(exception.StackValidationFailed, match="No::Such"):
        engine.create_stack(context, "web", chain(["No::Such"]), {}, {}, {})


def test_the_schema_matches_heat():
    updatable = {name for name, s in ResourceChain.properties_schema.items() if s.update_allowed}
    assert updatable == {"resources"}
    assert set(ResourceChain.attributes_schema) == {"refs", "attributes"}
