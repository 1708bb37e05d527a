"""The stack lock: one engine at a time runs an action on a stack.

The lock is a ``stack_lock`` row naming the holder's engine id. A lock held by an engine
that is dead — no recent heartbeat in the ``service`` table and no answer on its listener
topic — is stolen; a live holder means the action is refused with ActionInProgress.
"""

import contextlib
from collections.abc import Callable, Iterator
from typing import Any

from oslo_log import log as logging

from heat.common import exception
from heat.db import api as db_api
from heat.engine import db_outages

LOG = logging.getLogger(__name__)

EngineAlive = Callable[[Any, str], bool]


class StackLock:
    """The lock of one stack, taken for ``engine_id``."""

    def __init__(
        self, context: Any, stack_id: str, stack_name: str, engine_id: str, is_alive: EngineAlive
    ):
        self.context = context
        self.stack_id = stack_id
        self.stack_name = stack_name
        self.engine_id = engine_id
        self.is_alive = is_alive

    def acquire(self, action: str = "UNKNOWN") -> None:
        """Take the lock, stealing it from a dead engine; ActionInProgress when a live
        engine (or this one) holds it."""
        holder = db_api.stack_lock_create(self.context, self.stack_id, self.engine_id)
        while holder is not None:
            if holder == self.engine_id or self.is_alive(self.context, holder):
                raise exception.ActionInProgress(
                    stack_name=self.stack_name, action=self._running_action() or action
                )
            LOG.info("Stealing the lock of stack %s from dead engine %s", self.stack_id, holder)
            result = db_api.stack_lock_steal(self.context, self.stack_id, holder, self.engine_id)
            if result is None:
                return
            holder = (
                db_api.stack_lock_create(self.context, self.stack_id, self.engine_id)
                if result is True
                else result
            )

    def _running_action(self) -> str | None:
        """The action the stack's row says is under way, which a refusal names (as Heat's
        does), rather than the action refused."""
        row = db_api.stack_get(self.context, self.stack_id, show_deleted=True, eager_load=False)
        return row.action if row is not None else None

    def release(self) -> None:
        """Release the lock if this engine still holds it, retrying while the database is
        unreachable: a live engine's lock left behind would refuse every action for good."""
        holder = db_outages.until_reachable(
            lambda: db_api.stack_lock_release(self.context, self.stack_id, self.engine_id),
            "releasing the lock of stack %s" % self.stack_id,
        )
        if holder is not None:
            LOG.warning("Lock of stack %s was already released", self.stack_id)

    @contextlib.contextmanager
    def held(self, action: str = "UNKNOWN") -> Iterator[None]:
        """Hold the lock for the ``with`` block (a short synchronous operation)."""
        self.acquire(action)
        try:
            yield
        finally:
            self.release()

    def try_acquire(self) -> str | None:
        """Take the lock if free: None when taken, else the engine that holds it."""
        return db_api.stack_lock_create(self.context, self.stack_id, self.engine_id)
