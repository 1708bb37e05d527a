"""Migrations on every backend: versions, upgrades and agreement with the models."""

import sqlalchemy as sa
from alembic import autogenerate
from alembic import migration as alembic_migration

from heat.db import migration
from heat.db.sqlalchemy import models

HEAD = "6b2d1e8f4a90"
INITIAL = "c6214ca60943"


def _drift(engine):
    with engine.connect() as connection:
        context = alembic_migration.MigrationContext.configure(connection)
        return autogenerate.compare_metadata(context, models.Base.metadata)


def test_db_sync_takes_a_fresh_database_to_the_newest_revision(database_url):
    engine = sa.create_engine(database_url)
    assert migration.db_version(engine) is None
    migration.db_sync(engine)
    assert migration.db_version(engine) == HEAD
    engine.dispose()


def test_migrated_schema_matches_the_models(database_url):
    engine = sa.create_engine(database_url)
    migration.db_sync(engine)
    assert _drift(engine) == []
    engine.dispose()


def test_upgrade_in_steps_reaches_the_same_schema(database_url):
    engine = sa.create_engine(database_url)
    migration.db_sync(engine, INITIAL)
    assert migration.db_version(engine) == INITIAL
    migration.db_sync(engine)
    assert _drift(engine) == []
    engine.dispose()
