"""Add snapshot.action, so that a snapshot records what it is doing (create, restore...).

Existing snapshots were all made by a CREATE.

Revision ID: 97b2a986f922
Revises: 88be64598c0f
Create Date: 2026-02-15
"""

import sqlalchemy as sa
from alembic import op

revision = "97b2a986f922"
down_revision = "88be64598c0f"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("snapshot", sa.Column("action", sa.String(255)))
    snapshot = sa.table("snapshot", sa.column("action", sa.String(255)))
    op.execute(snapshot.update().where(snapshot.c.action.is_(None)).values(action="CREATE"))
