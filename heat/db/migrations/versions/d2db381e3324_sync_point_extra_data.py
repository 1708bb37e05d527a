"""Add sync_point.extra_data, for data a convergence traversal passes beyond inputs.

Revision ID: d2db381e3324
Revises: c6214ca60943
Create Date: 2023-09-06
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import mysql

revision = "d2db381e3324"
down_revision = "c6214ca60943"
branch_labels = None
depends_on = None


def upgrade() -> None:
    json_text = sa.Text().with_variant(mysql.LONGTEXT(), "mysql", "mariadb")
    op.add_column("sync_point", sa.Column("extra_data", json_text))
