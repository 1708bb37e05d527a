"""Alembic migrations of Heat's schema; run them with :func:`heat.db.migration.db_sync`."""
