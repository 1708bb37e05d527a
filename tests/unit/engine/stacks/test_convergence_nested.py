"""Nested stacks of convergence stacks: convergence stacks of their own, whose actions are
traversals that their parent resource's step waits for. (The same nested-stack tests on
both engines: test_nested.py, test_resource_group.py.)"""

import dataclasses
import time

import pytest
import yaml

from heat.common import context as heat_context
from heat.db import api as db_api
from heat.engine import stack_creation
from heat.engine.convergence import recovery
from tests.unit.engine.stacks.conftest import hot
from tests.unit.engine.stacks.test_convergence import settled, stack_row


@pytest.fixture
def conf(conf):
    conf.set_override("convergence_engine", True)
    return conf


CHILD = {
    "heat_template_version": "2021-04-16",
    "parameters": {
        "polls": {"type": "number", "default": 0},
        "fail": {"type": "boolean", "default": False},
    },
    "resources": {
        "inner": {
            "type": "Test::Thing",
            "properties": {"polls": {"get_param": "polls"}, "fail": {"get_param": "fail"}},
        },
        "after": {
            "type": "Test::Thing",
            "properties": {"value": {"get_attr": ["inner", "value"]}},
        },
    },
}
FILES = {"child.yaml": yaml.safe_dump(CHILD)}


def with_children(count, polls=0):
    member = {"type": "child.yaml", "properties": {"polls": polls}}
    group = {"type": "OS::Heat::ResourceGroup", "properties": {"count": count}}
    group["properties"]["resource_def"] = member
    return hot({"group": group})


def create_with_files(engine, context, template, **args):
    identity = engine.create_stack(context, "web", template, {}, FILES, args)
    return identity, settled(engine, context, identity)


def tree(context, root_id):
    """Every stack row below the root (the live ones), by id."""
    found, frontier = {}, [root_id]
    while frontier:
        owner = frontier.pop()
        for row in db_api.stack_get_all_by_owner_id(context, owner):
            found[row.id] = row
            frontier.append(row.id)
    return found


def test_a_nested_stack_is_a_convergence_stack_of_its_own(engine, context):
    identity, stack = create_with_files(engine, context, hot({"child": {"type": "child.yaml"}}))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    child = engine.describe_stack_resource(context, identity, "child")
    row = stack_row(context, {"stack_id": child["physical_resource_id"]})
    assert (row.action, row.status) == ("CREATE", "COMPLETE")
    assert row.convergence and row.current_traversal
    rows = db_api.resource_get_all_by_stack(context, row.id).values()
    # Each was taken by a step of the nested stack's traversal: locked, then released.
    assert all(each.atomic_key >= 2 and each.engine_id is None for each in rows)


def test_nested_stacks_complete_when_the_engine_has_a_single_turn(two_at_once, engine, context):
    two_at_once.set_override("executor_thread_pool_size", 1)
    identity, stack = create_with_files(engine, context, with_children(3, polls=2))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    below = tree(context, identity["stack_id"])
    assert len(below) == 4  # the group's stack and its three members' stacks
    assert {(row.action, row.status) for row in below.values()} == {("CREATE", "COMPLETE")}


def test_a_nested_stack_failure_fails_its_parent_resource(engine, context):
    failing = {"type": "child.yaml", "properties": {"fail": True}}
    identity, stack = create_with_files(engine, context, hot({"child": failing}))
    assert (stack["stack_action"], stack["stack_status"]) == ("CREATE", "FAILED")
    assert "Nested stack CREATE failed" in stack["stack_status_reason"]


def test_deleting_the_parent_in_a_nested_create_deletes_every_nested_stack(engine, context):
    identity = engine.create_stack(context, "web", with_children(2, polls=100000), {}, FILES, {})
    deadline = time.monotonic() + 10
    while len(tree(context, identity["stack_id"])) < 3:
        assert time.monotonic() < deadline, "the members' stacks were never made"
        time.sleep(0.02)
    below = tree(context, identity["stack_id"])
    engine.delete_stack(context, identity)
    deadline = time.monotonic() + 15
    while engine.list_stacks(context) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert engine.list_stacks(context) == []
    for stack_id in below:
        row = stack_row(context, {"stack_id": stack_id})
        assert (row.action, row.status) == ("DELETE", "COMPLETE")
        assert row.deleted_at is not None
        assert not db_api.resource_get_all_by_stack(context, stack_id)


def test_updating_the_parent_updates_the_nested_stacks_by_traversals(engine, context):
    identity, _ = create_with_files(engine, context, with_children(2))
    engine.update_stack(context, identity, with_children(3), {}, FILES, {})
    stack = settled(engine, context, identity)
    assert (stack["stack_action"], stack["stack_status"]) == ("UPDATE", "COMPLETE")
    below = tree(context, identity["stack_id"])
    group_stack = [row for row in below.values() if row.nested_depth == 1]
    assert [(row.action, row.status) for row in group_stack] == [("UPDATE", "COMPLETE")]
    assert len(below) == 4


def test_a_nested_create_cut_off_before_its_stack_was_stored_makes_it_once(
    engine, context, nowhere
):
    dying = dataclasses.replace(engine.runtime, workers=nowhere, engine_id="dead-engine")
    template = hot({"child": {"type": "child.yaml"}})
    identity = stack_creation.create_stack(dying, context, "web", template, {}, FILES, {})
    rows = db_api.resource_get_all_by_stack(context, identity["stack_id"])
    # The step chose the nested stack's id, then died before storing the stack.
    chosen = "5cbd2d0e-8a4b-4e64-9d53-0d8f7e6f2a11"
    db_api.resource_update(
        context,
        rows["child"].id,
        {
            "engine_id": "dead-engine",
            "action": "CREATE",
            "status": "IN_PROGRESS",
            "nova_instance": chosen,
        },
    )
    admin = heat_context.get_admin_context()
    assert recovery.resume_lost_steps(engine.runtime, admin, report_interval=0) == 1
    stack = settled(engine, context, identity)
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    child = engine.describe_stack_resource(context, identity, "child")
    assert child["physical_resource_id"] == chosen
    assert list(tree(context, identity["stack_id"])) == [chosen]


def test_a_nested_create_cut_off_while_its_stack_was_created_waits_for_it(engine, context, nowhere):
    identity, stack = create_with_files(engine, context, hot({"child": {"type": "child.yaml"}}))
    child_id = engine.describe_stack_resource(context, identity, "child")["physical_resource_id"]
    # The parent's create again, as if its step had died waiting for the nested stack.
    dying = dataclasses.replace(engine.runtime, workers=nowhere, engine_id="dead-engine")
    again = stack_creation.create_stack(
        dying, context, "again", hot({"child": {"type": "child.yaml"}}), {}, FILES, {}
    )
    rows = db_api.resource_get_all_by_stack(context, again["stack_id"])
    db_api.stack_update(context, child_id, {"owner_id": again["stack_id"]})
    db_api.resource_update(
        context,
        rows["child"].id,
        {
            "engine_id": "dead-engine",
            "action": "CREATE",
            "status": "IN_PROGRESS",
            "nova_instance": child_id,
        },
    )
    admin = heat_context.get_admin_context()
    assert recovery.resume_lost_steps(engine.runtime, admin, report_interval=0) == 1
    stack = settled(engine, context, again)
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert list(tree(context, again["stack_id"])) == [child_id]  # waited for, not made again


def test_cancelling_the_parent_cancels_the_traversals_of_its_nested_stacks(engine, context):
    identity = engine.create_stack(context, "web", with_children(2, polls=40), {}, FILES, {})
    deadline = time.monotonic() + 10
    while len(tree(context, identity["stack_id"])) < 3:
        assert time.monotonic() < deadline, "the members' stacks were never made"
        time.sleep(0.02)
    engine.stack_cancel_update(context, identity, cancel_with_rollback=False)
    below = tree(context, identity["stack_id"]).values()
    assert {(row.action, row.status, row.status_reason) for row in below} == {
        ("CREATE", "FAILED", "Stack CREATE cancelled")
    }
    stack = settled(engine, context, identity)
    assert stack["stack_status_reason"] == "Stack CREATE cancelled"


def test_a_batched_group_create_cut_off_between_batches_ends_with_every_member(
    engine, context, nowhere
):
    def batched(count):
        group = {
            "type": "OS::Heat::ResourceGroup",
            "properties": {"count": count, "resource_def": {"type": "Test::Thing"}},
            "update_policy": {"batch_create": {"max_batch_size": 1}},
        }
        return hot({"group": group})

    identity, _ = create_with_files(engine, context, batched(1))
    nested_id = engine.describe_stack_resource(context, identity, "group")["physical_resource_id"]
    # The create of three again, as if its step had died after the first batch.
    dying = dataclasses.replace(engine.runtime, workers=nowhere, engine_id="dead-engine")
    again = stack_creation.create_stack(dying, context, "again", batched(3), {}, {}, {})
    db_api.stack_update(context, nested_id, {"owner_id": again["stack_id"]})
    rows = db_api.resource_get_all_by_stack(context, again["stack_id"])
    db_api.resource_update(
        context,
        rows["group"].id,
        {
            "engine_id": "dead-engine",
            "action": "CREATE",
            "status": "IN_PROGRESS",
            "nova_instance": nested_id,
        },
    )
    admin = heat_context.get_admin_context()
    assert recovery.resume_lost_steps(engine.runtime, admin, report_interval=0) == 1
    stack = settled(engine, context, again)
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert set(db_api.resource_get_all_by_stack(context, nested_id)) == {"0", "1", "2"}
