"""Listing events with the real engine: of one stack, of the whole project, with properties."""

from heat.common import identifier
from heat.common.context import RequestContext
from tests.unit.engine.stacks.conftest import create, hot

THING = hot({"a": {"type": "Test::Thing", "properties": {"value": "hello"}}})


def _event_ids(events):
    return [identifier.EventIdentifier(**event["event_identity"]).event_id for event in events]


def test_without_a_stack_the_events_of_every_stack_of_the_project(engine, context):
    first, _ = create(engine, context, THING, name="first")
    second, _ = create(engine, context, THING, name="second")
    stacks = {event["stack_identity"]["stack_id"] for event in engine.list_events(context, None)}
    assert stacks == {first["stack_id"], second["stack_id"]}


def test_without_a_stack_another_projects_events_are_left_out(engine, context):
    create(engine, context, THING)
    other = RequestContext(project_id="project-b", user_id="user-b", username="bob")
    assert engine.list_events(other, None) == []


def test_events_asked_for_by_id_carry_the_resource_properties(engine, context):
    identity, _ = create(engine, context, THING)
    listed = engine.list_events(context, identity, filters={"resource_name": "a"})
    assert all(event["resource_properties"] == {} for event in listed)
    by_id = engine.list_events(context, identity, filters={"uuid": _event_ids(listed)})
    assert len(by_id) == len(listed)
    assert all(event["resource_properties"]["value"] == "hello" for event in by_id)
