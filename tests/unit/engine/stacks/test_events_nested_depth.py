"""list_events walks the nested stacks that exist, whatever nested_depth asks for."""

import threading

import yaml

from tests.unit.engine.stacks.conftest import create, hot

CHILD = {
    "heat_template_version": "2021-04-16",
    "resources": {"inner": {"type": "OS::Heat::None"}},
}


def list_events_within(deadline, engine, context, identity, nested_depth):
    """The events, or AssertionError when the call has not answered by ``deadline``."""
    answers = []
    worker = threading.Thread(
        target=lambda: answers.append(
            engine.list_events(context, identity, nested_depth=nested_depth)
        ),
        daemon=True,
    )
    worker.start()
    worker.join(deadline)
    assert answers, "list_events did not answer within %s s" % deadline
    return answers[0]


def test_the_largest_nested_depth_lists_every_level_and_returns(engine, context):
    template = hot(
        {"s": {"type": "OS::Heat::Stack", "properties": {"template": yaml.safe_dump(CHILD)}}}
    )
    identity, stack = create(engine, context, template)
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    events = list_events_within(30, engine, context, identity, 2**63 - 1)
    names = {event["resource_name"] for event in events}
    assert {"s", "inner"} <= names
    assert all(event["root_stack_id"]["stack_id"] == identity["stack_id"] for event in events)


def test_a_depth_of_one_stops_at_the_first_level(engine, context):
    grandchild = dict(CHILD, resources={"deepest": {"type": "OS::Heat::None"}})
    child = dict(
        CHILD,
        resources={
            "inner": {
                "type": "OS::Heat::Stack",
                "properties": {"template": yaml.safe_dump(grandchild)},
            }
        },
    )
    template = hot(
        {"s": {"type": "OS::Heat::Stack", "properties": {"template": yaml.safe_dump(child)}}}
    )
    identity, _stack = create(engine, context, template)
    names = {
        event["resource_name"] for event in engine.list_events(context, identity, nested_depth=1)
    }
    assert "inner" in names and "deepest" not in names
