"""Alembic environment of Heat's schema.

:mod:`heat.db.migration` hands over an open connection in ``config.attributes``; the
``alembic`` command line (for developers writing revisions) falls back to the
``sqlalchemy.url`` of ``alembic.ini``.
"""

import sqlalchemy as sa
from alembic import context

from heat.db.sqlalchemy import models


def _url() -> str:
    return context.config.get_main_option("sqlalchemy.url", "sqlite:///heat.sqlite")


def _run_on(connection: sa.Connection) -> None:
    context.configure(connection=connection, target_metadata=models.Base.metadata)
    with context.begin_transaction():
        context.run_migrations()


def _run_offline() -> None:
    context.configure(
        url=_url(),
        target_metadata=models.Base.metadata,
        literal_binds=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def _run_online() -> None:
    connection = context.config.attributes.get("connection")
    if connection is not None:
        _run_on(connection)
        return
    engine = sa.create_engine(_url())
    with engine.connect() as own_connection:
        _run_on(own_connection)


if context.is_offline_mode():
    _run_offline()
else:
    _run_online()
