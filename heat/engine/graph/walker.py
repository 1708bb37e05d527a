"""Walking a graph: one task per key, each started once what it requires is done.

Tasks are those of :mod:`heat.engine.scheduler`; several run at once where the graph
allows, stepped in turn by the one :class:`~heat.engine.scheduler.TaskRunner` that runs
the walk.
"""

import contextlib
import heapq
import sys
import time
from collections.abc import Callable
from typing import Any, Generic

from heat.engine.graph.dependencies import Dependencies, KeyT
from heat.engine.scheduler import NO_WAIT, Drain, Task, TaskRunner, Timeout, task_name

if sys.version_info >= (3, 11):
    from builtins import ExceptionGroup
else:
    from exceptiongroup import ExceptionGroup


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
