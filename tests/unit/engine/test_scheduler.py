"""The scheduler: TaskRunner stepping, timeouts and cancellation; DependencyTaskGroup order,
parallelism, failures and cancellation."""

import pytest

from heat.common import exception
from heat.engine import scheduler
from heat.engine.dependencies import Dependencies


def stepper(log, name, steps=1):
    """A task that logs each of its ``steps`` waits, then its completion."""
    for number in range(steps):
        log.append((name, number))
        yield
    log.append((name, "done"))


def failing(message):
    yield
    raise ValueError(message)


def visit_with(tasks):
    """A visit function running ``tasks[key]()`` (a plain no-op for keys not in it)."""
    return lambda key: tasks[key]() if key in tasks else None


def run_group(dependencies, visit, **options):
    group = scheduler.DependencyTaskGroup(dependencies, visit, **options)
    scheduler.TaskRunner(group)(wait_time=0)
    return group


# TaskRunner


def test_plain_function_completes_in_one_step():
    calls = []
    runner = scheduler.TaskRunner(calls.append, "x")
    assert runner.start() is True
    assert (calls, runner.done()) == (["x"], True)


def test_generator_is_stepped_one_yield_at_a_time():
    log = []
    runner = scheduler.TaskRunner(stepper, log, "t", 2)
    assert (runner.started(), runner.start(), log) == (False, False, [("t", 0)])
    assert runner.step() is False
    assert runner.step() is True
    assert log == [("t", 0), ("t", 1), ("t", "done")]


def test_step_starts_an_unstarted_runner():
    log = []
    runner = scheduler.TaskRunner(stepper, log, "t")
    runner.step()
    assert runner.started() and log == [("t", 0)]


def test_starting_twice_is_an_error():
    runner = scheduler.TaskRunner(lambda: None)
    runner.start()
    with pytest.raises(RuntimeError):
        runner.start()


def test_call_runs_to_completion():
    log = []
    scheduler.TaskRunner(stepper, log, "t", 3)(wait_time=0)
    assert log[-1] == ("t", "done")


def test_task_errors_propagate_and_end_the_runner():
    runner = scheduler.TaskRunner(failing, "boom")
    with pytest.raises(ValueError, match="boom"):
        runner(wait_time=0)
    assert runner.done()


def test_call_backs_off_while_the_task_waits(monkeypatch):
    waits = []
    monkeypatch.setattr(scheduler, "sleep", waits.append)
    scheduler.TaskRunner(stepper, [], "t", 5)(wait_time=0.1, max_wait=0.3)
    assert waits == [0.1, 0.2, 0.3, 0.3, 0.3]


def test_no_wait_yield_steps_again_at_once(monkeypatch):
    waits = []
    monkeypatch.setattr(scheduler, "sleep", waits.append)

    def hurried():
        yield scheduler.NO_WAIT
        yield scheduler.NO_WAIT

    scheduler.TaskRunner(hurried)(wait_time=1)
    assert waits == [0, 0]


def test_cancel_runs_the_finally_blocks():
    cleaned = []

    def task():
        try:
            yield
        finally:
            cleaned.append(True)

    runner = scheduler.TaskRunner(task)
    runner.start()
    runner.cancel()
    assert (cleaned, runner.done(), runner.step()) == ([True], True, True)


def test_timeout_is_raised_into_the_task():
    seen = []

    def task():
        try:
            while True:
                yield
        except scheduler.Timeout as timeout:
            seen.append(timeout)
            raise

    with pytest.raises(scheduler.Timeout, match="Timed out after 0.05 s"):
        scheduler.TaskRunner(task)(wait_time=0.01, timeout=0.05)
    assert seen[0].task.endswith("task") and seen[0].seconds == 0.05


def test_timeout_swallowed_by_a_waiting_task_still_ends_it():
    def stubborn():
        while True:
            try:
                yield
            except scheduler.Timeout:
                pass

    runner = scheduler.TaskRunner(stubborn)
    with pytest.raises(scheduler.Timeout):
        runner(wait_time=0, timeout=0.01)
    assert runner.done()


def test_task_may_answer_a_timeout_by_returning():
    def polite():
        try:
            while True:
                yield
        except scheduler.Timeout:
            return

    runner = scheduler.TaskRunner(polite)
    runner(wait_time=0, timeout=0.01)
    assert runner.done()


def test_as_task_nests_a_runner():
    log = []
    inner = scheduler.TaskRunner(stepper, log, "inner", 2)
    scheduler.TaskRunner(inner.as_task)(wait_time=0)
    assert inner.done() and log[-1] == ("inner", "done")


def test_closing_as_task_cancels_the_inner_runner():
    inner = scheduler.TaskRunner(stepper, [], "inner", 5)
    outer = scheduler.TaskRunner(inner.as_task)
    outer.start()
    outer.cancel()
    assert inner.done()


def test_timeout_of_the_outer_runner_reaches_the_inner_task():
    seen = []

    def task():
        try:
            while True:
                yield
        except scheduler.Timeout:
            seen.append("inner")
            raise

    inner = scheduler.TaskRunner(task)
    with pytest.raises(scheduler.Timeout):
        scheduler.TaskRunner(inner.as_task)(wait_time=0, timeout=0.01)
    assert seen == ["inner"]


# DependencyTaskGroup


def test_independent_tasks_interleave():
    log = []
    tasks = {key: lambda key=key: stepper(log, key, 2) for key in "ab"}
    run_group(Dependencies([("a", None), ("b", None)]), visit_with(tasks))
    assert log == [("a", 0), ("b", 0), ("a", 1), ("b", 1), ("a", "done"), ("b", "done")]


def test_dependant_starts_after_its_requirement_completes():
    log = []
    tasks = {key: lambda key=key: stepper(log, key, 2) for key in "ab"}
    run_group(Dependencies([("b", "a")]), visit_with(tasks))
    assert log == [("a", 0), ("a", 1), ("a", "done"), ("b", 0), ("b", 1), ("b", "done")]


def test_reverse_visits_dependants_first():
    visited = []
    run_group(Dependencies([("c", "b"), ("b", "a")]), visited.append, reverse=True)
    assert visited == ["c", "b", "a"]


def test_ready_keys_start_in_topological_insertion_order():
    visited = []
    run_group(Dependencies([("z", None), ("y", "x"), ("a", None)]), visited.append)
    assert visited == ["z", "x", "y", "a"]


def test_chain_of_no_wait_tasks_completes_in_one_step():
    """How fast: tools/bench/graph_walk.py."""
    dependencies = Dependencies((index + 1, index) for index in range(1000))
    group = scheduler.DependencyTaskGroup(dependencies, lambda key: None)
    assert scheduler.TaskRunner(group).start() is True
    assert len(group.done_keys) == 1001


def test_chain_of_waiting_tasks_does_not_sleep_between_links(monkeypatch):
    waits = []
    monkeypatch.setattr(scheduler, "sleep", waits.append)
    dependencies = Dependencies((index + 1, index) for index in range(100))
    group = scheduler.DependencyTaskGroup(dependencies, lambda key: stepper([], key))
    scheduler.TaskRunner(group)(wait_time=0.01)
    assert waits == [0.01] + [0] * 100


def test_failure_skips_dependants_and_waits_for_siblings():
    log = []
    tasks = {"bad": lambda: failing("boom"), "slow": lambda: stepper(log, "slow", 3)}
    dependencies = Dependencies([("bad", None), ("slow", None), ("after", "bad")])
    group = scheduler.DependencyTaskGroup(dependencies, visit_with(tasks))
    with pytest.raises(ValueError, match="boom"):
        scheduler.TaskRunner(group)(wait_time=0)
    assert log[-1] == ("slow", "done")
    assert "after" not in group.started_keys


def test_no_task_starts_after_a_failure():
    tasks = {"bad": lambda: failing("boom"), "slow": lambda: stepper([], "slow", 3)}
    dependencies = Dependencies([("bad", None), ("slow", None), ("later", "slow")])
    group = scheduler.DependencyTaskGroup(dependencies, visit_with(tasks))
    with pytest.raises(ValueError):
        scheduler.TaskRunner(group)(wait_time=0)
    assert group.started_keys == {"bad", "slow"}


def test_error_wait_time_cancels_a_long_sibling():
    cleaned = []

    def endless():
        try:
            while True:
                yield
        finally:
            cleaned.append(True)

    tasks = {"bad": lambda: failing("boom"), "endless": endless}
    dependencies = Dependencies([("bad", None), ("endless", None)])
    group = scheduler.DependencyTaskGroup(dependencies, visit_with(tasks), error_wait_time=0.02)
    with pytest.raises(ValueError, match="boom"):
        scheduler.TaskRunner(group)(wait_time=0)
    assert cleaned == [True]


def test_first_error_is_raised_not_errors_of_cancelled_tasks():
    def angry_when_cancelled():
        try:
            while True:
                yield
        finally:
            raise RuntimeError("cancelled")

    tasks = {"bad": lambda: failing("root"), "other": angry_when_cancelled}
    dependencies = Dependencies([("bad", None), ("other", None)])
    group = scheduler.DependencyTaskGroup(dependencies, visit_with(tasks), error_wait_time=0)
    with pytest.raises(ValueError, match="root"):
        scheduler.TaskRunner(group)(wait_time=0)


def test_aggregate_exceptions_collects_every_failure():
    tasks = {"a": lambda: failing("one"), "b": lambda: failing("two")}
    dependencies = Dependencies([("a", None), ("b", None)])
    group = scheduler.DependencyTaskGroup(
        dependencies, visit_with(tasks), aggregate_exceptions=True
    )
    with pytest.raises(scheduler.ExceptionGroup) as error:
        scheduler.TaskRunner(group)(wait_time=0)
    assert [str(inner) for inner in error.value.exceptions] == ["one", "two"]


def test_aggregate_of_a_single_failure_is_that_failure():
    group = scheduler.DependencyTaskGroup(
        Dependencies([("a", None)]), lambda key: failing("only"), aggregate_exceptions=True
    )
    with pytest.raises(ValueError, match="only"):
        scheduler.TaskRunner(group)(wait_time=0)


def test_cancelling_the_group_closes_running_tasks():
    cleaned = []

    def waiting(key):
        try:
            yield
        finally:
            cleaned.append(key)

    group = scheduler.DependencyTaskGroup(Dependencies([("a", None), ("b", None)]), waiting)
    runner = scheduler.TaskRunner(group)
    runner.start()
    runner.cancel()
    assert (cleaned, group.running_keys) == (["a", "b"], [])


def test_timeout_is_thrown_into_every_running_task():
    seen = []

    def waiting(key):
        try:
            while True:
                yield
        except scheduler.Timeout:
            seen.append(key)
            raise

    group = scheduler.DependencyTaskGroup(Dependencies([("a", None), ("b", None)]), waiting)
    with pytest.raises(scheduler.Timeout):
        scheduler.TaskRunner(group)(wait_time=0, timeout=0.02)
    assert seen == ["a", "b"]


def test_cycle_is_reported_when_the_walk_starts():
    group = scheduler.DependencyTaskGroup(Dependencies([("a", "b"), ("b", "a")]), print)
    with pytest.raises(exception.CircularDependencyException):
        scheduler.TaskRunner(group).start()


def test_a_group_walks_once():
    group = scheduler.DependencyTaskGroup(Dependencies([("a", None)]), print)
    group()
    with pytest.raises(RuntimeError):
        group()


def test_many_independent_waiting_tasks_all_run():
    """How fast: tools/bench/graph_walk.py."""
    dependencies = Dependencies((index, None) for index in range(1000))
    group = scheduler.DependencyTaskGroup(dependencies, lambda key: stepper([], key))
    scheduler.TaskRunner(group)(wait_time=0)
    assert len(group.done_keys) == 1000
