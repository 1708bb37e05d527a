"""The embedded SQLite file as the database layer sets it up: connections kept between
sessions, a write-ahead log, and oslo.db's set-up of each connection still applied."""

import sqlalchemy as sa

from heat.db.sqlalchemy import facade


def _connection_of(context):
    with facade.reader(context) as session:
        return session.connection().connection.dbapi_connection


def test_sessions_one_after_another_share_a_connection(user_context):
    assert _connection_of(user_context) is _connection_of(user_context)


def test_the_file_keeps_its_changes_in_a_write_ahead_log(user_context):
    with facade.reader(user_context) as session:
        assert session.execute(sa.text("PRAGMA journal_mode")).scalar() == "wal"
        # NORMAL: synced at checkpoints, not at every commit.
        assert session.execute(sa.text("PRAGMA synchronous")).scalar() == 1


def test_a_kept_connection_still_enforces_foreign_keys(user_context):
    _connection_of(user_context)
    with facade.reader(user_context) as session:
        assert session.execute(sa.text("PRAGMA foreign_keys")).scalar() == 1


def test_a_transaction_of_a_kept_connection_still_rolls_back(user_context):
    with facade.writer(user_context) as session:
        session.execute(sa.text("CREATE TABLE scratch (n INTEGER)"))
    try:
        with facade.writer(user_context) as session:
            session.execute(sa.text("INSERT INTO scratch VALUES (1)"))
            raise RuntimeError("abandon the transaction")
    except RuntimeError:
        pass
    with facade.writer(user_context) as session:
        session.execute(sa.text("INSERT INTO scratch VALUES (2)"))
    with facade.reader(user_context) as session:
        assert session.execute(sa.text("SELECT n FROM scratch")).scalars().all() == [2]
