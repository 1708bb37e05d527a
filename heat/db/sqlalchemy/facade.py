"""The database connection: one oslo.db enginefacade transaction context for the process.

:func:`configure` builds it from ``conf.database`` (and keeps ``auth_encryption_key`` and
``encrypt_parameters_and_properties`` for the encrypted columns; with ``[profiler]
trace_sqlalchemy`` its statements are profiler trace points); every query module opens
its sessions through :func:`reader` and :func:`writer`, which join the transaction already
open on the same request context.
"""

import contextlib
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import AbstractContextManager
from typing import Any, cast

import osprofiler.sqlalchemy
import sqlalchemy as sa
from oslo_config import cfg
from oslo_db import api as oslo_db_api
from oslo_db.sqlalchemy import enginefacade
from sqlalchemy import orm
from sqlalchemy.engine import Engine

from heat.common.context import RequestContext

_state: dict[str, Any] = {
    "transactions": None,
    "pool_sqlite_file": False,
    "encryption_key": None,
    "encrypt_parameters_and_properties": False,
}

# The key oslo.db keeps in a SQLite connection's info while it has a transaction open.
_OSLO_DB_MARKER = "in_transaction"
# Connections a SQLite file's pool keeps open; more are opened while more are busy.
SQLITE_KEPT_CONNECTIONS = 5
# Guards the one-time replacement of a SQLite file's pool.
_pooling = threading.Lock()
# Whether this thread is inside a writer() block, whose transaction begins immediate.
_writing = threading.local()
# Writes are retried when the database picks them as a deadlock victim.
retry_on_deadlock = oslo_db_api.wrap_db_retry(
    max_retries=3, retry_on_deadlock=True, retry_interval=0.5, inc_retry_interval=True
)


@sa.event.listens_for(Engine, "begin")
def _sqlite_writers_begin_immediate(connection: Any) -> None:
    """Begin a SQLite transaction of :func:`writer` by taking the write lock: one that
    read first and then writes while another writes would be refused at once ("database
    is locked"), where one that waits for the lock gets it. Threads of convergence work
    items write to the embedded database side by side. (oslo.db begins SQLite
    transactions itself, with a plain BEGIN, unless its marker says one is open; this
    class-level listener runs before its engine-level one.)"""
    if (
        connection.dialect.name == "sqlite"
        and getattr(_writing, "active", False)
        and _OSLO_DB_MARKER not in connection.info
    ):
        connection.exec_driver_sql("BEGIN IMMEDIATE")
        connection.info[_OSLO_DB_MARKER] = True


@sa.event.listens_for(Engine, "connect")
def _sqlite_write_ahead_log(dbapi_connection: Any, _record: Any) -> None:
    """Keep a SQLite file's changes in a write-ahead log, synced at checkpoints rather
    than at every commit: readers no longer wait for writers, and a commit costs a write
    instead of several fsyncs (most of a convergence step's time on the embedded
    database). A killed process loses no committed transaction; a power cut may lose the
    last ones, never the file's consistency. (A database in memory keeps its own mode.)"""
    if isinstance(dbapi_connection, sqlite3.Connection):
        dbapi_connection.execute("PRAGMA journal_mode=WAL")
        dbapi_connection.execute("PRAGMA synchronous=NORMAL")


def configure(conf: cfg.ConfigOpts) -> None:
    """Point the database layer at ``conf.database.connection``, dropping any previous one;
    ValueError when that option is unset."""
    if not conf.database.connection:
        raise ValueError("[database] connection is not set")
    previous = _state["transactions"]
    if previous is not None and previous.is_started:
        previous.dispose_pool()
    transactions = enginefacade.transaction_context()
    # SQLite enforces foreign keys only when asked; do so, like the other backends.
    transactions.configure(sqlite_fk=True, **dict(conf.database.items()))
    if _traces_statements(conf):
        transactions.append_on_engine_create(_trace_statements)
    _state["transactions"] = transactions
    _state["pool_sqlite_file"] = (
        sa.engine.make_url(conf.database.connection).get_backend_name() == "sqlite"
    )
    _state["encryption_key"] = conf.auth_encryption_key
    _state["encrypt_parameters_and_properties"] = conf.encrypt_parameters_and_properties


def _traces_statements(conf: cfg.ConfigOpts) -> bool:
    """Whether SQL statements are profiler trace points (``[profiler] enabled`` and
    ``trace_sqlalchemy``; a configuration without the profiler's options has none)."""
    if "profiler" not in conf:
        return False
    return bool(conf.profiler.enabled and conf.profiler.trace_sqlalchemy)


def _trace_statements(engine: Engine) -> None:
    # Each statement of a traced request becomes a "db" trace point; cheap otherwise.
    osprofiler.sqlalchemy.add_tracing(sa, engine, "db")


def _configured(name: str) -> Any:
    value = _state[name]
    if value is None:
        raise RuntimeError("heat.db.api.configure() has not been called")
    return value


def _transactions() -> Any:
    transactions = _configured("transactions")
    if _state["pool_sqlite_file"]:
        with _pooling:
            if _state["pool_sqlite_file"]:
                _keep_connections(transactions.writer.get_engine())
                _state["pool_sqlite_file"] = False
    return transactions


def _keep_connections(engine: Engine) -> None:
    """Give a SQLite file's engine a pool that keeps its connections: oslo.db opens a new
    one for every session (``NullPool``), and a new connection reads the schema again
    before its first statement, a fifth of a convergence step's time. The connections
    are set up as before: the pool keeps oslo.db's ``connect`` listeners. (A database in
    memory has one connection for ever already.)"""
    old = engine.pool
    if not isinstance(old, sa.pool.NullPool):
        return
    engine.pool = sa.pool.QueuePool(
        old._creator,
        pool_size=SQLITE_KEPT_CONNECTIONS,
        max_overflow=-1,
        recycle=old._recycle,
        echo=old.echo,
        logging_name=old._orig_logging_name,
        reset_on_return=old._reset_on_return,
        pre_ping=old._pre_ping,
        _dispatch=old.dispatch,
        dialect=old._dialect,
    )


def get_engine() -> Engine:
    """The SQLAlchemy engine of the configured database (for migrations and heat-manage)."""
    return _transactions().writer.get_engine()


def encryption_key() -> str:
    """The ``auth_encryption_key`` the database layer was configured with."""
    return _configured("encryption_key")


def encrypts_parameters_and_properties() -> bool:
    """Whether hidden parameters and resource properties are to be stored encrypted."""
    return bool(_state["encrypt_parameters_and_properties"])


def reader(context: RequestContext) -> AbstractContextManager[orm.Session]:
    """A read-only session bound to ``context``'s current transaction, if any."""
    return _transactions().reader.using(context)


@contextlib.contextmanager
def writer(context: RequestContext) -> Iterator[orm.Session]:
    """A session whose transaction commits when the block exits without an error."""
    outer = getattr(_writing, "active", False)
    _writing.active = True
    try:
        with _transactions().writer.using(context) as session:
            yield session
    finally:
        _writing.active = outer


# For an UPDATE or DELETE: leave the session's objects as they are. Sessions here live
# for one transaction, and the ORM's default look for objects to update in step more
# than doubles the cost of the statement.
UNSYNCED = {"synchronize_session": False}


def rowcount(session: orm.Session, statement: sa.Executable) -> int:
    """Run an UPDATE or DELETE statement and return how many rows it matched."""
    return cast(sa.CursorResult, session.execute(statement, execution_options=UNSYNCED)).rowcount
