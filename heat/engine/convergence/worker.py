"""The ``engine_worker`` topic: work items of convergence traversals, taken by any engine.

A work item is a cast of one or more steps ready at once: the sender does not wait, and
the engine that takes it claims its steps in one transaction, then runs each in a thread
of its own (:mod:`heat.engine.convergence.check_resource`).
"""

import collections
import threading
from collections.abc import Sequence
from typing import Any

import oslo_messaging as messaging

from heat.common import messaging as heat_messaging
from heat.db import api as db_api
from heat.engine import scheduler
from heat.engine.convergence import check_resource
from heat.engine.convergence.graph import Node
from heat.rpc import api as rpc_api

# A claimed step: (context, stack id, traversal id, node, what its claim found).
Step = tuple[Any, str, str, Node, str]
# The most steps in one work item: enough to share a claim, few enough that the steps
# of a wide traversal spread over the engines.
STEPS_PER_ITEM = 25


class WorkerClient:
    """Sends work items to whichever engine takes them first, or hands them to this
    engine's own ``endpoint`` directly: always when it is the only engine there is (as in
    heat-all, on ``inproc://``, where a message could only come back here), and when asked
    to keep steps ``here``."""

    def __init__(self, transport: Any, endpoint: "WorkerEndpoint", only_engine: bool = False):
        self._client = heat_messaging.get_rpc_client(
            transport, rpc_api.WORKER_TOPIC, rpc_api.WORKER_API_VERSION
        )
        self._endpoint = endpoint
        self._only_engine = only_engine

    def check_resources(
        self,
        context: Any,
        stack_id: str,
        traversal_id: str,
        nodes: Sequence[Node],
        here: bool = False,
    ) -> None:
        """Ask engines (this one, ``here``) to run the steps ``nodes`` of the stack's
        traversal."""
        if not nodes:
            return
        if here or self._only_engine:
            self._endpoint.check_resources(context, stack_id, traversal_id, [*map(list, nodes)])
            return
        for start in range(0, len(nodes), STEPS_PER_ITEM):
            self._client.cast(
                context,
                "check_resources",
                stack_id=stack_id,
                traversal_id=traversal_id,
                nodes=[list(node) for node in nodes[start : start + STEPS_PER_ITEM]],
            )


class WorkerEndpoint:
    """Takes work items on topic ``engine_worker`` for the engine of ``runtime``, with at
    most ``concurrency`` steps working at once (``executor_thread_pool_size``, as
    upstream's RPC executor runs at most that many); the others wait for a turn with their
    rows locked, so that no engine thinks them lost, and holding no database connection.
    Unlike upstream's, a step sleeping between two looks at its resource holds no turn.

    A thread holding a turn runs the claimed steps of its stack one after another, so
    that an engine keeps about ``concurrency`` threads, not one per step: eventlet finds
    the current thread in a scan of them all, at every log line and thread start."""

    target = messaging.Target(version=rpc_api.WORKER_API_VERSION)

    def __init__(self, runtime: Any, concurrency: int):
        self.runtime = runtime
        self._turns = _Turns(concurrency, self._serve_all)
        self._guard = threading.Lock()
        # Claimed steps waiting for a turn, by stack.
        self._ready: dict[str, collections.deque[Step]] = {}

    def check_resources(
        self, context: Any, stack_id: str, traversal_id: str, nodes: list[list[Any]]
    ) -> None:
        """Claim the steps ``nodes`` (``[resource id, is update]`` each) in a thread, which
        then runs them with the threads it starts, and return at once."""
        steps = [Node(int(resource_id), bool(is_update)) for resource_id, is_update in nodes]
        self.runtime.threads.start(stack_id, self._claim, context, stack_id, traversal_id, steps)

    def _claim(self, context: Any, stack_id: str, traversal_id: str, nodes: list[Node]) -> None:
        claims = check_resource.claim(self.runtime, context, stack_id, traversal_id, nodes)
        for node, claimed in zip(nodes, claims, strict=True):
            step = (context, stack_id, traversal_id, node, claimed)
            if claimed == db_api.CLAIMED:
                with self._guard:
                    self._ready.setdefault(stack_id, collections.deque()).append(step)
            elif claimed == db_api.CLAIM_BUSY:
                self.runtime.threads.start(stack_id, self._run_when_free, step)
        if self._turns.take(blocking=False):
            self._serve(stack_id, spare=1)
            self._work(stack_id)

    def _serve(self, stack_id: str, spare: int = 0) -> None:
        """Start a thread with a turn for each ready step of the stack (but ``spare``, for
        this thread) while turns are free. They start together, once all are under way:
        their reports then share writes (see :mod:`heat.engine.group_commit`)."""
        together = threading.Event()
        try:
            while self._waiting(stack_id) > spare and self._turns.take(blocking=False):
                spare += 1
                self.runtime.threads.start(stack_id, self._work, stack_id, together)
        finally:
            together.set()

    def _waiting(self, stack_id: str) -> int:
        with self._guard:
            return len(self._ready.get(stack_id, ()))

    def _work(self, stack_id: str, together: threading.Event | None = None) -> None:
        """With a turn held, run the stack's ready steps until none is left."""
        if together is not None:
            together.wait()
        try:
            while (step := self._next(stack_id)) is not None:
                check_resource.run(self.runtime, *step, sleep=self._turns.sleep)
        finally:
            self._turns.give_back()

    def _next(self, stack_id: str) -> Step | None:
        with self._guard:
            ready = self._ready.get(stack_id)
            if not ready:
                self._ready.pop(stack_id, None)
                return None
            return ready.popleft()

    def _serve_all(self) -> None:
        """Give the turns free to the steps that wait for one."""
        with self._guard:
            waiting = list(self._ready)
        for stack_id in waiting:
            self._serve(stack_id)

    def _run_when_free(self, step: Step) -> None:
        """Run a step whose row another step holds, once it is free, in a turn."""
        check_resource.run(self.runtime, *step, turn=self._turns, sleep=self._turns.sleep)


class _Turns:
    """The turns of an engine: a step holds one while it works, and gives it back while
    it sleeps between two looks at its resource. A sleeping step needs no database
    connection and no CPU, and it may be waiting for other steps (those of its nested
    stack), which need a turn to run. A turn given back calls ``then``."""

    def __init__(self, concurrency: int, then: Any):
        self._semaphore = threading.BoundedSemaphore(concurrency)
        self._then = then

    def take(self, blocking: bool = True) -> bool:
        """Take a turn (waiting for one when ``blocking``); whether one was taken."""
        return self._semaphore.acquire(blocking=blocking)

    def give_back(self) -> None:
        self._semaphore.release()
        self._then()

    def sleep(self, seconds: float) -> None:
        """Sleep without the turn this thread holds, then take one again."""
        if seconds <= 0:
            scheduler.sleep(0)
            return
        self.give_back()
        try:
            scheduler.sleep(seconds)
        finally:
            self.take()

    def __enter__(self) -> None:
        self.take()

    def __exit__(self, *exc: object) -> None:
        self.give_back()
