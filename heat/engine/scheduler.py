"""Cooperative tasks: generators stepped one yield at a time in a single thread.

A task is a generator function that yields whenever it must wait (a plain function is a
task that finishes in one step). :class:`TaskRunner` steps one task, with an optional
timeout and cancellation; :class:`DependencyTaskGroup` runs one task per key of a
:class:`~heat.engine.dependencies.Dependencies` graph, each as soon as what it requires is
done. A task yields :data:`NO_WAIT` to say it made progress and wants its next step at once;
any other value means "wait a little before stepping me again". :func:`sleep` is the only
place that waits, so under eventlet's monkey patching the waiting is green.
"""

import contextlib
import enum
import heapq
import inspect
import sys
import time
from collections.abc import Callable, Generator
from typing import Any, Generic

from heat.engine.dependencies import Dependencies, KeyT

if sys.version_info >= (3, 11):
    from builtins import ExceptionGroup
else:
    from exceptiongroup import ExceptionGroup


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


class DependencyTaskGroup(Generic[KeyT]):
    """Runs ``visit(key)`` for every key of a graph once what the key requires is done.

    With ``reverse=True`` a key waits instead for every key that requires it (the order to
    delete in). Calling the group returns the task that does the walk; a group walks once.
    Among keys ready at once, the earlier in topological order starts first.
    """

    def __init__(
        self,
        dependencies: Dependencies[KeyT],
        visit: Callable[[KeyT], Any],
        reverse: bool = False,
        error_wait_time: float | None = None,
        aggregate_exceptions: bool = False,
        name: str = "",
    ):
        # Edges of this graph point from a key to the keys that must be done before it.
        self._graph = dependencies.reversed() if reverse else dependencies
        self._visit = visit
        self.error_wait_time = error_wait_time
        self.aggregate_exceptions = aggregate_exceptions
        self.name = name or task_name(visit)
        self.started_keys: set[KeyT] = set()
        self.done_keys: set[KeyT] = set()
        self.errors: dict[KeyT, Exception] = {}
        self._running: dict[KeyT, TaskRunner] = {}
        self._order: list[KeyT] = []
        self._position: dict[KeyT, int] = {}
        self._waiting: dict[KeyT, int] = {}
        self._ready: list[int] = []
        self._failed_at: float | None = None
        self._drain: Drain | None = None
        self._progressed = False
        self._walked = False

    def __repr__(self) -> str:
        return "DependencyTaskGroup(%s)" % self.name

    @property
    def running_keys(self) -> list[KeyT]:
        """The keys whose tasks are started and not yet done, in the order they started."""
        return list(self._running)

    def __call__(self) -> Task:
        """The walk as a task: it yields while tasks wait and raises the root failure.

        CircularDependencyException at the first step when the graph has a cycle;
        RuntimeError when the group was called before.
        """
        if self._walked:
            raise RuntimeError("%r has already been called" % self)
        self._walked = True
        return self._walk()

    def _walk(self) -> Task:
        self._prepare()
        try:
            self._start_ready()
            while self._running and not self._error_wait_over():
                try:
                    yield NO_WAIT if self._progressed else None
                except Timeout as timeout:
                    self._throw_into_running(timeout)
                    raise
                except Drain as drain:
                    # Running tasks get the time they would get after a failure.
                    self._drain = drain
                    self._failed_at = self._failed_at or time.monotonic()
                self._step_running()
        finally:
            self._cancel_running()
        self._raise_errors()
        if self._drain is not None:
            raise self._drain

    def _prepare(self) -> None:
        self._order = self._graph.topological_order()
        self._position = {key: index for index, key in enumerate(self._order)}
        graph = self._graph.graph
        self._waiting = {key: graph.out_degree(key) for key in self._order}
        # Positions ascend, so the list already is a heap.
        self._ready = [index for index, key in enumerate(self._order) if self._waiting[key] == 0]

    def _start_ready(self) -> None:
        """Start ready keys until none is left; a key done at once frees its dependants."""
        while self._ready and not self.errors and self._drain is None:
            key = self._order[heapq.heappop(self._ready)]
            runner = TaskRunner(self._visit, key)
            self.started_keys.add(key)
            self._running[key] = runner
            self._advance(key, runner, runner.start)

    def _free_dependants(self, key: KeyT) -> None:
        for dependant in self._graph.graph.predecessors(key):
            self._waiting[dependant] -= 1
            if self._waiting[dependant] == 0:
                heapq.heappush(self._ready, self._position[dependant])

    def _step_running(self) -> None:
        """One round: step each running task once, then start what became ready."""
        self._progressed = False
        for key, runner in list(self._running.items()):
            self._advance(key, runner, runner.step)
        self._start_ready()

    def _advance(self, key: KeyT, runner: TaskRunner, step: Callable[[], bool]) -> None:
        try:
            done = step()
        except Exception as error:  # a task's failure is an outcome of the walk, not a crash
            del self._running[key]
            self.errors[key] = error
            self._progressed = True
            if self._failed_at is None:
                self._failed_at = time.monotonic()
            return
        if done:
            del self._running[key]
            self.done_keys.add(key)
            self._progressed = True
            self._free_dependants(key)
        elif runner.asked_no_wait:
            self._progressed = True

    def _error_wait_over(self) -> bool:
        if self._failed_at is None or self.error_wait_time is None:
            return False
        return time.monotonic() - self._failed_at >= self.error_wait_time

    def _throw_into_running(self, timeout: Timeout) -> None:
        for runner in list(self._running.values()):
            # A task may answer the timeout with its own error; the group reports the timeout.
            with contextlib.suppress(Exception):
                runner.throw(timeout)

    def _cancel_running(self) -> None:
        running, self._running = self._running, {}
        for runner in running.values():
            # Errors raised while a task is cancelled are consequences, not root causes.
            with contextlib.suppress(Exception):
                runner.cancel()

    def _raise_errors(self) -> None:
        errors = list(self.errors.values())
        if not errors:
            return
        if self.aggregate_exceptions and len(errors) > 1:
            raise ExceptionGroup("%s: %d tasks failed" % (self.name, len(errors)), errors)
        raise errors[0]
