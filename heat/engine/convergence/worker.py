"""The ``engine_worker`` topic: work items of convergence traversals, taken by any engine.

A work item is a cast of one or more steps ready at once: the sender does not wait, and
the engine that takes it claims its steps in one transaction, then runs each in a thread
of its own (:mod:`heat.engine.convergence.check_resource`).
"""

import threading
from collections.abc import Sequence
from typing import Any

import oslo_messaging as messaging

from heat.common import messaging as heat_messaging
from heat.engine.convergence import check_resource
from heat.engine.convergence.graph import Node
from heat.rpc import api as rpc_api

# The most steps in one work item: enough to share a claim, few enough that the steps
# of a wide traversal spread over the engines.
STEPS_PER_ITEM = 25


class WorkerClient:
    """Sends work items to whichever engine takes them first, or hands them to this
    engine's own ``endpoint`` directly: always when it is the only engine there is (as in
    heat-all, where the in-process ``fake://`` driver takes up to 50 ms to deliver each),
    and when asked to keep steps ``here``."""

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
    """Takes work items on topic ``engine_worker`` for the engine of ``runtime``, running
    at most ``concurrency`` steps at once (``executor_thread_pool_size``, as upstream's
    RPC executor does); the others wait for a turn with their rows locked, so that no
    engine thinks them lost, and holding no database connection."""

    target = messaging.Target(version=rpc_api.WORKER_API_VERSION)

    def __init__(self, runtime: Any, concurrency: int):
        self.runtime = runtime
        self._turns = threading.BoundedSemaphore(concurrency)

    def check_resources(
        self, context: Any, stack_id: str, traversal_id: str, nodes: list[list[Any]]
    ) -> None:
        """Claim the steps ``nodes`` (``[resource id, is update]`` each) in a thread, which
        runs the last and starts one for each other step to run, and return at once."""
        steps = [Node(int(resource_id), bool(is_update)) for resource_id, is_update in nodes]
        self.runtime.threads.start(stack_id, self._run, context, stack_id, traversal_id, steps)

    def _run(self, context: Any, stack_id: str, traversal_id: str, nodes: list[Node]) -> None:
        claims = check_resource.claim(self.runtime, context, stack_id, traversal_id, nodes)
        steps = [
            (context, stack_id, traversal_id, node, claimed)
            for node, claimed in zip(nodes, claims, strict=True)
            if claimed in check_resource.TO_RUN
        ]
        if not steps:
            return
        # The steps start together, once all are under way: their reports then share
        # writes (see :class:`heat.engine.group_commit.GroupCommit`).
        together = threading.Event()
        try:
            for step in steps[:-1]:
                self.runtime.threads.start(stack_id, self._step, together, step)
        finally:
            together.set()
        self._step(together, steps[-1])

    def _step(self, together: threading.Event, step: tuple[Any, str, str, Node, str]) -> None:
        together.wait()
        context, stack_id, traversal_id, node, claimed = step
        check_resource.run(
            self.runtime, context, stack_id, traversal_id, node, claimed, self._turns
        )
