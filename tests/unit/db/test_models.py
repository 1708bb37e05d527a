"""The models: schema shape, JSON columns and timestamps."""

import pytest
import sqlalchemy as sa
from oslo_db import exception as db_exception

from heat.db.sqlalchemy import models
from tests.unit.db import rows

TABLES = {
    "change_set",
    "event",
    "raw_template",
    "raw_template_files",
    "resource",
    "resource_data",
    "resource_properties_data",
    "resource_snapshot",
    "service",
    "snapshot",
    "software_config",
    "software_deployment",
    "stack",
    "stack_drift",
    "stack_lock",
    "stack_tag",
    "sync_point",
    "user_creds",
    "watch_rule",
    "watch_data",
    "watch_history",
}


def test_metadata_has_every_heat_table():
    assert set(models.Base.metadata.tables) == TABLES


def test_stack_indexes_carry_heat_names():
    names = {index.name for index in models.Stack.__table__.indexes}
    assert names == {"ix_stack_owner_id", "ix_stack_name", "ix_stack_tenant"}


def test_json_column_is_longtext_on_mysql():
    column = models.RawTemplate.__table__.c.template
    ddl = str(
        column.type.dialect_impl(sa.dialects.mysql.dialect()).compile(
            dialect=sa.dialects.mysql.dialect()
        )
    )
    assert ddl == "LONGTEXT"


def test_json_column_round_trips_documents(user_context):
    document = {"resources": {"server": {"type": "OS::Nova::Server"}}, "list": [1, "two"]}
    template_id = rows.add(models.RawTemplate(template=document)).id
    assert rows.get(models.RawTemplate, template_id).template == document


def test_json_none_is_stored_as_sql_null(database):
    template_id = rows.add(models.RawTemplate(template=None)).id
    with database.connect() as connection:
        stored = connection.execute(
            sa.text("SELECT template FROM raw_template WHERE id = :id"), {"id": template_id}
        ).scalar()
    assert stored is None


def test_created_at_is_set_on_insert_and_updated_at_left_empty(user_context):
    stack = rows.make_stack(user_context)
    assert stack.created_at is not None and stack.created_at.tzinfo is None
    assert stack.updated_at is None


def test_to_dict_holds_every_column(user_context):
    stack = rows.make_stack(user_context)
    assert set(stack.to_dict()) == set(models.Stack.__table__.columns.keys())


def test_sqlite_enforces_foreign_keys(database):
    with pytest.raises(db_exception.DBReferenceError):
        rows.add(models.StackTag(stack_id="no-such-stack", tag="t"))
