"""The scheduler: TaskRunner stepping, timeouts and cancellation."""

import pytest

from heat.engine import scheduler
from tests.unit.engine.task_helpers import failing, stepper

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
