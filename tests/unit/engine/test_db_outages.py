"""Steps retried while the database is unreachable."""

import pytest
from oslo_db import exception as db_exception

from heat.engine import db_outages


def failing(times, error):
    """A step that raises ``error`` ``times`` times, then answers how often it was tried."""
    calls = []

    def step():
        calls.append(None)
        if len(calls) <= times:
            raise error
        return len(calls)

    return step


def test_a_step_is_retried_until_the_database_answers_again():
    slept = []
    step = failing(4, db_exception.DBConnectionError("gone"))
    assert db_outages.until_reachable(step, "testing", sleep=slept.append) == 5
    assert slept == [0.1, 0.2, 0.4, 0.8]


def test_the_backoff_is_capped():
    slept = []
    db_outages.until_reachable(
        failing(10, db_exception.DBConnectionError("gone")), "testing", sleep=slept.append
    )
    assert max(slept) == db_outages.MAX_BACKOFF


def test_an_error_that_is_not_an_outage_is_raised_at_once():
    with pytest.raises(db_exception.DBDuplicateEntry):
        db_outages.until_reachable(
            failing(1, db_exception.DBDuplicateEntry()), "testing", sleep=pytest.fail
        )
