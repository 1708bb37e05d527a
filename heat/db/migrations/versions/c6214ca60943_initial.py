"""Initial schema: every table of Heat.

Revision ID: c6214ca60943
Revises:
Create Date: 2023-03-22
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import mysql

revision = "c6214ca60943"
down_revision = None
branch_labels = None
depends_on = None

TABLE_OPTIONS = {"mysql_engine": "InnoDB", "mysql_charset": "utf8mb4"}


def json_text() -> sa.types.TypeEngine:
    """The column type of JSON documents: TEXT, LONGTEXT on MySQL."""
    return sa.Text().with_variant(mysql.LONGTEXT(), "mysql", "mariadb")


def timestamps() -> list[sa.Column]:
    return [sa.Column("created_at", sa.DateTime), sa.Column("updated_at", sa.DateTime)]


def state(reason_type: sa.types.TypeEngine) -> list[sa.Column]:
    return [
        sa.Column("action", sa.String(255)),
        sa.Column("status", sa.String(255)),
        sa.Column("status_reason", reason_type),
    ]


def _templates_and_credentials() -> None:
    op.create_table(
        "raw_template_files",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("files", json_text()),
        *timestamps(),
        **TABLE_OPTIONS,
    )
    op.create_table(
        "raw_template",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("template", json_text()),
        sa.Column("files", json_text()),
        sa.Column("files_id", sa.Integer, sa.ForeignKey("raw_template_files.id")),
        sa.Column("environment", json_text()),
        *timestamps(),
        **TABLE_OPTIONS,
    )
    op.create_table(
        "user_creds",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("username", sa.String(255)),
        sa.Column("password", sa.String(255)),
        sa.Column("region_name", sa.String(255)),
        sa.Column("decrypt_method", sa.String(64)),
        sa.Column("tenant", sa.String(1024)),
        sa.Column("auth_url", sa.Text),
        sa.Column("tenant_id", sa.String(256)),
        sa.Column("trust_id", sa.String(255)),
        sa.Column("trustor_user_id", sa.String(64)),
        *timestamps(),
        **TABLE_OPTIONS,
    )


def _stacks() -> None:
    op.create_table(
        "stack",
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("name", sa.String(255), index=True),
        sa.Column(
            "raw_template_id", sa.Integer, sa.ForeignKey("raw_template.id"), nullable=False
        ),
        sa.Column("prev_raw_template_id", sa.Integer, sa.ForeignKey("raw_template.id")),
        sa.Column("username", sa.String(256)),
        sa.Column("tenant", sa.String(256), index=True),
        sa.Column("user_creds_id", sa.Integer, sa.ForeignKey("user_creds.id")),
        sa.Column("owner_id", sa.String(36), index=True),
        sa.Column("parent_resource_name", sa.String(255)),
        sa.Column("timeout", sa.Integer),
        sa.Column("disable_rollback", sa.Boolean, nullable=False),
        sa.Column("stack_user_project_id", sa.String(64)),
        sa.Column("backup", sa.Boolean),
        sa.Column("nested_depth", sa.Integer),
        sa.Column("convergence", sa.Boolean),
        sa.Column("current_traversal", sa.String(36)),
        sa.Column("current_deps", json_text()),
        sa.Column("deleted_at", sa.DateTime),
        *timestamps(),
        *state(sa.Text()),
        **TABLE_OPTIONS,
    )
    op.create_table(
        "stack_tag",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("tag", sa.String(80)),
        sa.Column("stack_id", sa.String(36), sa.ForeignKey("stack.id"), nullable=False),
        *timestamps(),
        **TABLE_OPTIONS,
    )
    op.create_table(
        "stack_lock",
        sa.Column("stack_id", sa.String(36), sa.ForeignKey("stack.id"), primary_key=True),
        sa.Column("engine_id", sa.String(36)),
        *timestamps(),
        **TABLE_OPTIONS,
    )
    op.create_table(
        "sync_point",
        sa.Column("entity_id", sa.String(36), primary_key=True),
        sa.Column("traversal_id", sa.String(36), primary_key=True),
        sa.Column("is_update", sa.Boolean, primary_key=True),
        sa.Column("atomic_key", sa.Integer, nullable=False),
        sa.Column("stack_id", sa.String(36), sa.ForeignKey("stack.id"), nullable=False),
        sa.Column("input_data", json_text()),
        *timestamps(),
        **TABLE_OPTIONS,
    )


def _resources_and_events() -> None:
    op.create_table(
        "resource_properties_data",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("data", json_text()),
        sa.Column("encrypted", sa.Boolean),
        *timestamps(),
        **TABLE_OPTIONS,
    )
    op.create_table(
        "resource",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("uuid", sa.String(36)),
        sa.Column("name", sa.String(255)),
        sa.Column("nova_instance", sa.String(255)),
        sa.Column("rsrc_metadata", json_text()),
        sa.Column("stack_id", sa.String(36), sa.ForeignKey("stack.id"), nullable=False),
        sa.Column("root_stack_id", sa.String(36), index=True),
        sa.Column("rsrc_prop_data_id", sa.Integer, sa.ForeignKey("resource_properties_data.id")),
        sa.Column("attr_data_id", sa.Integer, sa.ForeignKey("resource_properties_data.id")),
        sa.Column("properties_data", json_text()),
        sa.Column("properties_data_encrypted", sa.Boolean),
        sa.Column("engine_id", sa.String(36)),
        sa.Column("atomic_key", sa.Integer),
        sa.Column("needed_by", json_text()),
        sa.Column("requires", json_text()),
        sa.Column("replaces", sa.Integer),
        sa.Column("replaced_by", sa.Integer),
        sa.Column("current_template_id", sa.Integer, sa.ForeignKey("raw_template.id")),
        *timestamps(),
        *state(sa.Text()),
        sa.UniqueConstraint("uuid", name="uniq_resource0uuid"),
        **TABLE_OPTIONS,
    )
    op.create_table(
        "resource_data",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("key", sa.String(255)),
        sa.Column("value", sa.Text),
        sa.Column("redact", sa.Boolean),
        sa.Column("decrypt_method", sa.String(64)),
        sa.Column("resource_id", sa.Integer, sa.ForeignKey("resource.id"), nullable=False),
        *timestamps(),
        **TABLE_OPTIONS,
    )
    op.create_table(
        "event",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("stack_id", sa.String(36), sa.ForeignKey("stack.id"), nullable=False),
        sa.Column("uuid", sa.String(36)),
        sa.Column("resource_action", sa.String(255)),
        sa.Column("resource_status", sa.String(255)),
        sa.Column("resource_name", sa.String(255)),
        sa.Column("physical_resource_id", sa.String(255)),
        sa.Column("resource_status_reason", sa.String(255)),
        sa.Column("resource_type", sa.String(255)),
        sa.Column("rsrc_prop_data_id", sa.Integer, sa.ForeignKey("resource_properties_data.id")),
        sa.Column("resource_properties", sa.LargeBinary),
        *timestamps(),
        sa.UniqueConstraint("uuid", name="uniq_event0uuid"),
        **TABLE_OPTIONS,
    )


def _snapshots_and_software() -> None:
    op.create_table(
        "snapshot",
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("stack_id", sa.String(36), sa.ForeignKey("stack.id"), nullable=False),
        sa.Column("name", sa.String(255)),
        sa.Column("data", json_text()),
        sa.Column("tenant", sa.String(64), nullable=False, index=True),
        sa.Column("status", sa.String(255)),
        sa.Column("status_reason", sa.String(255)),
        *timestamps(),
        **TABLE_OPTIONS,
    )
    op.create_table(
        "software_config",
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("name", sa.String(255)),
        sa.Column("group", sa.String(255)),
        sa.Column("config", json_text()),
        sa.Column("tenant", sa.String(64), nullable=False, index=True),
        *timestamps(),
        **TABLE_OPTIONS,
    )
    op.create_table(
        "software_deployment",
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column(
            "config_id", sa.String(36), sa.ForeignKey("software_config.id"), nullable=False
        ),
        sa.Column("server_id", sa.String(36), nullable=False, index=True),
        sa.Column("input_values", json_text()),
        sa.Column("output_values", json_text()),
        sa.Column("tenant", sa.String(64), nullable=False, index=True),
        sa.Column("stack_user_project_id", sa.String(64)),
        sa.Column("created_at", sa.DateTime, index=True),
        sa.Column("updated_at", sa.DateTime),
        *state(sa.Text()),
        **TABLE_OPTIONS,
    )


def _services_and_watches() -> None:
    op.create_table(
        "service",
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("engine_id", sa.String(36), nullable=False),
        sa.Column("host", sa.String(255), nullable=False),
        sa.Column("hostname", sa.String(255), nullable=False),
        sa.Column("binary", sa.String(255), nullable=False),
        sa.Column("topic", sa.String(255), nullable=False),
        sa.Column("report_interval", sa.Integer, nullable=False),
        sa.Column("deleted_at", sa.DateTime),
        *timestamps(),
        **TABLE_OPTIONS,
    )
    op.create_table(
        "watch_rule",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(255)),
        sa.Column("rule", json_text()),
        sa.Column("state", sa.String(255)),
        sa.Column("last_evaluated", sa.DateTime),
        sa.Column("stack_id", sa.String(36), sa.ForeignKey("stack.id"), nullable=False),
        *timestamps(),
        sa.UniqueConstraint("name", name="uniq_watch_rule0name"),
        **TABLE_OPTIONS,
    )
    op.create_table(
        "watch_data",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("data", json_text()),
        sa.Column("watch_rule_id", sa.Integer, sa.ForeignKey("watch_rule.id"), nullable=False),
        *timestamps(),
        **TABLE_OPTIONS,
    )


def upgrade() -> None:
    _templates_and_credentials()
    _stacks()
    _resources_and_events()
    _snapshots_and_software()
    _services_and_watches()
