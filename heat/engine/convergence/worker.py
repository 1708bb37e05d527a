"""The ``engine_worker`` topic: work items of convergence traversals, taken by any engine.

A work item is a cast: the sender does not wait, and the engine that takes it runs the
step in a thread of its own (:mod:`heat.engine.convergence.check_resource`).
"""

import threading
from typing import Any

import oslo_messaging as messaging

from heat.common import messaging as heat_messaging
from heat.engine.convergence import check_resource
from heat.engine.convergence.graph import Node
from heat.rpc import api as rpc_api


class WorkerClient:
    """Sends work items to whichever engine takes them first, or hands one to this
    engine's own ``endpoint`` directly: always when it is the only engine there is (as in
    heat-all, where the in-process ``fake://`` driver takes up to 50 ms to deliver each),
    and when asked to keep a step ``here``."""

    def __init__(self, transport: Any, endpoint: "WorkerEndpoint", only_engine: bool = False):
        self._client = heat_messaging.get_rpc_client(
            transport, rpc_api.WORKER_TOPIC, rpc_api.WORKER_API_VERSION
        )
        self._endpoint = endpoint
        self._only_engine = only_engine

    def check_resource(
        self, context: Any, stack_id: str, traversal_id: str, node: Node, here: bool = False
    ) -> None:
        """Ask an engine (this one, ``here``) to run the step ``node`` of the stack's
        traversal."""
        if here or self._only_engine:
            self._endpoint.check_resource(context, stack_id, traversal_id, *node)
            return
        self._client.cast(
            context,
            "check_resource",
            stack_id=stack_id,
            traversal_id=traversal_id,
            resource_id=node.resource_id,
            is_update=node.is_update,
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

    def check_resource(
        self, context: Any, stack_id: str, traversal_id: str, resource_id: int, is_update: bool
    ) -> None:
        """Start the step in a thread and return at once."""
        node = Node(resource_id, is_update)
        self.runtime.threads.start(stack_id, self._run, context, stack_id, traversal_id, node)

    def _run(self, context: Any, stack_id: str, traversal_id: str, node: Node) -> None:
        check_resource.run(self.runtime, context, stack_id, traversal_id, node, self._turns)
