"""``template_fetch_timeout``: a ``template_url`` slower than the option is a 400."""

import socket
import threading

import pytest

from tests.unit.api.conftest import call

STACKS = "/v1/tenant-a/stacks"
TEMPLATE = b"heat_template_version: 2021-04-16\n"


@pytest.fixture
def conf(conf):
    conf.set_override("template_fetch_timeout", 0.3)
    return conf


@pytest.fixture
def slow_server():
    """The URL of a server that answers a template two seconds after the request."""
    listener = socket.create_server(("127.0.0.1", 0))
    released = threading.Event()

    def serve():
        connection, _ = listener.accept()
        with connection:
            connection.recv(65536)
            released.wait(2)
            header = b"HTTP/1.0 200 OK\r\nContent-Length: %d\r\n\r\n" % len(TEMPLATE)
            try:
                connection.sendall(header + TEMPLATE)
            except OSError:
                pass

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield "http://127.0.0.1:%d/slow.yaml" % listener.getsockname()[1]
    released.set()
    thread.join(5)
    listener.close()


def test_a_template_url_slower_than_the_timeout_is_400(app, engine, slow_server):
    body = {"stack_name": "web", "template_url": slow_server}
    response = call(app, "POST", STACKS, body)
    assert response.status_int == 400
    assert response.json["error"]["message"] == (
        "Could not retrieve template: Failed to retrieve template from %s" % slow_server
    )
