"""Outlasting a database outage: a step that must happen (releasing a stack lock, failing
a stack whose action thread died) is retried until the database answers again, so that a
lost connection never leaves a lock held or a stack IN_PROGRESS for good."""

import time
from collections.abc import Callable
from typing import TypeVar

from oslo_db import exception as db_exception
from oslo_log import log as logging
from sqlalchemy import exc as sa_exc

LOG = logging.getLogger(__name__)
Result = TypeVar("Result")
# Errors that say the database is unreachable for now, not that the step is wrong.
TRANSIENT = (db_exception.DBConnectionError, db_exception.DBDeadlock)
# A server that answers but is too busy to serve, which oslo.db passes on unwrapped:
# MySQL's "Too many connections" (1040) and "Lock wait timeout exceeded" (1205), and
# PostgreSQL's refusals of a connection beyond its limit.
BUSY_MYSQL_CODES = frozenset({1040, 1205})
BUSY_POSTGRESQL_MESSAGES = ("too many clients", "remaining connection slots are reserved")
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
        except (*TRANSIENT, sa_exc.OperationalError) as error:
            if not is_transient(error):
                raise
            if not warned:
                LOG.warning("Database unreachable while %s; retrying: %s", what, error)
                warned = True
            sleep(delay)
            delay = min(delay * 2, MAX_BACKOFF)


def is_transient(error: BaseException) -> bool:
    """Whether ``error`` says the database cannot serve for now (unreachable, or too
    busy), rather than that what was asked of it is wrong."""
    if isinstance(error, TRANSIENT):
        return True
    if not isinstance(error, sa_exc.OperationalError) or error.orig is None:
        return False
    arguments = getattr(error.orig, "args", ())
    if arguments and arguments[0] in BUSY_MYSQL_CODES:
        return True
    message = str(error.orig).lower()
    return any(text in message for text in BUSY_POSTGRESQL_MESSAGES)
