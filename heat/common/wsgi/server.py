"""The eventlet HTTP server of the API processes: one listening socket, optional worker processes.

With ``workers = 0`` the parent serves in a green thread; with ``workers > 0`` it forks that
many children that share the socket and replaces a child that dies. Stopping is graceful:
the socket stops accepting and requests in flight finish.
"""

import errno
import http
import os
import signal
import socket
import ssl
import sys
import time

import eventlet
import eventlet.greenthread
import eventlet.hubs
import eventlet.wsgi
import greenlet
from eventlet.green import ssl as green_ssl
from oslo_log import log as logging

# eventlet.wsgi re-imports http.server over green sockets and threads and leaves that copy
# as the ``http`` package's ``server`` attribute, while sys.modules keeps the standard one:
# every later ``import http.server`` in a process that is not monkey-patched would get
# green servers that hang. Point the attribute back at the standard module.
if "http.server" in sys.modules:
    http.server = sys.modules["http.server"]  # type: ignore[attr-defined]

LOG = logging.getLogger(__name__)
_BIND_RETRY_SECONDS = 30
_STOP_POLL_SECONDS = 0.2


def listen(group_conf) -> socket.socket:
    """A listening socket on ``bind_host:bind_port``, with keep-alive and optional TLS."""
    info = socket.getaddrinfo(
        group_conf.bind_host, group_conf.bind_port, socket.AF_UNSPEC, socket.SOCK_STREAM
    )[0]
    deadline = time.monotonic() + _BIND_RETRY_SECONDS
    while True:
        try:
            sock = eventlet.listen(info[-1], family=info[0], backlog=group_conf.backlog)
            break
        except OSError as error:
            if error.errno != errno.EADDRINUSE or time.monotonic() > deadline:
                raise
            eventlet.sleep(0.1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
    # Headers and body go out in separate writes: without this, Nagle's algorithm holds
    # the body until the client's delayed ACK (~40 ms) on every larger response.
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    if hasattr(socket, "TCP_KEEPIDLE"):
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_KEEPIDLE, group_conf.tcp_keepidle)
    if group_conf.cert_file or group_conf.key_file:
        sock = _wrap_tls(sock, group_conf)
    return sock


def _wrap_tls(sock, group_conf):
    if not (group_conf.cert_file and group_conf.key_file):
        raise RuntimeError("cert_file and key_file must both be set to serve https")
    tls = green_ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    tls.load_cert_chain(group_conf.cert_file, group_conf.key_file)
    return tls.wrap_socket(sock, server_side=True)


def _in_hub() -> bool:
    # True inside a signal handler that interrupted the hub's poll: killing a green
    # thread from there would only be noticed when the poll times out.
    return greenlet.getcurrent() is eventlet.hubs.get_hub().greenlet


class Server:
    """Serves one WSGI application with the options of one group (``conf.heat_api``...).

    A signal handler calls ``request_stop()``; ordinary code may call ``stop()``.
    """

    def __init__(self, name: str, group_conf, pool_size: int = 1000):
        self.name = name
        self.group_conf = group_conf
        self.pool_size = pool_size
        self.socket: socket.socket | None = None
        self._green_server: eventlet.greenthread.GreenThread | None = None
        self._children: set[int] = set()
        self._running = False

    @property
    def port(self) -> int:
        """The port actually bound (useful with ``bind_port = 0``)."""
        if self.socket is None:
            raise RuntimeError("%s is not started" % self.name)
        return self.socket.getsockname()[1]

    def start(self, application) -> None:
        """Bind, then serve from this process or from forked workers."""
        eventlet.wsgi.MAX_HEADER_LINE = self.group_conf.max_header_line
        self.application = application
        self.socket = listen(self.group_conf)
        self._running = True
        if self.group_conf.workers == 0:
            self._green_server = eventlet.spawn(self._serve)
            return
        for _ in range(self.group_conf.workers):
            self._fork_worker()

    def _serve(self) -> None:
        eventlet.wsgi.server(
            self.socket,
            self.application,
            custom_pool=eventlet.GreenPool(self.pool_size),
            log=LOG,
            debug=False,
        )

    def _serve_until_stopped(self, server: eventlet.greenthread.GreenThread) -> None:
        while not server.dead and self._running:
            eventlet.sleep(_STOP_POLL_SECONDS)
        server.kill()
        try:
            server.wait()  # eventlet.wsgi.server returns once requests in flight are answered
        except greenlet.GreenletExit:
            pass

    def _fork_worker(self) -> None:
        pid = os.fork()
        if pid:
            self._children.add(pid)
            return
        # A fresh hub: the parent's epoll instance would be shared with the other workers.
        eventlet.hubs.use_hub()
        self._children = set()
        self._green_server = eventlet.spawn(self._serve)
        signal.signal(signal.SIGTERM, lambda *_: self.request_stop())
        status = 0
        try:
            self._serve_until_stopped(self._green_server)
        except BaseException:  # a worker must never return into the parent's code
            LOG.exception("%s worker %d failed", self.name, os.getpid())
            status = 1
        os._exit(status)

    def wait(self) -> None:
        """Block until the server stops; in the parent of workers, replace workers that die."""
        if self._green_server is not None:
            self._serve_until_stopped(self._green_server)
            return
        while self._children:
            pid, _ = os.waitpid(-1, 0)
            self._children.discard(pid)
            if self._running:
                LOG.warning("%s worker %d exited; starting another", self.name, pid)
                self._fork_worker()

    def request_stop(self) -> None:
        """What a signal handler may do: flag the stop, which :meth:`wait` acts on within
        ``_STOP_POLL_SECONDS``, and pass SIGTERM on to the workers. A handler runs in
        whichever greenlet was running, so it must not switch greenlets (as killing the
        server does)."""
        self._running = False
        for pid in list(self._children):
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                self._children.discard(pid)

    def stop(self) -> None:
        """Stop accepting connections and let requests in flight finish, at once; from
        ordinary code, as heat-all stops its servers (a signal handler calls
        :meth:`request_stop`)."""
        self.request_stop()
        if self._green_server is not None and not _in_hub():
            self._green_server.kill()
