"""The profiler's trace crossing RPC in the request context, and the endpoints it wraps."""

import threading

import osprofiler.web
import pytest
from osprofiler import profiler as osprofiler_profiler

from heat.common import context, messaging, profiler
from tests.unit.heat_conf import registered_conf


@pytest.fixture
def in_trace():
    """This thread in a trace signed with ``key``; its base id."""
    osprofiler_profiler.init("key")
    yield osprofiler_profiler.get().get_base_id()
    osprofiler_profiler.clean()


def in_another_thread(function, *args):
    result = {}
    thread = threading.Thread(target=lambda: result.update(value=function(*args)))
    thread.start()
    thread.join()
    return result["value"]


def received_trace(values):
    """What a server thread that deserialized ``values`` traces into: (base id, context)."""

    def receive():
        received = messaging.RequestContextSerializer().deserialize_context(values)
        current = osprofiler_profiler.get()
        return (current.get_base_id() if current else None), received

    return in_another_thread(receive)


def test_the_context_of_a_traced_call_carries_the_trace(in_trace):
    values = messaging.RequestContextSerializer().serialize_context(context.get_admin_context())
    assert values[profiler.TRACE_INFO]["base_id"] == in_trace
    base_id, received = received_trace(values)
    assert base_id == in_trace and received.is_admin


def test_a_context_outside_a_trace_carries_none():
    values = messaging.RequestContextSerializer().serialize_context(context.get_admin_context())
    assert profiler.TRACE_INFO not in values
    assert received_trace(values)[0] is None


def test_a_pooled_thread_leaves_the_trace_of_its_previous_call():
    osprofiler_profiler.init("key")
    profiler.join_trace(None)
    assert osprofiler_profiler.get() is None


def test_disabled_profiling_wraps_no_endpoint_and_honours_no_header(monkeypatch):
    monkeypatch.setattr(osprofiler.web, "_ENABLED", osprofiler.web._ENABLED)
    conf = registered_conf()
    endpoints = [object()]
    assert profiler.traced_endpoints(conf, endpoints, "engine") == endpoints
    assert profiler.setup(conf, "heat-engine", "host") is False
    assert osprofiler.web._ENABLED is False


def test_a_traced_endpoint_calls_through_outside_a_trace():
    class Endpoint:
        target = None

        def ping(self, context, value):
            return value

    traced = profiler.TracedEndpoint(Endpoint(), "engine")
    assert traced.ping(None, value=3) == 3
