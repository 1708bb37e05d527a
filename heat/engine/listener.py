"""The per-engine listener topic: other engines ask whether this engine is alive, and
reach the stack actions it runs (to cancel them before a delete, or on cancel_update)."""

from typing import Any

import oslo_messaging as messaging

from heat.engine import stack_actions
from heat.engine.thread_groups import ThreadGroupManager
from heat.rpc import api as rpc_api


class EngineListener:
    """Endpoint on topic ``heat-engine-listener`` with server = this engine's id."""

    target = messaging.Target(version=rpc_api.LISTENER_API_VERSION)

    def __init__(self, engine_id: str, threads: ThreadGroupManager | None = None, wait: float = 0):
        self.engine_id = engine_id
        self.threads = threads or ThreadGroupManager()
        self.wait = wait

    def listening(self, context) -> bool:
        """Answering at all proves the engine is alive; used before stealing a stack lock."""
        return True

    def stop_stack(self, context, stack_identity: Any) -> None:
        """Cancel the action this engine runs on the stack and wait for it to end."""
        stack_id = stack_identity["stack_id"]
        if self.threads.send(stack_id, stack_actions.CANCEL):
            self.threads.wait(stack_id, self.wait)

    def send(self, context, stack_identity: Any, message: str) -> bool:
        """Pass ``message`` (``cancel``...) to the action running on the stack here."""
        return self.threads.send(stack_identity["stack_id"], message)
