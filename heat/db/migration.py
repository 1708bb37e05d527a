"""Schema migrations: bring a database to the schema the models describe, and tell where it is.

Revisions live in :mod:`heat.db.migrations`; they run through Alembic on the engine given,
so no ``alembic.ini`` is read at run time.
"""

import os

from alembic import command
from alembic import config as alembic_config
from alembic import migration as alembic_migration
from alembic import script as alembic_script
from alembic import util as alembic_util
from sqlalchemy.engine import Connection, Engine

MIGRATIONS_DIR = os.path.join(os.path.dirname(__file__), "migrations")


def _alembic_config(connection: Connection) -> alembic_config.Config:
    config = alembic_config.Config()
    config.set_main_option("script_location", MIGRATIONS_DIR)
    config.attributes["connection"] = connection
    return config


def db_sync(engine: Engine, version: str | None = None) -> None:
    """Upgrade the database to revision ``version``, or to the newest one when None."""
    with engine.begin() as connection:
        command.upgrade(_alembic_config(connection), version or "head")


def db_version(engine: Engine) -> str | None:
    """The revision id the database is at; None when it was never migrated."""
    with engine.connect() as connection:
        return alembic_migration.MigrationContext.configure(connection).get_current_revision()


def _scripts() -> alembic_script.ScriptDirectory:
    return alembic_script.ScriptDirectory(MIGRATIONS_DIR)


def head_revision() -> str:
    """The newest revision id this code's migrations bring a database to."""
    head = _scripts().get_current_head()
    assert head is not None, "the migrations have one head"
    return head


def is_known_revision(revision: str) -> bool:
    """Whether ``revision`` is one of this code's migrations (a database migrated by newer
    code may be at one it does not know)."""
    try:
        return _scripts().get_revision(revision) is not None
    except alembic_util.CommandError:
        return False
