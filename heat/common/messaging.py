"""oslo.messaging set-up shared by the APIs and the engine.

The transport comes from ``transport_url`` (RabbitMQ in a split deployment,
``inproc://`` inside one process for heat-all and tests). Payloads are made
JSON-safe and the request context travels as a dict beside every message.
"""

import json

import oslo_messaging as messaging
from oslo_messaging import opts as messaging_opts
from oslo_serialization import jsonutils

from heat.common import context, exception, profiler

# Only errors of this module cross RPC as themselves; others come back as RemoteError.
ALLOWED_EXMODS = ["heat.common.exception"]
IN_PROCESS_TRANSPORT_URL = "inproc://"
# Transports that reach only this process: ours, and oslo.messaging's test driver.
IN_PROCESS_SCHEMES = ("inproc://", "fake://")
REMOTE_SUFFIX = "_Remote"


class JsonPayloadSerializer(messaging.NoOpSerializer):
    """Turn payloads into plain JSON types (datetimes to ISO strings, UUIDs to text)."""

    def serialize_entity(self, ctxt, entity):
        # The C JSON codec walks large templates far faster than to_primitive; only
        # values JSON lacks (datetimes, UUIDs, sets, objects) go through to_primitive.
        return json.loads(json.dumps(entity, default=_to_primitive))


def _to_primitive(value):
    return jsonutils.to_primitive(value, convert_instances=True)


class RequestContextSerializer(messaging.Serializer):
    """Carry :class:`heat.common.context.RequestContext` across RPC as a dict, with the
    profiler trace the sender takes part in (see :mod:`heat.common.profiler`)."""

    def __init__(self, base=None):
        self._base = base or JsonPayloadSerializer()

    def serialize_entity(self, ctxt, entity):
        return self._base.serialize_entity(ctxt, entity)

    def deserialize_entity(self, ctxt, entity):
        return self._base.deserialize_entity(ctxt, entity)

    def serialize_context(self, ctxt):
        return profiler.with_trace(ctxt.to_dict())

    def deserialize_context(self, ctxt):
        return context.RequestContext.from_dict(profiler.without_trace(ctxt))


_TRANSPORTS: dict[int, messaging.Transport] = {}


def get_transport(conf):
    """The process's RPC transport for ``conf.transport_url``, made on first use.

    One per process and config: the ``inproc://`` driver only connects users in the
    same process (heat-all's APIs and engine). Engine workers call this
    after the fork, so no broker connection is shared between processes.
    """
    key = id(conf)
    if key not in _TRANSPORTS:
        _TRANSPORTS[key] = messaging.get_rpc_transport(conf, allowed_remote_exmods=ALLOWED_EXMODS)
    return _TRANSPORTS[key]


def is_in_process(transport_url: str | None) -> bool:
    """Whether ``transport_url`` only reaches users in this process."""
    return (transport_url or "").startswith(IN_PROCESS_SCHEMES)


def executor_pool_size(conf) -> int:
    """How many calls an RPC server runs at once: oslo.messaging's
    ``executor_thread_pool_size`` (registered here when no server has registered it)."""
    for group, options in messaging_opts.list_opts():
        if group is None:
            conf.register_opts([o for o in options if o.name == "executor_thread_pool_size"])
    return conf.executor_thread_pool_size


def get_rpc_server(transport, target, endpoints):
    """An RPC server dispatching ``target`` to ``endpoints``.

    It runs on threads, which are green threads in the monkey-patched binaries.
    """
    access_policy = messaging.DefaultRPCAccessPolicy
    return messaging.get_rpc_server(
        transport,
        target,
        endpoints,
        serializer=RequestContextSerializer(),
        access_policy=access_policy,
    )


def get_rpc_client(transport, topic, version, server=None, timeout=None):
    """An RPC client of ``topic`` pinned to ``version``."""
    target = messaging.Target(topic=topic, version=version, server=server)
    return messaging.get_rpc_client(
        transport, target, serializer=RequestContextSerializer(), timeout=timeout
    )


class QuietErrors:
    """An RPC endpoint whose Heat errors (a user's mistakes) go back to the caller without
    the ERROR log and traceback oslo.messaging writes for unexpected failures."""

    def __init__(self, endpoint):
        self._endpoint = endpoint
        self.target = endpoint.target

    def __getattr__(self, name):
        attribute = getattr(self._endpoint, name)
        if name.startswith("_") or not callable(attribute):
            return attribute
        return messaging.expected_exceptions(exception.HeatException)(attribute)


def as_received(error: exception.HeatException) -> exception.HeatException:
    """``error`` as a caller in another process gets it: rebuilt from its keyword fields,
    as oslo.messaging rebuilds errors that cross a broker (``StackValidationFailed``'s
    message changes then). The ``inproc://`` driver hands back the engine's own object, so
    this makes heat-all answer as a split deployment does; a rebuilt error is kept."""
    if type(error).__name__.endswith(REMOTE_SUFFIX):
        return error
    try:
        return type(error)(**error.kwargs)
    except TypeError:
        return error
