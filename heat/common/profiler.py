"""OSProfiler: cross-service traces of the requests an operator signs.

With ``[profiler] enabled``, a request whose ``X-Trace-Info``/``X-Trace-HMAC`` headers are
signed with one of ``[profiler] hmac_keys`` is traced by the API's ``osprofiler`` filter;
the trace goes on over RPC in the request context (``trace_info``), through the engine's
calls and the threads of stack actions, and through SQL statements when
``[profiler] trace_sqlalchemy`` is set. Trace points go to the notifier of
``[profiler] connection_string`` (``messaging://``: notifications on the configured
transport). Disabled, no trace is started and no call is wrapped.
"""

from typing import Any

import osprofiler.initializer
import osprofiler.web
from oslo_log import log as logging
from osprofiler import profiler as osprofiler_profiler

from heat.common import context as heat_context

LOG = logging.getLogger(__name__)
# The key of the trace a request context carries over RPC (OpenStack Heat's).
TRACE_INFO = "trace_info"


def setup(conf: Any, binary: str, host: str) -> bool:
    """Create the notifier and accept signed trace headers when ``[profiler] enabled``;
    otherwise make sure that no trace header is honoured. Whether profiling is on."""
    if not conf.profiler.enabled:
        osprofiler.web.disable()
        return False
    osprofiler.initializer.init_from_conf(
        conf=conf,
        context=heat_context.get_admin_context().to_dict(),
        project="heat",
        service=binary,
        host=host,
    )
    LOG.warning(
        "OSProfiler is enabled: whoever knows one of [profiler] hmac_keys can have "
        "their requests traced (reading traces still needs an admin). Set "
        "[profiler] enabled = false to turn it off."
    )
    return True


def current_trace() -> dict[str, Any] | None:
    """The trace this thread takes part in, as the keyword arguments of
    ``osprofiler.profiler.init``; None outside a trace."""
    current = osprofiler_profiler.get()
    if current is None:
        return None
    return {
        "hmac_key": current.hmac_key,
        "base_id": current.get_base_id(),
        "parent_id": current.get_id(),
    }


def join_trace(trace: dict[str, Any] | None) -> None:
    """Make this thread take part in ``trace`` (from :func:`current_trace`), or in none."""
    if trace:
        osprofiler_profiler.init(**trace)
    elif osprofiler_profiler.get() is not None:
        # A pooled thread must not lend the trace of its previous call to this one.
        osprofiler_profiler.clean()


def with_trace(context_values: dict[str, Any]) -> dict[str, Any]:
    """A serialized request context plus the current trace, if any, to send over RPC."""
    trace = current_trace()
    return context_values if trace is None else {**context_values, TRACE_INFO: trace}


def without_trace(context_values: dict[str, Any]) -> dict[str, Any]:
    """A received request context without its trace, which this thread joins."""
    values = dict(context_values)
    join_trace(values.pop(TRACE_INFO, None))
    return values


class TracedEndpoint:
    """An RPC endpoint whose calls are trace points (``rpc``) when the caller sent a trace."""

    def __init__(self, endpoint: Any, name: str):
        self._endpoint = endpoint
        self._name = name
        self.target = endpoint.target

    def __getattr__(self, method: str) -> Any:
        attribute = getattr(self._endpoint, method)
        if method.startswith("_") or not callable(attribute):
            return attribute
        info = {"function": {"name": "%s.%s" % (self._name, method)}}

        def traced(*args: Any, **kwargs: Any) -> Any:
            if osprofiler_profiler.get() is None:
                return attribute(*args, **kwargs)
            with osprofiler_profiler.Trace("rpc", info=info):
                return attribute(*args, **kwargs)

        return traced


def traced_endpoints(conf: Any, endpoints: Any, name: str) -> list[Any]:
    """``endpoints`` as trace points when ``[profiler] enabled``; as they are otherwise."""
    if not conf.profiler.enabled:
        return list(endpoints)
    return [TracedEndpoint(endpoint, name) for endpoint in endpoints]
