"""The per-engine listener topic: other engines ask it whether this engine is alive."""

import oslo_messaging as messaging

from heat.rpc import api as rpc_api


class EngineListener:
    """Endpoint on topic ``heat-engine-listener`` with server = this engine's id."""

    target = messaging.Target(version=rpc_api.LISTENER_API_VERSION)

    def __init__(self, engine_id: str):
        self.engine_id = engine_id

    def listening(self, context) -> bool:
        """Answering at all proves the engine is alive; used before stealing a stack lock."""
        return True
