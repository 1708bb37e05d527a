"""The fault-injection proxy itself: it forwards, and a cut drops and refuses connections."""

import socket
import threading

import pytest

from tests.fixtures.tcp_proxy import TcpProxy


@pytest.fixture
def echo_server():
    server = socket.create_server(("127.0.0.1", 0))

    def serve():
        while True:
            try:
                connection, _ = server.accept()
            except OSError:
                return
            with connection:
                while data := connection.recv(1024):
                    connection.sendall(data)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield server.getsockname()
    # close() alone leaves the thread blocked in accept(); shutdown() wakes it.
    server.shutdown(socket.SHUT_RDWR)
    server.close()
    thread.join(timeout=5)
    assert not thread.is_alive()


@pytest.fixture
def proxy(echo_server):
    proxy = TcpProxy(*echo_server)
    yield proxy
    proxy.close()


def echo(port: int, payload: bytes) -> bytes:
    """What comes back for ``payload``; nothing when the connection is dropped (closed, or
    reset because the proxy closed it with our payload unread)."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as connection:
        try:
            connection.sendall(payload)
            return connection.recv(1024)
        except ConnectionResetError:
            return b""


def test_the_proxy_forwards(proxy):
    assert echo(proxy.port, b"hello") == b"hello"


def test_a_cut_drops_open_connections(proxy):
    with socket.create_connection(("127.0.0.1", proxy.port), timeout=5) as connection:
        connection.sendall(b"one")
        assert connection.recv(1024) == b"one"
        proxy.cut()
        assert connection.recv(1024) == b""


def test_a_cut_link_refuses_new_connections_until_restored(proxy):
    proxy.cut()
    assert echo(proxy.port, b"lost") == b""
    proxy.restore()
    assert echo(proxy.port, b"back") == b"back"


def test_urls_are_routed_through_the_proxy(proxy):
    routed = proxy.route("mysql+pymysql://root:secret@127.0.0.1:3306/heat")
    assert routed == "mysql+pymysql://root:secret@127.0.0.1:%d/heat" % proxy.port
