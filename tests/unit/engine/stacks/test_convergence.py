"""Convergence stacks (``convergence_engine``): create, delete, rollback and cancel as
traversals of work items, and the steps of a dead engine sent again. (Several engines
sharing the work over RabbitMQ: tests/functional/test_convergence_engine_kill.py.)"""

import contextlib
import dataclasses
import threading
import time

import pytest
import sqlalchemy as sa

from heat.common import context as heat_context
from heat.db import api as db_api
from heat.engine import stack_creation
from heat.engine.convergence import recovery
from heat.engine.convergence.graph import Node
from heat.engine.convergence.traversal_stacks import TraversalStacks
from tests.unit.engine.stacks.conftest import TENANT, hot
from tests.unit.engine.stacks.plugins import Busy


@pytest.fixture
def conf(conf):
    conf.set_override("convergence_engine", True)
    return conf


def settled(engine, context, identity, action=None, timeout=15.0):
    """The stack once its action (``action``, when given) is no longer IN_PROGRESS (work
    items run on threads of whichever engine takes them: no one thread to wait for)."""
    deadline = time.monotonic() + timeout
    while True:
        stack = engine.show_stack(context, identity, resolve_outputs=False)[0]
        if stack["stack_status"] != "IN_PROGRESS" and action in (None, stack["stack_action"]):
            return stack
        if time.monotonic() > deadline:
            raise AssertionError("stack still %s" % stack["stack_status"])
        time.sleep(0.02)


def create(engine, context, template, **args):
    identity = engine.create_stack(context, "web", template, {}, {}, args)
    return identity, settled(engine, context, identity)


def chain(count, **properties):
    resources = {"r0": {"type": "Test::Thing", "properties": dict(properties)}}
    for index in range(1, count):
        resources["r%d" % index] = {
            "type": "Test::Thing",
            "properties": {"value": {"get_attr": ["r%d" % (index - 1), "value"]}, **properties},
        }
    return hot(resources)


def events(engine, context, identity):
    listed = engine.list_events(context, identity, sort_dir="asc", sort_keys=["created_at"])
    return [(e["resource_name"], e["resource_action"], e["resource_status"]) for e in listed]


def stack_row(context, identity):
    return db_api.stack_get(context, identity["stack_id"], show_deleted=True, eager_load=False)


def test_a_new_stack_is_created_by_a_traversal(engine, context):
    identity, stack = create(engine, context, chain(4))
    assert (stack["stack_action"], stack["stack_status"]) == ("CREATE", "COMPLETE")
    assert stack["stack_status_reason"] == "Stack CREATE completed successfully"
    assert stack["updated_time"] is None  # a create is not an update, traversal or not
    row = stack_row(context, identity)
    assert row.convergence and row.current_traversal
    assert db_api.resource_get_all_by_stack(context, identity["stack_id"]).keys() == {
        "r0",
        "r1",
        "r2",
        "r3",
    }
    created = [name for name, action, status in events(engine, context, identity)]
    created = [name for name in created if name != "web"]
    assert created[::2] == ["r0", "r1", "r2", "r3"]  # IN_PROGRESS, COMPLETE, in chain order


def test_no_resource_stays_locked_and_sync_points_are_dropped(engine, context):
    identity, stack = create(engine, context, chain(3))
    assert stack["stack_status"] == "COMPLETE"
    rows = db_api.resource_get_all_by_stack(context, identity["stack_id"]).values()
    assert [row.engine_id for row in rows] == [None, None, None]
    assert all(row.atomic_key >= 2 for row in rows)  # locked and unlocked once at least
    with db_api.get_engine().connect() as connection:
        assert connection.execute(sa.text("SELECT count(*) FROM sync_point")).scalar() == 0


def test_a_failed_create_is_rolled_back_by_a_deleting_traversal(engine, context):
    template = hot(
        {
            "a": {"type": "Test::Thing"},
            "b": {
                "type": "Test::Thing",
                "properties": {"fail": True, "value": {"get_resource": "a"}},
            },
        }
    )
    identity = engine.create_stack(context, "web", template, {}, {}, {"disable_rollback": False})
    stack = settled(engine, context, identity, action="ROLLBACK")
    assert stack["stack_status"] == "COMPLETE"
    seen = events(engine, context, identity)
    assert ("b", "CREATE", "FAILED") in seen
    assert ("a", "DELETE", "COMPLETE") in seen
    assert ("web", "CREATE", "FAILED") in seen


def test_without_rollback_a_failed_create_stays_failed(engine, context):
    template = hot({"a": {"type": "Test::Thing", "properties": {"fail": True}}})
    identity, stack = create(engine, context, template)
    assert (stack["stack_action"], stack["stack_status"]) == ("CREATE", "FAILED")
    assert stack["stack_status_reason"] == (
        "Resource CREATE failed: ValueError: resources.a: Thing a failed"
    )


def test_delete_removes_the_stack(engine, context):
    identity, _ = create(engine, context, chain(3))
    engine.delete_stack(context, identity)
    deadline = time.monotonic() + 15
    while engine.list_stacks(context) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert engine.list_stacks(context) == []
    deleted = [name for name, action, status in events_of_deleted(context, identity)]
    assert deleted == ["r2", "r1", "r0"]


def events_of_deleted(context, identity):
    rows = sorted(db_api.event_get_all_by_stack(context, identity["stack_id"]), key=lambda r: r.id)
    return [
        (row.resource_name, row.resource_action, row.resource_status)
        for row in rows
        if row.resource_action == "DELETE"
        and row.resource_status == "COMPLETE"
        and row.resource_name != "web"
    ]


def test_delete_supersedes_a_create_in_progress(engine, context):
    identity = engine.create_stack(context, "web", chain(2, polls=100000), {}, {}, {})
    time.sleep(0.2)
    engine.delete_stack(context, identity)
    deadline = time.monotonic() + 15
    while engine.list_stacks(context) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert engine.list_stacks(context) == []


def test_cancel_fails_the_create_and_the_running_step_finishes(engine, context):
    """As upstream's: a cancel stops the traversal, not the steps running."""
    identity = engine.create_stack(context, "web", chain(2, polls=20), {}, {}, {})
    time.sleep(0.2)
    engine.stack_cancel_update(context, identity, cancel_with_rollback=False)
    stack = engine.show_stack(context, identity)[0]
    assert (stack["stack_status"], stack["stack_status_reason"]) == (
        "FAILED",
        "Stack CREATE cancelled",
    )
    engine.runtime.threads.wait(identity["stack_id"], 10)
    states_now = {
        r["resource_name"]: (r["resource_action"], r["resource_status"])
        for r in engine.list_stack_resources(context, identity)
    }
    # r1 was never started.
    assert states_now == {"r0": ("CREATE", "COMPLETE"), "r1": ("INIT", "COMPLETE")}


@pytest.mark.parametrize("cancelled_first", [False, True])
def test_delete_stops_the_running_step(engine, context, cancelled_first):
    identity = engine.create_stack(context, "web", chain(1, polls=100000), {}, {}, {})
    time.sleep(0.2)
    if cancelled_first:  # the step goes on after the cancel, until the delete
        engine.stack_cancel_update(context, identity, cancel_with_rollback=False)
        time.sleep(1.5)
    engine.delete_stack(context, identity)
    engine.runtime.threads.wait(identity["stack_id"], 10)
    assert not engine.runtime.threads.running(identity["stack_id"])
    assert engine.list_stacks(context) == []


def test_other_actions_wait_for_the_traversal(engine, context):
    identity = engine.create_stack(context, "web", chain(1, polls=100000), {}, {}, {})
    time.sleep(0.1)
    with pytest.raises(Exception, match="in progress"):
        engine.stack_suspend(context, identity)
    engine.delete_stack(context, identity)


def test_an_update_supersedes_an_update_in_progress(engine, context):
    identity, _ = create(engine, context, hot({"a": {"type": "Test::Thing"}}))
    slow = {"type": "Test::Thing", "properties": {"polls": 30}}
    engine.update_stack(
        context, identity, hot({"a": {"type": "Test::Thing"}, "b": slow}), {}, {}, {}
    )
    deadline = time.monotonic() + 10
    while ("b", "CREATE", "IN_PROGRESS") not in events(engine, context, identity):
        assert time.monotonic() < deadline, "b's create never started"
        time.sleep(0.01)
    final = hot(
        {"a": {"type": "Test::Thing", "properties": {"value": "2"}}, "c": {"type": "Test::Thing"}}
    )
    engine.update_stack(context, identity, final, {}, {}, {})
    stack = settled(engine, context, identity)
    assert (stack["stack_action"], stack["stack_status"]) == ("UPDATE", "COMPLETE")
    assert set(db_api.resource_get_all_by_stack(context, identity["stack_id"])) == {"a", "c"}
    seen = events(engine, context, identity)
    # b's create ran to its end (not cancelled), then the second update deleted it.
    assert seen.index(("b", "CREATE", "COMPLETE")) < seen.index(("b", "DELETE", "COMPLETE"))
    a = engine.describe_stack_resource(context, identity, "a")
    assert a["resource_action"] == "UPDATE"


def test_steps_a_dead_engine_lost_are_sent_again(engine, context, nowhere):
    dying = dataclasses.replace(engine.runtime, workers=nowhere, engine_id="dead-engine")
    identity = stack_creation.create_stack(dying, context, "web", chain(3), {}, {}, {})
    time.sleep(0.3)
    assert engine.show_stack(context, identity)[0]["stack_status"] == "IN_PROGRESS"
    admin = heat_context.get_admin_context()
    assert recovery.resume_lost_steps(engine.runtime, admin, report_interval=0) == 1
    stack = settled(engine, context, identity)
    assert (stack["stack_status"], stack["stack_status_reason"]) == (
        "COMPLETE",
        "Stack CREATE completed successfully",
    )


def test_lost_steps_are_sent_again_acting_for_the_stack_creator(engine, nowhere):
    creator = heat_context.RequestContext(
        project_id=TENANT, user_id="user-a", username="alice", password="secret"
    )
    dying = dataclasses.replace(engine.runtime, workers=nowhere, engine_id="dead-engine")
    identity = stack_creation.create_stack(dying, creator, "web", chain(2), {}, {}, {})
    admin = heat_context.get_admin_context()
    acting = recovery.acting_context(engine.runtime, admin, identity["stack_id"])
    assert (acting.username, acting.password, acting.project_id) == ("alice", "secret", TENANT)
    assert not acting.is_admin
    time.sleep(0.3)
    assert recovery.resume_lost_steps(engine.runtime, admin, report_interval=0) == 1
    assert settled(engine, creator, identity)["stack_status"] == "COMPLETE"


def test_steps_a_live_engine_sent_are_sent_again_only_at_length(engine, context, nowhere):
    # Items on their way (queued, or waiting for a turn) are not lost: no duplicates,
    # until the step has stayed untaken so long that an engine must have died with it.
    beat = 0.05
    sending = dataclasses.replace(engine.runtime, workers=nowhere)
    identity = stack_creation.create_stack(sending, context, "web", chain(3), {}, {}, {})
    admin = heat_context.get_admin_context()
    time.sleep((recovery.QUEUED_BEATS + 1) * beat)
    assert recovery.resume_lost_steps(engine.runtime, admin, report_interval=beat) == 0
    time.sleep(recovery.UNTAKEN_BEATS * beat)
    assert recovery.resume_lost_steps(engine.runtime, admin, report_interval=beat) == 1
    assert settled(engine, context, identity)["stack_status"] == "COMPLETE"


def test_a_step_locked_by_a_dead_engine_is_taken_over(engine, conf, context, nowhere):
    conf.set_override("engine_life_check_timeout", 1)
    dying = dataclasses.replace(engine.runtime, workers=nowhere, engine_id="dead-engine")
    identity = stack_creation.create_stack(dying, context, "web", chain(2), {}, {}, {})
    rows = db_api.resource_get_all_by_stack(context, identity["stack_id"])
    # The engine that took r0's item died holding the row, half-way through its create.
    db_api.resource_update(
        context,
        rows["r0"].id,
        {
            "engine_id": "dead-engine",
            "action": "CREATE",
            "status": "IN_PROGRESS",
            "nova_instance": "made-before-the-crash",
        },
    )
    admin = heat_context.get_admin_context()
    assert recovery.resume_lost_steps(engine.runtime, admin, report_interval=0) == 1
    stack = settled(engine, context, identity)
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    r0 = engine.describe_stack_resource(context, identity, "r0")
    assert r0["physical_resource_id"] == "made-before-the-crash"  # checked, not made again


def test_cancelling_an_update_rolls_it_back_by_a_traversal(engine, context):
    """As upstream's: the rollback takes over at once, and the step running finishes."""
    before = hot({"a": {"type": "Test::Thing", "properties": {"value": "1"}}})
    identity, _ = create(engine, context, before, disable_rollback=False)
    slow = {"type": "Test::Thing", "properties": {"polls": 20}}
    after = hot({"a": {"type": "Test::Thing", "properties": {"value": "2"}}, "b": slow})
    engine.update_stack(context, identity, after, {}, {}, {})
    time.sleep(0.3)
    engine.stack_cancel_update(context, identity, cancel_with_rollback=True)
    stack = settled(engine, context, identity, action="ROLLBACK")
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    seen = events(engine, context, identity)
    assert ("web", "UPDATE", "FAILED") not in seen
    assert seen.index(("b", "CREATE", "COMPLETE")) < seen.index(("b", "DELETE", "COMPLETE"))
    assert set(db_api.resource_get_all_by_stack(context, identity["stack_id"])) == {"a"}
    a = engine.describe_stack_resource(context, identity, "a")
    assert a["resource_action"] == "UPDATE"  # back to value 1


def test_cancelling_without_rollback_lets_the_running_step_finish(engine, context):
    before = hot({"a": {"type": "Test::Thing"}})
    identity, _ = create(engine, context, before, disable_rollback=False)
    slow = {"type": "Test::Thing", "properties": {"polls": 20}}
    engine.update_stack(
        context, identity, hot({"a": {"type": "Test::Thing"}, "b": slow}), {}, {}, {}
    )
    time.sleep(0.3)
    engine.stack_cancel_update(context, identity, cancel_with_rollback=False)
    stack = settled(engine, context, identity)
    assert (stack["stack_action"], stack["stack_status"]) == ("UPDATE", "FAILED")
    assert stack["stack_status_reason"] == "Stack UPDATE cancelled"
    engine.runtime.threads.wait(identity["stack_id"], 10)
    b = engine.describe_stack_resource(context, identity, "b")
    assert (b["resource_action"], b["resource_status"]) == ("CREATE", "COMPLETE")


def flat(count, **properties):
    return hot({"r%d" % i: {"type": "Test::Thing", "properties": properties} for i in range(count)})


@contextlib.contextmanager
def template_reads():
    """The template reads from the database while the block runs (a list, filled then)."""
    reads = []

    def count(connection, cursor, statement, *args):
        if statement.startswith("SELECT") and "FROM raw_template" in statement:
            reads.append(statement)

    sa.event.listen(db_api.get_engine(), "before_cursor_execute", count)
    try:
        yield reads
    finally:
        sa.event.remove(db_api.get_engine(), "before_cursor_execute", count)


def test_the_steps_of_a_traversal_share_one_load_of_the_stack(engine, context):
    def create_reads(name, count):
        with template_reads() as reads:
            identity = engine.create_stack(context, name, flat(count), {}, {}, {})
            assert settled(engine, context, identity)["stack_status"] == "COMPLETE"
        return len(reads)

    assert 0 < create_reads("few", 2) == create_reads("many", 20)


def test_the_steps_of_an_update_share_one_load_of_each_definition(engine, context):
    def update_reads(name, count):
        identity = engine.create_stack(context, name, flat(count), {}, {}, {})
        settled(engine, context, identity)
        with template_reads() as reads:
            engine.update_stack(context, identity, flat(count, value="2"), {}, {}, {})
            stack = settled(engine, context, identity, action="UPDATE")
            assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
        return len(reads)

    assert 0 < update_reads("few", 2) == update_reads("many", 20)


def test_a_step_reads_again_the_rows_of_what_it_requires(engine, context):
    identity, _ = create(engine, context, chain(3))
    row = stack_row(context, identity)
    shared = TraversalStacks().get(engine.runtime, context, row.id, row.current_traversal)
    rows = db_api.resource_get_all_by_stack(context, row.id)
    # Another engine acts on r0 and r2 after this one loaded the stack.
    for name in ("r0", "r2"):
        db_api.resource_update(context, rows[name].id, {"nova_instance": "changed-elsewhere"})
    stack, _ = shared.stack_for(context, Node(rows["r1"].id, True))
    assert stack.resources["r0"].resource_id == "changed-elsewhere"  # r1 requires r0
    assert stack.resources["r2"].resource_id != "changed-elsewhere"  # r2 is none of its own


def test_an_engine_has_no_more_steps_working_at_once_than_its_pool_size(
    two_at_once, engine, context
):
    busy = {"r%d" % i: {"type": "Test::Busy"} for i in range(6)}
    Busy.most = 0
    identity, stack = create(engine, context, hot(busy))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert Busy.most == 2


def test_a_step_sleeping_between_looks_at_its_resource_holds_no_turn(two_at_once, engine, context):
    identity = engine.create_stack(context, "web", flat(6, polls=8), {}, {}, {})
    running = set()
    while engine.show_stack(context, identity)[0]["stack_status"] == "IN_PROGRESS":
        rows = db_api.resource_get_all_by_stack(context, identity["stack_id"]).values()
        running.add(sum(row.status == "IN_PROGRESS" for row in rows))
        time.sleep(0.005)
    assert settled(engine, context, identity)["stack_status"] == "COMPLETE"
    assert max(running) > 2


def test_an_engine_keeps_a_thread_per_turn_not_per_step(two_at_once, engine, context):
    busy = {"r%d" % i: {"type": "Test::Busy", "properties": {"seconds": 0.01}} for i in range(12)}
    identity = engine.create_stack(context, "web", hot(busy), {}, {}, {})
    name = "stack-%s" % identity["stack_id"]
    threads = set()
    while engine.show_stack(context, identity)[0]["stack_status"] == "IN_PROGRESS":
        threads.add(sum(thread.name == name for thread in threading.enumerate()))
        time.sleep(0.005)
    assert settled(engine, context, identity)["stack_status"] == "COMPLETE"
    # The thread that claimed the work item, and one more for the second turn.
    assert max(threads) == 2
