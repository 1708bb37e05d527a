"""Add the resource_snapshot table: a stack snapshot's data, one row per resource.

Revision ID: 88be64598c0f
Revises: d2db381e3324
Create Date: 2025-01-24
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import mysql

revision = "88be64598c0f"
down_revision = "d2db381e3324"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "resource_snapshot",
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("resource_name", sa.String(255), nullable=False),
        sa.Column(
            "snapshot_id",
            sa.String(36),
            sa.ForeignKey("snapshot.id"),
            nullable=False,
            index=True,
        ),
        sa.Column("data", sa.Text().with_variant(mysql.LONGTEXT(), "mysql", "mariadb")),
        sa.Column("created_at", sa.DateTime),
        sa.Column("updated_at", sa.DateTime),
        mysql_engine="InnoDB",
        mysql_charset="utf8mb4",
    )
