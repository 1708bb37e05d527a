"""The database connection: one oslo.db enginefacade transaction context for the process.

:func:`configure` builds it from ``conf.database`` (and keeps ``auth_encryption_key`` and
``encrypt_parameters_and_properties`` for the encrypted columns); every query module opens
its sessions through :func:`reader` and :func:`writer`, which join the transaction already
open on the same request context.
"""

from contextlib import AbstractContextManager
from typing import Any, cast

import sqlalchemy as sa
from oslo_config import cfg
from oslo_db import api as oslo_db_api
from oslo_db.sqlalchemy import enginefacade
from sqlalchemy import orm
from sqlalchemy.engine import Engine

from heat.common.context import RequestContext

_state: dict[str, Any] = {
    "transactions": None,
    "encryption_key": None,
    "encrypt_parameters_and_properties": False,
}

# Writes are retried when the database picks them as a deadlock victim.
retry_on_deadlock = oslo_db_api.wrap_db_retry(
    max_retries=3, retry_on_deadlock=True, retry_interval=0.5, inc_retry_interval=True
)


def configure(conf: cfg.ConfigOpts) -> None:
    """Point the database layer at ``conf.database.connection``, dropping any previous one."""
    previous = _state["transactions"]
    if previous is not None and previous.is_started:
        previous.dispose_pool()
    transactions = enginefacade.transaction_context()
    # SQLite enforces foreign keys only when asked; do so, like the other backends.
    transactions.configure(sqlite_fk=True, **dict(conf.database.items()))
    _state["transactions"] = transactions
    _state["encryption_key"] = conf.auth_encryption_key
    _state["encrypt_parameters_and_properties"] = conf.encrypt_parameters_and_properties


def _configured(name: str) -> Any:
    value = _state[name]
    if value is None:
        raise RuntimeError("heat.db.api.configure() has not been called")
    return value


def _transactions() -> Any:
    return _configured("transactions")


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


def writer(context: RequestContext) -> AbstractContextManager[orm.Session]:
    """A session whose transaction commits when the block exits without an error."""
    return _transactions().writer.using(context)


def rowcount(session: orm.Session, statement: sa.Executable) -> int:
    """Run an UPDATE or DELETE statement and return how many rows it matched."""
    return cast(sa.CursorResult, session.execute(statement)).rowcount
