"""Add stack.termination_protection: a root stack so marked is not deleted.

Revision ID: 3f0c2a7d9e41
Revises: b7b5b834170d
Create Date: 2026-11-29
"""

import sqlalchemy as sa
from alembic import op

revision = "3f0c2a7d9e41"
down_revision = "b7b5b834170d"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "stack",
        sa.Column("termination_protection", sa.Boolean, nullable=False, server_default=sa.false()),
    )
