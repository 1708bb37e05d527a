"""Whether another engine is alive, before its stack lock may be stolen.

An engine is alive when its ``service`` row was refreshed within its last few heartbeats
(:func:`heat.engine.service_registry.is_beating`), or, failing that, when it answers
``listening`` on its own listener topic within ``engine_life_check_timeout``.
"""

from typing import Any

import oslo_messaging as messaging

from heat.common import messaging as heat_messaging
from heat.db import api as db_api
from heat.engine import service_registry
from heat.rpc import api as rpc_api


class EngineLiveness:
    """Checks other engines by heartbeat, then over RPC."""

    def __init__(self, transport: Any, timeout: float):
        self.transport = transport
        self.timeout = timeout

    def __call__(self, context: Any, engine_id: str) -> bool:
        return self.has_heartbeat(context, engine_id) or self.answers(context, engine_id)

    def has_heartbeat(self, context: Any, engine_id: str) -> bool:
        """Whether the engine's service row was touched within its last few heartbeats."""
        for service in db_api.service_get_all(context):
            if service.get("engine_id") == engine_id:
                return service_registry.is_beating(service)
        return False

    def call(self, context: Any, engine_id: str, method: str, timeout: float, **kwargs: Any) -> Any:
        """Call ``method`` on another engine's listener; MessagingTimeout when it does not
        answer within ``timeout``."""
        client = heat_messaging.get_rpc_client(
            self.transport,
            rpc_api.LISTENER_TOPIC,
            rpc_api.LISTENER_API_VERSION,
            server=engine_id,
            timeout=timeout,
        )
        return client.call(context, method, **kwargs)

    def answers(self, context: Any, engine_id: str) -> bool:
        """Whether the engine answers on its listener topic in time."""
        client = heat_messaging.get_rpc_client(
            self.transport,
            rpc_api.LISTENER_TOPIC,
            rpc_api.LISTENER_API_VERSION,
            server=engine_id,
            timeout=self.timeout,
        )
        try:
            return bool(client.call(context, "listening"))
        except (messaging.MessagingTimeout, messaging.MessageDeliveryFailure):
            return False
