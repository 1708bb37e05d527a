"""Watch rules belong to a project, may have no stack, and keep a history.

``watch_rule.tenant`` names the owning project (filled from the stack for existing
rules); ``stack_id`` becomes optional, for alarms made through the CloudWatch API;
alarm names are unique per project instead of across projects; ``watch_history`` holds
each rule's state changes, configuration changes and fired actions.

Revision ID: b7b5b834170d
Revises: 97b2a986f922
Create Date: 2026-03-02
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import mysql

revision = "b7b5b834170d"
down_revision = "97b2a986f922"
branch_labels = None
depends_on = None


def _own_rules_by_project() -> None:
    with op.batch_alter_table("watch_rule") as batch:
        batch.add_column(sa.Column("tenant", sa.String(256)))
        batch.alter_column("stack_id", existing_type=sa.String(36), nullable=True)
        batch.drop_constraint("uniq_watch_rule0name", type_="unique")
        batch.create_unique_constraint("uniq_watch_rule0tenant0name", ["tenant", "name"])
    stack = sa.table("stack", sa.column("id", sa.String(36)), sa.column("tenant", sa.String(256)))
    rule = sa.table(
        "watch_rule", sa.column("stack_id", sa.String(36)), sa.column("tenant", sa.String(256))
    )
    owner = sa.select(stack.c.tenant).where(stack.c.id == rule.c.stack_id).scalar_subquery()
    op.execute(rule.update().values(tenant=owner))


def upgrade() -> None:
    _own_rules_by_project()
    op.create_table(
        "watch_history",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "watch_rule_id",
            sa.Integer,
            sa.ForeignKey("watch_rule.id"),
            nullable=False,
            index=True,
        ),
        sa.Column("item_type", sa.String(32), nullable=False),
        sa.Column("summary", sa.String(255)),
        sa.Column("data", sa.Text().with_variant(mysql.LONGTEXT(), "mysql", "mariadb")),
        sa.Column("created_at", sa.DateTime),
        sa.Column("updated_at", sa.DateTime),
        mysql_engine="InnoDB",
        mysql_charset="utf8mb4",
    )
