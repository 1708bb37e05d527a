"""Stack locks: one engine at a time, compare-and-swap steal and release."""

from heat.db import api as db_api
from tests.unit.db import rows


def test_create_acquires_a_free_lock(user_context):
    stack = rows.make_stack(user_context)
    assert db_api.stack_lock_create(user_context, stack.id, "engine-1") is None
    assert db_api.stack_lock_get_engine_id(user_context, stack.id) == "engine-1"


def test_create_returns_the_current_holder(user_context):
    stack = rows.make_stack(user_context)
    db_api.stack_lock_create(user_context, stack.id, "engine-1")
    assert db_api.stack_lock_create(user_context, stack.id, "engine-2") == "engine-1"


def test_free_lock_has_no_engine(user_context):
    stack = rows.make_stack(user_context)
    assert db_api.stack_lock_get_engine_id(user_context, stack.id) is None


def test_release_by_the_holder_frees_the_lock(user_context):
    stack = rows.make_stack(user_context)
    db_api.stack_lock_create(user_context, stack.id, "engine-1")
    assert db_api.stack_lock_release(user_context, stack.id, "engine-1") is None
    assert db_api.stack_lock_get_engine_id(user_context, stack.id) is None


def test_release_by_another_engine_keeps_the_lock(user_context):
    stack = rows.make_stack(user_context)
    db_api.stack_lock_create(user_context, stack.id, "engine-1")
    assert db_api.stack_lock_release(user_context, stack.id, "engine-2") is True
    assert db_api.stack_lock_get_engine_id(user_context, stack.id) == "engine-1"


def test_steal_from_the_expected_holder_succeeds(user_context):
    stack = rows.make_stack(user_context)
    db_api.stack_lock_create(user_context, stack.id, "engine-1")
    assert db_api.stack_lock_steal(user_context, stack.id, "engine-1", "engine-2") is None
    assert db_api.stack_lock_get_engine_id(user_context, stack.id) == "engine-2"


def test_steal_from_the_wrong_holder_returns_the_real_one(user_context):
    stack = rows.make_stack(user_context)
    db_api.stack_lock_create(user_context, stack.id, "engine-3")
    assert db_api.stack_lock_steal(user_context, stack.id, "engine-1", "engine-2") == "engine-3"


def test_steal_of_a_released_lock_returns_true(user_context):
    stack = rows.make_stack(user_context)
    assert db_api.stack_lock_steal(user_context, stack.id, "engine-1", "engine-2") is True
