"""Cooperative tasks: generators stepped one yield at a time in a single thread.

A task is a generator function that yields whenever it must wait (a plain function is a
task that finishes in one step). :class:`TaskRunner` steps one task, with an optional
timeout and cancellation (:mod:`heat.engine.graph.walker` runs one per key of a graph).
A task yields :data:`NO_WAIT` to say it made progress and wants its next step at once;
any other value means "wait a little before stepping me again". :func:`sleep` is the only
place that waits, so under eventlet's monkey patching the waiting is green.
"""

import enum
import inspect
import time
from collections.abc import Callable, Generator
from typing import Any


class _Signal(enum.Enum):
    NO_WAIT = "NO_WAIT"


NO_WAIT = _Signal.NO_WAIT
"""Yielded by a task that made progress: its runner steps it again without waiting."""

MAX_WAIT = 0.5
"""The longest wait, in seconds, between two steps of a task that keeps waiting."""

Task = Generator[Any, Any, Any]


def sleep(seconds: float) -> None:
    """Block the calling thread for ``seconds`` (a green thread only, under eventlet)."""
    time.sleep(seconds)


class Timeout(Exception):
    """Raised into a task (and out of its runner) when the runner's time limit has passed."""

    def __init__(self, task: str, seconds: float):
        super().__init__(task, seconds)
        self.task = task
        self.seconds = seconds

    def __str__(self) -> str:
        return "Timed out after %g s" % self.seconds


class Drain(Exception):
    """Raised into a walk to make it start no more tasks and give the running ones the
    group's ``error_wait_time`` to finish, then raise this same exception (a cancel that
    lets resources in progress end cleanly)."""


def task_name(task: Callable[..., Any]) -> str:
    """A readable name for a task callable, for messages."""
    return getattr(task, "__qualname__", None) or repr(task)


class TaskRunner:
    """Steps one task: ``task(*args, **kwargs)``, a generator or a plain function's result.

    Exceptions the task raises propagate out of :meth:`start`, :meth:`step` and
    :meth:`__call__`; the runner is done from then on.
    """

    def __init__(self, task: Callable[..., Any], *args: Any, **kwargs: Any):
        self.name = task_name(task)
        self._task = task
        self._args = args
        self._kwargs = kwargs
        self._generator: Task | None = None
        self.result: Any = None  # what the task returned, once done
        self._started = False
        self._done = False
        self._no_wait = False
        self._timeout: float | None = None
        self._deadline: float | None = None

    def __repr__(self) -> str:
        return "TaskRunner(%s)" % self.name

    def started(self) -> bool:
        """Whether the task has been started."""
        return self._started

    def done(self) -> bool:
        """Whether the task has finished, failed, timed out or been cancelled."""
        return self._done

    @property
    def asked_no_wait(self) -> bool:
        """Whether the task's latest yield was :data:`NO_WAIT`."""
        return self._no_wait

    def start(self, timeout: float | None = None) -> bool:
        """Call the task and run it to its first yield; True when it is already done.

        With ``timeout`` (seconds), :class:`Timeout` is raised into the task at the first
        step after that much time has passed. RuntimeError if already started.
        """
        if self._started:
            raise RuntimeError("%r has already been started" % self)
        self._started = True
        if timeout is not None:
            self._timeout = timeout
            self._deadline = time.monotonic() + timeout
        try:
            result = self._task(*self._args, **self._kwargs)
        except BaseException:
            self._finish()
            raise
        if inspect.isgenerator(result):
            self._generator = result
            self._advance(result.__next__)
        else:
            self.result = result
            self._finish()
        return self._done

    def step(self) -> bool:
        """Run the task to its next yield (starting it if needed); True when it is done.

        Past the deadline, :class:`Timeout` is raised into the task instead: a task that
        returns is done, one that re-raises propagates it, and one that yields again is
        cancelled and the Timeout is raised here.
        """
        if self._done:
            return True
        if not self._started:
            return self.start()
        if self._deadline is not None and time.monotonic() >= self._deadline:
            self._expire()
        else:
            self._advance(self._running_generator().__next__)
        return self._done

    def throw(self, error: BaseException) -> bool:
        """Raise ``error`` inside the task where it waits; True when the task is then done.

        Whatever the task raises in answer propagates.
        """
        if self._done:
            return True
        generator = self._running_generator()
        self._advance(lambda: generator.throw(error))
        return self._done

    def cancel(self) -> None:
        """Stop the task: GeneratorExit is raised inside it, so its ``finally`` blocks run."""
        generator, self._generator = self._generator, None
        self._done = True
        if generator is not None:
            generator.close()

    def __call__(
        self, wait_time: float = 0.01, timeout: float | None = None, max_wait: float = MAX_WAIT
    ) -> None:
        """Start the task and step it to completion in the calling thread.

        Between steps it waits ``wait_time`` seconds, doubling while the task keeps waiting
        up to ``max_wait``; after a :data:`NO_WAIT` yield it steps again at once.
        """
        self.start(timeout)
        delay = wait_time
        while not self._done:
            if self._no_wait:
                delay = wait_time
                sleep(0)
            else:
                sleep(self._until_deadline(delay))
                delay = min(delay * 2, max(max_wait, wait_time))
            self.step()

    def as_task(self, timeout: float | None = None) -> Task:
        """A task that runs this runner, to nest it in another runner or a group.

        Closing the task cancels this runner; exceptions raised into it are forwarded to
        this runner's task.
        """
        self.start(timeout)
        while not self._done:
            try:
                yield NO_WAIT if self._no_wait else None
            except GeneratorExit:
                self.cancel()
                raise
            except Exception as error:  # thrown in by our own runner: forward it inward
                self.throw(error)
            else:
                self.step()
        return self.result

    def _until_deadline(self, delay: float) -> float:
        if self._deadline is None:
            return delay
        return max(0.0, min(delay, self._deadline - time.monotonic()))

    def _running_generator(self) -> Task:
        if self._generator is None:
            raise RuntimeError("%r is not running" % self)
        return self._generator

    def _advance(self, resume: Callable[[], Any]) -> None:
        try:
            value = resume()
        except StopIteration as stop:
            self.result = stop.value
            self._finish()
            return
        except BaseException:
            self._finish()
            raise
        self._no_wait = value is NO_WAIT

    def _finish(self) -> None:
        self._done = True
        self._generator = None
        self._no_wait = False

    def _expire(self) -> None:
        assert self._timeout is not None
        timeout = Timeout(self.name, self._timeout)
        self.throw(timeout)
        if not self._done:
            self.cancel()
            raise timeout
