"""The graph walker: order, parallelism, failures and cancellation of a DependencyTaskGroup."""

import pytest

from heat.common import exception
from heat.engine import scheduler
from heat.engine.graph import walker
from heat.engine.graph.dependencies import Dependencies
from heat.engine.graph.walker import DependencyTaskGroup
from tests.unit.engine.task_helpers import failing, stepper


def visit_with(tasks):
    """A visit function running ``tasks[key]()`` (a plain no-op for keys not in it)."""
    return lambda key: tasks[key]() if key in tasks else None


def run_group(dependencies, visit, **options):
    group = DependencyTaskGroup(dependencies, visit, **options)
    scheduler.TaskRunner(group)(wait_time=0)
    return group


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
    group = DependencyTaskGroup(dependencies, lambda key: None)
    assert scheduler.TaskRunner(group).start() is True
    assert len(group.done_keys) == 1001


def test_chain_of_waiting_tasks_does_not_sleep_between_links(monkeypatch):
    waits = []
    monkeypatch.setattr(scheduler, "sleep", waits.append)
    dependencies = Dependencies((index + 1, index) for index in range(100))
    group = DependencyTaskGroup(dependencies, lambda key: stepper([], key))
    scheduler.TaskRunner(group)(wait_time=0.01)
    assert waits == [0.01] + [0] * 100


def test_failure_skips_dependants_and_waits_for_siblings():
    log = []
    tasks = {"bad": lambda: failing("boom"), "slow": lambda: stepper(log, "slow", 3)}
    dependencies = Dependencies([("bad", None), ("slow", None), ("after", "bad")])
    group = DependencyTaskGroup(dependencies, visit_with(tasks))
    with pytest.raises(ValueError, match="boom"):
        scheduler.TaskRunner(group)(wait_time=0)
    assert log[-1] == ("slow", "done")
    assert "after" not in group.started_keys


def test_no_task_starts_after_a_failure():
    tasks = {"bad": lambda: failing("boom"), "slow": lambda: stepper([], "slow", 3)}
    dependencies = Dependencies([("bad", None), ("slow", None), ("later", "slow")])
    group = DependencyTaskGroup(dependencies, visit_with(tasks))
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
    group = DependencyTaskGroup(dependencies, visit_with(tasks), error_wait_time=0.02)
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
    group = DependencyTaskGroup(dependencies, visit_with(tasks), error_wait_time=0)
    with pytest.raises(ValueError, match="root"):
        scheduler.TaskRunner(group)(wait_time=0)


def test_aggregate_exceptions_collects_every_failure():
    tasks = {"a": lambda: failing("one"), "b": lambda: failing("two")}
    dependencies = Dependencies([("a", None), ("b", None)])
    group = DependencyTaskGroup(dependencies, visit_with(tasks), aggregate_exceptions=True)
    with pytest.raises(walker.ExceptionGroup) as error:
        scheduler.TaskRunner(group)(wait_time=0)
    assert [str(inner) for inner in error.value.exceptions] == ["one", "two"]


def test_aggregate_of_a_single_failure_is_that_failure():
    group = DependencyTaskGroup(
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

    group = DependencyTaskGroup(Dependencies([("a", None), ("b", None)]), waiting)
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

    group = DependencyTaskGroup(Dependencies([("a", None), ("b", None)]), waiting)
    with pytest.raises(scheduler.Timeout):
        scheduler.TaskRunner(group)(wait_time=0, timeout=0.02)
    assert seen == ["a", "b"]


def test_cycle_is_reported_when_the_walk_starts():
    group = DependencyTaskGroup(Dependencies([("a", "b"), ("b", "a")]), print)
    with pytest.raises(exception.CircularDependencyException):
        scheduler.TaskRunner(group).start()


def test_a_group_walks_once():
    group = DependencyTaskGroup(Dependencies([("a", None)]), print)
    group()
    with pytest.raises(RuntimeError):
        group()


def test_many_independent_waiting_tasks_all_run():
    """How fast: tools/bench/graph_walk.py."""
    dependencies = Dependencies((index, None) for index in range(1000))
    group = DependencyTaskGroup(dependencies, lambda key: stepper([], key))
    scheduler.TaskRunner(group)(wait_time=0)
    assert len(group.done_keys) == 1000
