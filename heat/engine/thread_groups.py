"""The threads running stack actions, grouped per stack, and the messages sent to them.

A stack action runs in its own thread (a green thread in the engine process). Starting it
with :meth:`ThreadGroupManager.start_with_lock` hands the stack lock to the thread: the
lock is released when the thread ends, whatever the outcome.
"""

import collections
import threading
import time
from collections.abc import Callable
from typing import Any

from oslo_log import log as logging

from heat.common import profiler

LOG = logging.getLogger(__name__)


class ThreadGroupManager:
    """Threads and pending messages (``cancel``...) per stack id."""

    def __init__(self) -> None:
        self._threads: dict[str, set[threading.Thread]] = collections.defaultdict(set)
        self._messages: dict[str, list[str]] = collections.defaultdict(list)
        self._guard = threading.Lock()

    def start(self, stack_id: str, function: Callable[..., Any], *args: Any) -> threading.Thread:
        """Run ``function(*args)`` in a new thread of the stack's group."""
        trace = profiler.current_trace()
        thread = threading.Thread(
            target=self._run, args=(stack_id, trace, function, args), name="stack-%s" % stack_id
        )
        thread.daemon = True
        # Started under the guard, so that no one waiting for the group finds it unstarted
        # (the thread itself takes the guard only once it has started).
        with self._guard:
            self._threads[stack_id].add(thread)
            thread.start()
        return thread

    def start_with_lock(
        self, lock: Any, function: Callable[..., Any], *args: Any
    ) -> threading.Thread:
        """Run ``function`` in a thread that releases the already acquired ``lock`` when it
        ends (or at once, if the thread cannot start)."""

        def locked() -> None:
            try:
                function(*args)
            finally:
                lock.release()

        try:
            return self.start(lock.stack_id, locked)
        except Exception:
            lock.release()
            raise

    def _run(
        self, stack_id: str, trace: dict | None, function: Callable[..., Any], args: tuple
    ) -> None:
        # The action goes on in the profiler trace of the request that started it.
        profiler.join_trace(trace)
        try:
            function(*args)
        except Exception:  # noqa: BLE001 - a stack thread must log, never die silently
            LOG.exception("Unhandled error in the thread of stack %s", stack_id)
        finally:
            with self._guard:
                self._threads[stack_id].discard(threading.current_thread())
                if not self._threads[stack_id]:
                    del self._threads[stack_id]
                    self._messages.pop(stack_id, None)

    def send(self, stack_id: str, message: str) -> bool:
        """Queue ``message`` for the running action of the stack; whether one is running."""
        with self._guard:
            if stack_id not in self._threads:
                return False
            self._messages[stack_id].append(message)
            return True

    def messages(self, stack_id: str) -> Callable[[], list[str]]:
        """A callable that returns (and forgets) the messages queued for the stack."""

        def take() -> list[str]:
            with self._guard:
                queued = self._messages.get(stack_id, [])
                self._messages[stack_id] = []
                return queued

        return take

    def running(self, stack_id: str) -> bool:
        """Whether an action thread of the stack is running here."""
        with self._guard:
            return bool(self._threads.get(stack_id))

    def wait(self, stack_id: str, timeout: float | None = None) -> None:
        """Wait (up to ``timeout`` in all) for the stack's threads to end, and for those
        they start meanwhile: the steps of a convergence traversal start the next ones."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            with self._guard:
                threads = list(self._threads.get(stack_id, ()))
            if not threads:
                return
            for thread in threads:
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    return
                thread.join(left)

    def stop_all(self, timeout: float | None = None) -> None:
        """Wait (up to ``timeout`` each) for every running thread, at engine stop."""
        with self._guard:
            threads = [thread for group in self._threads.values() for thread in group]
        for thread in threads:
            thread.join(timeout)
