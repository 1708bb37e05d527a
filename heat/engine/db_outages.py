"""Outlasting a database outage: a step that must happen (releasing a stack lock, failing
a stack whose action thread died) is retried until the database answers again, so that a
lost connection never leaves a lock held or a stack IN_PROGRESS for good."""

import time
from collections.abc import Callable
from typing import TypeVar

from oslo_db import exception as db_exception
from oslo_log import log as logging

LOG = logging.getLogger(__name__)
Result = TypeVar("Result")
# Errors that say the database is unreachable for now, not that the step is wrong.
TRANSIENT = (db_exception.DBConnectionError, db_exception.DBDeadlock)
FIRST_BACKOFF = 0.1
MAX_BACKOFF = 5.0


def until_reachable(
    step: Callable[[], Result], what: str, sleep: Callable[[float], None] = time.sleep
) -> Result:
    """``step()``'s result, retried (backing off up to ``MAX_BACKOFF`` s) for as long as
    it fails because the database cannot be reached; ``what`` names it in the log."""
    delay = FIRST_BACKOFF
    warned = False
    while True:
        try:
            return step()
        except TRANSIENT as error:
            if not warned:
                LOG.warning("Database unreachable while %s; retrying: %s", what, error)
                warned = True
            sleep(delay)
            delay = min(delay * 2, MAX_BACKOFF)
