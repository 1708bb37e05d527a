"""Database work that threads ask for one at a time, done for many at once.

Each convergence step claims its row, reads its rows again and reports itself done; a
thousand steps ready at once then cost thousands of statements and commits, each more
than the step's own work. Here the first thread to ask leads: it lets the others run
while they queue items, then (once the work before is done) does it for every item
queued, and the others wait for it.
"""

import threading
from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

from heat.engine import scheduler

# The most items a leader waits for; more are taken when queued already.
MAX_BATCH = 200
# How many turns of the other threads must queue nothing before the leader goes on.
QUIET_ROUNDS = 2
Item = TypeVar("Item")
Result = TypeVar("Result")


class GroupCommit(Generic[Item, Result]):
    """Runs ``write`` (items -> a result per item, in order; a write or a read) over the
    items queued by threads asking at about the same time. Steps started together
    (which, on SQLite, yield nowhere else) queue theirs while their leader lets them run."""

    def __init__(self, write: Callable[[Sequence[Item]], Sequence[Result]]):
        self._write = write
        self._guard = threading.Lock()
        self._writing = threading.Lock()
        self._queue: list[_Ticket[Item, Result]] = []
        self._led = False  # a leader is gathering the queue

    def submit(self, item: Item) -> Result:
        """The result for ``item``, of this thread's ``write`` or another's; a failed
        ``write`` raises its error in every thread whose item it took."""
        ticket: _Ticket[Item, Result] = _Ticket(item)
        with self._guard:
            self._queue.append(ticket)
            leads, self._led = not self._led, True
        if not leads:
            ticket.settled.wait()
            return ticket.outcome()
        batch = None
        try:
            self._gather()
            # Items queued while the write before this one runs join this one.
            with self._writing:
                batch = self._take()
                results = self._write([each.item for each in batch])
        except BaseException as error:  # followers must not wait for a killed leader
            for each in self._take() if batch is None else batch:
                each.settle(error=error)
            raise
        for each, result in zip(batch, results, strict=True):
            each.settle(result=result)
        return ticket.outcome()

    def _take(self) -> list["_Ticket[Item, Result]"]:
        with self._guard:
            batch, self._queue, self._led = self._queue, [], False
        return batch

    def _gather(self) -> None:
        """Let the other threads run while they keep queueing items (up to a batch)."""
        queued, quiet = 0, 0
        while quiet < QUIET_ROUNDS and len(self._queue) < MAX_BATCH:
            quiet = quiet + 1 if len(self._queue) == queued else 0
            queued = len(self._queue)
            scheduler.sleep(0)


class _Ticket(Generic[Item, Result]):
    def __init__(self, item: Item):
        self.item = item
        self.settled = threading.Event()
        self._result: Result | None = None
        self._error: BaseException | None = None

    def settle(self, result: Result | None = None, error: BaseException | None = None) -> None:
        self._result, self._error = result, error
        self.settled.set()

    def outcome(self) -> Result:
        if self._error is not None:
            raise self._error
        return self._result  # type: ignore[return-value]
