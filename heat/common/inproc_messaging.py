"""``inproc://``: an oslo.messaging driver for the APIs and engine of one process.

heat-all's default transport. oslo.messaging's ``fake://`` driver has the same reach,
but its listeners look for messages every 50 ms, which put a 50 ms floor under every
API call; here a delivery wakes the listener at once. Messages and replies are the
serializer's JSON-safe copies, as with a broker. Like ``fake://``, every transport of
a process shares the exchanges, so a client reaches any server of the same process.
"""

import collections
import queue
import threading
import time

import oslo_messaging
from oslo_messaging._drivers import base

SCHEME = "inproc"
URL = SCHEME + "://"


class _Exchange:
    """Queues of one exchange, and the condition every listener of it waits on."""

    def __init__(self) -> None:
        self._arrived = threading.Condition()
        self._server_queues: dict[tuple, collections.deque] = {}
        self._topic_queues: dict[tuple, collections.deque] = {}

    def ensure_queues(self, targets, pool) -> None:
        with self._arrived:
            for target in targets:
                self._queue_of(target, pool)

    def _queue_of(self, target, pool) -> collections.deque:
        if target.server:
            return self._server_queues.setdefault(
                (target.topic, target.server), collections.deque()
            )
        return self._topic_queues.setdefault((target.topic, pool), collections.deque())

    def deliver(self, target, item) -> None:
        """Queue ``item`` for the server ``target`` names, every server of its topic
        (fanout), or each pool of its topic (no server); then wake the listeners."""
        with self._arrived:
            if target.fanout:
                queues = [q for key, q in self._server_queues.items() if key[0] == target.topic]
            elif target.server:
                queues = [self._queue_of(target, None)]
            else:
                self._queue_of(target, None)
                queues = [q for key, q in self._topic_queues.items() if key[0] == target.topic]
            for waiting in queues:
                waiting.append(item)
            self._arrived.notify_all()

    def take(self, targets, pool, timeout, stopped: threading.Event):
        """The first item queued for ``targets``, waiting up to ``timeout`` seconds
        (for ever if None); None when it runs out or the listener is stopped."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._arrived:
            while not stopped.is_set():
                for target in targets:
                    waiting = self._queue_of(target, pool)
                    if waiting:
                        return waiting.popleft()
                remaining = None if deadline is None else deadline - time.monotonic()
                if remaining is not None and remaining <= 0:
                    return None
                self._arrived.wait(remaining)
            return None

    def wake_all(self) -> None:
        with self._arrived:
            self._arrived.notify_all()


_EXCHANGES: dict[str, _Exchange] = {}
_EXCHANGES_LOCK = threading.Lock()


def _exchange(name: str) -> _Exchange:
    with _EXCHANGES_LOCK:
        return _EXCHANGES.setdefault(name, _Exchange())


class _IncomingMessage(base.RpcIncomingMessage):
    def __init__(self, ctxt, message, reply_queue, requeue):
        super().__init__(ctxt, message)
        self._reply_queue = reply_queue
        self._requeue = requeue

    def reply(self, reply=None, failure=None):
        if self._reply_queue is not None:
            self._reply_queue.put((reply, failure[1] if failure else None))

    def requeue(self):
        self._requeue()

    def heartbeat(self):
        """Nothing to do: a caller of this process cannot lose its server."""


class _Listener(base.PollStyleListener):
    def __init__(self, exchange: _Exchange, targets, pool=None):
        super().__init__()
        self._exchange = exchange
        self._targets = targets
        self._pool = pool
        self._stopped = threading.Event()
        exchange.ensure_queues(targets, pool)

    @base.batch_poll_helper
    def poll(self, timeout=None):
        item = self._exchange.take(self._targets, self._pool, timeout, self._stopped)
        return None if item is None else _IncomingMessage(*item)

    def stop(self):
        self._stopped.set()
        self._exchange.wake_all()


class InProcessDriver(base.BaseDriver):
    """The ``inproc`` transport driver (entry point of ``oslo.messaging.drivers``)."""

    def require_features(self, requeue=True):
        """Every feature is there: requeueing puts the message back in its queue."""

    def send(
        self,
        target,
        ctxt,
        message,
        wait_for_reply=None,
        timeout=None,
        call_monitor_timeout=None,
        retry=None,
        transport_options=None,
    ):
        exchange = _exchange(target.exchange or self._default_exchange)
        reply_queue = queue.Queue() if wait_for_reply else None

        def requeue():
            exchange.deliver(target, (ctxt, message, reply_queue, requeue))

        requeue()
        if reply_queue is None:
            return None
        try:
            reply, failure = reply_queue.get(timeout=timeout)
        except queue.Empty:
            raise oslo_messaging.MessagingTimeout("No reply on topic %s" % target.topic)
        if failure:
            raise failure
        return reply

    def send_notification(self, target, ctxt, message, version, retry=None):
        self.send(target, ctxt, message)

    def listen(self, target, batch_size, batch_timeout):
        exchange_name = target.exchange or self._default_exchange
        targets = [
            oslo_messaging.Target(topic=target.topic, server=target.server),
            oslo_messaging.Target(topic=target.topic),
        ]
        listener = _Listener(_exchange(exchange_name), targets)
        return base.PollStyleListenerAdapter(listener, batch_size, batch_timeout)

    def listen_for_notifications(self, targets_and_priorities, pool, batch_size, batch_timeout):
        listeners = {}
        for target, priority in targets_and_priorities:
            name = target.exchange or self._default_exchange
            topic = oslo_messaging.Target(topic="%s.%s" % (target.topic, priority))
            listeners.setdefault(name, []).append(topic)
        if len(listeners) != 1:
            raise NotImplementedError("inproc:// notification listeners take one exchange")
        [(name, targets)] = listeners.items()
        listener = _Listener(_exchange(name), targets, pool)
        return base.PollStyleListenerAdapter(listener, batch_size, batch_timeout)

    def cleanup(self):
        """The exchanges outlive a transport: other transports of the process share them."""
