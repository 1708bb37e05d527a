"""Migrations on SQLite: versions, upgrades and agreement with the models."""

import sqlalchemy as sa
from alembic import autogenerate
from alembic import migration as alembic_migration

from heat.db import migration
from heat.db.sqlalchemy import models
from tests.fixtures.databases import sqlite_url

HEAD = "6b2d1e8f4a90"
INITIAL = "c6214ca60943"


def _engine(tmp_path):
    return sa.create_engine(sqlite_url(tmp_path))


def test_fresh_database_has_no_version(tmp_path):
    assert migration.db_version(_engine(tmp_path)) is None


def test_db_sync_upgrades_to_the_newest_revision(tmp_path):
    engine = _engine(tmp_path)
    migration.db_sync(engine)
    assert migration.db_version(engine) == HEAD


def test_db_sync_stops_at_the_version_given(tmp_path):
    engine = _engine(tmp_path)
    migration.db_sync(engine, INITIAL)
    assert migration.db_version(engine) == INITIAL
    assert "resource_snapshot" not in sa.inspect(engine).get_table_names()


def test_db_sync_twice_changes_nothing(tmp_path):
    engine = _engine(tmp_path)
    migration.db_sync(engine)
    migration.db_sync(engine)
    assert migration.db_version(engine) == HEAD


def test_migrated_schema_matches_the_models(tmp_path):
    engine = _engine(tmp_path)
    migration.db_sync(engine)
    with engine.connect() as connection:
        context = alembic_migration.MigrationContext.configure(connection)
        assert autogenerate.compare_metadata(context, models.Base.metadata) == []


def test_existing_snapshots_get_the_create_action(tmp_path):
    engine = _engine(tmp_path)
    migration.db_sync(engine, "88be64598c0f")
    with engine.begin() as connection:
        connection.execute(sa.text("INSERT INTO raw_template (id) VALUES (1);"))
        connection.execute(
            sa.text("INSERT INTO stack (id, raw_template_id, disable_rollback) VALUES ('s', 1, 0)")
        )
        connection.execute(
            sa.text("INSERT INTO snapshot (id, stack_id, tenant) VALUES ('snap', 's', 'p')")
        )
    migration.db_sync(engine)
    with engine.connect() as connection:
        action = connection.execute(sa.text("SELECT action FROM snapshot")).scalar()
    assert action == "CREATE"
