"""The SQLAlchemy implementation behind :mod:`heat.db.api`: models, types and queries."""
