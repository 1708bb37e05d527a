"""The ``inproc://`` driver: calls, casts, fanout, errors and timeouts between the users
of one process. (How fast a call is answered: ``tools/bench/api_latency.py``.)"""

import threading
import time
import uuid

import oslo_messaging
import pytest
from oslo_config import cfg

from heat.common import config, inproc_messaging, messaging


def new_transport():
    conf = config.register(cfg.ConfigOpts())
    conf([], project="heat")
    return oslo_messaging.get_rpc_transport(conf, url=inproc_messaging.URL)


@pytest.fixture
def transport():
    return new_transport()


class Echo:
    def __init__(self, name="server"):
        self.name = name
        self.casts = []
        self.cast_seen = threading.Event()

    def echo(self, ctxt, value):
        return {"server": self.name, "value": value, "user": ctxt.get("user")}

    def fail(self, ctxt):
        raise ValueError("no such thing")

    def remember(self, ctxt, value):
        self.casts.append(value)
        self.cast_seen.set()


@pytest.fixture
def topic():
    return "test-%s" % uuid.uuid4().hex


def serve(transport, topic, endpoint, server="host-a"):
    target = oslo_messaging.Target(topic=topic, server=server)
    rpc_server = oslo_messaging.get_rpc_server(
        transport, target, [endpoint], access_policy=oslo_messaging.DefaultRPCAccessPolicy
    )
    rpc_server.start()
    return rpc_server


def stop(*servers):
    for server in servers:
        server.stop()
        server.wait()


def client(transport, topic, **target):
    return oslo_messaging.get_rpc_client(
        transport, oslo_messaging.Target(topic=topic, **target), timeout=5
    )


def test_a_call_gets_the_server_answer_with_the_context(transport, topic):
    server = serve(transport, topic, Echo())
    try:
        answer = client(transport, topic).call({"user": "alice"}, "echo", value=[1, "two"])
    finally:
        stop(server)
    assert answer == {"server": "server", "value": [1, "two"], "user": "alice"}


def test_a_server_error_reaches_the_caller(transport, topic):
    server = serve(transport, topic, Echo())
    try:
        with pytest.raises(ValueError, match="no such thing"):
            client(transport, topic).call({}, "fail")
    finally:
        stop(server)


def test_a_call_nobody_serves_times_out(transport, topic):
    caller = oslo_messaging.get_rpc_client(
        transport, oslo_messaging.Target(topic=topic), timeout=0.2
    )
    with pytest.raises(oslo_messaging.MessagingTimeout, match=topic):
        caller.call({}, "echo", value=1)


def test_a_call_to_a_named_server_reaches_only_it(transport, topic):
    first, second = Echo("a"), Echo("b")
    servers = serve(transport, topic, first, "host-a"), serve(transport, topic, second, "host-b")
    try:
        answers = {
            client(transport, topic, server="host-b").call({}, "echo", value=n)["server"]
            for n in range(5)
        }
    finally:
        stop(*servers)
    assert answers == {"b"}


def test_a_fanout_cast_reaches_every_server_of_the_topic(transport, topic):
    first, second = Echo("a"), Echo("b")
    servers = serve(transport, topic, first, "host-a"), serve(transport, topic, second, "host-b")
    try:
        client(transport, topic, fanout=True).cast({}, "remember", value="hello")
        assert first.cast_seen.wait(5) and second.cast_seen.wait(5)
    finally:
        stop(*servers)
    assert first.casts == second.casts == ["hello"]


def test_another_transport_of_the_process_reaches_the_server(transport, topic):
    server = serve(transport, topic, Echo())
    other = new_transport()
    try:
        assert client(other, topic).call({}, "echo", value=3)["value"] == 3
    finally:
        stop(server)


def test_a_message_sent_before_the_server_listens_waits_for_it(transport, topic):
    endpoint = Echo()
    client(transport, topic).cast({}, "remember", value="early")
    server = serve(transport, topic, endpoint)
    try:
        assert endpoint.cast_seen.wait(5)
    finally:
        stop(server)
    assert endpoint.casts == ["early"]


def test_a_stopped_server_stops_at_once(transport, topic):
    server = serve(transport, topic, Echo())
    started = time.monotonic()
    stop(server)
    assert time.monotonic() - started < 1


def test_heat_counts_both_in_process_schemes_as_in_process():
    assert messaging.is_in_process("inproc://")
    assert messaging.is_in_process("fake://")
    assert not messaging.is_in_process("rabbit://guest:guest@127.0.0.1:5672/")
    assert not messaging.is_in_process(None)
