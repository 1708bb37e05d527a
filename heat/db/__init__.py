"""Persistence: :mod:`heat.db.api` is the only door to the database."""
