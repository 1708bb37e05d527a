"""The one place where the API processes make their RPC transport and ``EngineClient``.

One transport per configuration object (``cfg.CONF`` in the binaries), so every app of
a process shares it; tests that serve a stand-in engine on ``inproc://`` get the same
transport from :func:`get_transport` and so talk to the apps they load.
"""

from oslo_config import cfg

from heat.common import messaging
from heat.rpc.client import EngineClient

_CLIENTS: dict[int, tuple[cfg.ConfigOpts, object, EngineClient]] = {}


def _entry(conf: cfg.ConfigOpts):
    entry = _CLIENTS.get(id(conf))
    if entry is None or entry[0] is not conf:
        transport = messaging.get_transport(conf)
        entry = (conf, transport, EngineClient.from_transport(transport))
        _CLIENTS[id(conf)] = entry
    return entry


def get_transport(conf: cfg.ConfigOpts):
    """The process's RPC transport for ``conf``."""
    return _entry(conf)[1]


def get_engine_client(conf: cfg.ConfigOpts) -> EngineClient:
    """The process's engine client for ``conf``."""
    return _entry(conf)[2]


class EngineBackend:
    """Backend of the custombackendauth filter: the engine's cloud backend decides."""

    def __init__(self, conf: cfg.ConfigOpts, engine_client: EngineClient | None = None):
        self.engine_client = engine_client or get_engine_client(conf)

    def authenticated(self, context) -> bool:
        """Whether the engine's backend accepts the caller's credentials."""
        return bool(self.engine_client.authenticated_to_backend(context))
