"""Engine RPC calls this engine does not provide yet: each answers with a clear NotSupported.

The names come from the RPC client, so a call the API can make never ends in an
oslo.messaging ``NoSuchMethod`` (an HTTP 500); it gets Heat's 400 NotSupported instead.
"""

import oslo_messaging as messaging

from heat.common import exception
from heat.rpc import api as rpc_api
from heat.rpc.client import EngineClient

_CLIENT_ONLY = {"from_transport"}


def client_method_names() -> set[str]:
    """Names of every RPC method the engine client can call."""
    return {
        name
        for name in dir(EngineClient)
        if not name.startswith("_")
        and name not in _CLIENT_ONLY
        and callable(getattr(EngineClient, name))
    }


class UnsupportedCalls:
    """An RPC endpoint answering the client's calls that ``implemented`` lacks."""

    target = messaging.Target(version=rpc_api.RPC_API_VERSION)

    def __init__(self, implemented: object):
        self._missing = frozenset(
            name for name in client_method_names() if not hasattr(implemented, name)
        )

    def __getattr__(self, name):
        if name.startswith("_") or name not in self._missing:
            raise AttributeError(name)

        def not_supported(context, **kwargs):
            raise exception.NotSupported(feature="The engine call %s" % name)

        return not_supported
