"""An RPC call and a cast between two real processes over RabbitMQ (heat.common.messaging)."""

import json
import pathlib
import subprocess
import sys
import time

import pytest
from oslo_config import cfg

from heat.common import config, context, messaging

SERVER = pathlib.Path(__file__).with_name("echo_server.py")


@pytest.fixture
def echo_process(rabbit_vhost_url, tmp_path):
    record = tmp_path / "record.jsonl"
    process = subprocess.Popen(
        [sys.executable, str(SERVER), rabbit_vhost_url, "echo", str(record)],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout.readline().strip() == "ready"
    yield record
    process.terminate()
    process.wait(timeout=30)


@pytest.fixture
def client(rabbit_vhost_url, echo_process):
    conf = config.register(cfg.ConfigOpts())
    conf([], project="heat")
    conf.set_override("transport_url", rabbit_vhost_url)
    transport = messaging.get_transport(conf)
    yield messaging.get_rpc_client(transport, "echo", "1.0", timeout=30)
    transport.cleanup()


def caller():
    return context.RequestContext(tenant_id="project-a", user_id="u", roles=["member"])


def test_call_returns_the_answer_of_the_other_process(client):
    answer = client.call(caller(), "echo", value={"when": "now", "n": [1, 2]})
    assert answer == {
        "value": {"when": "now", "n": [1, 2]},
        "project_id": "project-a",
        "roles": ["member"],
    }


def test_cast_is_delivered_to_the_other_process(client, echo_process):
    record = echo_process
    client.cast(caller(), "record", value="cast-1")
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and not record.exists():
        time.sleep(0.1)
    assert [json.loads(line) for line in record.read_text().splitlines()] == [
        {"value": "cast-1", "project_id": "project-a"}
    ]
