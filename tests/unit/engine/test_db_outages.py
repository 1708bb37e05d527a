"""Steps retried while the database is unreachable."""

import psycopg2
import pymysql
import pytest
from oslo_db import exception as db_exception
from sqlalchemy import exc as sa_exc

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


def _operational_error(driver_error):
    """The error SQLAlchemy raises around a driver's, which oslo.db lets through as is."""
    return sa_exc.OperationalError("SELECT 1", {}, driver_error)


@pytest.mark.parametrize(
    "driver_error",
    [
        pymysql.err.OperationalError(1040, "Too many connections"),
        pymysql.err.OperationalError(1205, "Lock wait timeout exceeded; try restarting"),
        psycopg2.OperationalError("FATAL:  sorry, too many clients already"),
    ],
    ids=["mysql-too-many-connections", "mysql-lock-wait-timeout", "postgresql-too-many-clients"],
)
def test_a_server_too_busy_to_serve_is_waited_for(driver_error):
    slept = []
    step = failing(2, _operational_error(driver_error))
    assert db_outages.until_reachable(step, "testing", sleep=slept.append) == 3
    assert slept == [0.1, 0.2]


def test_another_operational_error_is_raised_at_once():
    error = _operational_error(pymysql.err.OperationalError(1054, "Unknown column 'x'"))
    with pytest.raises(sa_exc.OperationalError):
        db_outages.until_reachable(failing(1, error), "testing", sleep=pytest.fail)
