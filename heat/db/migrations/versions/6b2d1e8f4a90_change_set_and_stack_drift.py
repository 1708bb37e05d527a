"""Add change_set (an update of a stack, previewed and kept until it is executed) and
stack_drift (the drift detections of a stack).

Revision ID: 6b2d1e8f4a90
Revises: 3f0c2a7d9e41
Create Date: 2026-11-29
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import mysql

revision = "6b2d1e8f4a90"
down_revision = "3f0c2a7d9e41"
branch_labels = None
depends_on = None


def upgrade() -> None:
    json_text = sa.Text().with_variant(mysql.LONGTEXT(), "mysql", "mariadb")
    op.create_table(
        "change_set",
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("name", sa.String(255), nullable=False),
        sa.Column("stack_id", sa.String(36), nullable=False, index=True),
        sa.Column("tenant", sa.String(256), nullable=False, index=True),
        sa.Column("description", sa.Text),
        sa.Column("status", sa.String(32), nullable=False),
        sa.Column("status_reason", sa.Text),
        sa.Column("execution_status", sa.String(32), nullable=False),
        sa.Column("base_template_id", sa.Integer),
        sa.Column("request", json_text),
        sa.Column("changes", json_text),
        sa.Column("created_at", sa.DateTime),
        sa.Column("updated_at", sa.DateTime),
        sa.UniqueConstraint("stack_id", "name", name="uniq_change_set0stack_id0name"),
        mysql_engine="InnoDB",
        mysql_charset="utf8mb4",
    )
    op.create_table(
        "stack_drift",
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("stack_id", sa.String(36), nullable=False, index=True),
        sa.Column("tenant", sa.String(256), nullable=False, index=True),
        sa.Column("detection", json_text),
        sa.Column("created_at", sa.DateTime),
        sa.Column("updated_at", sa.DateTime),
        mysql_engine="InnoDB",
        mysql_charset="utf8mb4",
    )
