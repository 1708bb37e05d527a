"""Faults around a stack's engine: a lock holder that died, an action thread that died on
its database. No call is carried out after its caller gave up, and no stack is left
IN_PROGRESS under a lock nobody will release."""

import datetime
import threading

import pytest
from oslo_db import exception as db_exception
from oslo_utils import timeutils

from heat.common import context as heat_context
from heat.common import exception
from heat.db import api as db_api
from heat.db.sqlalchemy import models
from heat.engine import resource_states as states
from heat.engine import stack_recovery
from tests.unit.db import rows
from tests.unit.engine.stacks.conftest import create, hot, wait_for

DEAD = "dead-engine"
TEMPLATE = hot({"a": {"type": "Test::Thing"}})


@pytest.fixture
def quick_calls(conf):
    conf.set_override("rpc_response_timeout", 4)
    conf.set_override("engine_life_check_timeout", 1)


def held_by_a_dead_engine(context, stack_id, seconds_since_heartbeat):
    """Hand the stack's lock to an engine with no listener, whose last beat is that old."""
    seen = timeutils.utcnow() - datetime.timedelta(seconds=seconds_since_heartbeat)
    rows.add(
        models.Service(
            host="gone",
            hostname="gone",
            binary="heat-engine",
            topic="engine",
            engine_id=DEAD,
            report_interval=60,
            created_at=seen,
            updated_at=seen,
        )
    )
    assert db_api.stack_lock_create(context, stack_id, DEAD) is None


def test_a_delete_does_not_wait_on_a_dead_holder_nor_run_after_its_caller_gave_up(
    legacy_engine, quick_calls, engine, context
):
    identity, _ = create(engine, context, TEMPLATE)
    held_by_a_dead_engine(context, identity["stack_id"], seconds_since_heartbeat=1)
    outcome = []

    def delete():
        try:
            engine.delete_stack(context, identity)
        except exception.ActionInProgress as refused:
            outcome.append(refused)

    caller = threading.Thread(target=delete, daemon=True)
    caller.start()
    caller.join(engine.conf.rpc_response_timeout)
    assert not caller.is_alive() and outcome, "the delete outlived its caller's timeout"
    # The user recovers the stack (its lock freed); nothing deletes it behind their back.
    db_api.stack_lock_release(context, identity["stack_id"], DEAD)
    engine.runtime.threads.wait(identity["stack_id"], 5)
    assert engine.show_stack(context, identity)[0]["stack_status"] == states.COMPLETE


def test_a_delete_steals_the_lock_of_a_holder_whose_heartbeat_stopped(quick_calls, engine, context):
    identity, _ = create(engine, context, TEMPLATE)
    held_by_a_dead_engine(context, identity["stack_id"], seconds_since_heartbeat=20)
    engine.delete_stack(context, identity)
    wait_for(engine, context, identity)
    assert engine.list_stacks(context) == []


def dies_on_its_database(stack, messages):
    raise db_exception.DBConnectionError("connection to the database lost")


def test_an_action_thread_that_lost_its_database_fails_the_stack_and_frees_its_lock(
    engine, context
):
    identity, _ = create(engine, context, TEMPLATE)
    stack = engine.runtime.load_stack(context, identity)
    engine.runtime.start_action(context, stack, states.CHECK, dies_on_its_database)
    shown = wait_for(engine, context, identity)
    assert (shown["stack_action"], shown["stack_status"], shown["stack_status_reason"]) == (
        states.CHECK,
        states.FAILED,
        "Engine lost its database during stack CHECK",
    )
    assert db_api.stack_lock_get_engine_id(context, identity["stack_id"]) is None


def test_a_stack_whose_thread_died_can_be_deleted(engine, context):
    identity, _ = create(engine, context, TEMPLATE)
    stack = engine.runtime.load_stack(context, identity)
    engine.runtime.start_action(context, stack, states.UPDATE, dies_on_its_database)
    wait_for(engine, context, identity)
    engine.delete_stack(context, identity)
    wait_for(engine, context, identity)
    assert engine.list_stacks(context) == []


def test_a_stack_whose_holder_missed_three_heartbeats_is_failed_by_the_next_pass(
    quick_calls, engine, context
):
    identity, _ = create(engine, context, TEMPLATE)
    db_api.stack_update(context, identity["stack_id"], {"status": states.IN_PROGRESS})
    held_by_a_dead_engine(context, identity["stack_id"], seconds_since_heartbeat=16)
    admin = heat_context.get_admin_context()
    assert stack_recovery.reset_orphaned_stacks(engine.runtime, admin) == 1
    shown = engine.show_stack(context, identity)[0]
    assert (shown["stack_status"], shown["stack_status_reason"]) == (
        states.FAILED,
        "Engine went down during stack CREATE",
    )
    assert db_api.stack_lock_get_engine_id(context, identity["stack_id"]) is None


def test_a_refused_action_names_the_action_under_way_as_heat_does(engine, context):
    slow = hot({"a": {"type": "Test::Thing", "properties": {"polls": 100000}}})
    identity = engine.create_stack(context, "web", slow, {}, {}, {})
    with pytest.raises(exception.ActionInProgress) as refused:
        engine.stack_check(context, identity)
    engine.delete_stack(context, identity)
    wait_for(engine, context, identity)
    assert str(refused.value) == "Stack web already has an action (CREATE) in progress."
