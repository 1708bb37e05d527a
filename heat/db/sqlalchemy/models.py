"""The tables Heat stores, as SQLAlchemy 2 declarative models.

The schema is Heat's: same table and column names, types, nullability, foreign keys and
index names, so that the Alembic migrations in :mod:`heat.db.migrations` and these models
describe one and the same database (a test compares them on every backend).
"""

import datetime
import uuid
from collections.abc import Mapping
from typing import Any

import sqlalchemy as sa
from sqlalchemy import orm
from sqlalchemy.orm import Mapped, mapped_column

from heat.db.sqlalchemy.types import Json

# InnoDB for transactions and foreign keys; utf8mb4 so that any Unicode text fits.
TABLE_OPTIONS = {"mysql_engine": "InnoDB", "mysql_charset": "utf8mb4"}


def utcnow() -> datetime.datetime:
    """The current UTC time without tzinfo, as every DateTime column stores it."""
    return datetime.datetime.now(datetime.timezone.utc).replace(tzinfo=None)


def new_uuid() -> str:
    """A random UUID string, the default of the string primary keys."""
    return str(uuid.uuid4())


class Base(orm.DeclarativeBase):
    """Base of every model: rows convert to a dict of their columns and take bulk updates."""

    __table_args__: Any = TABLE_OPTIONS

    def update(self, values: Mapping[str, Any]) -> None:
        """Set the attributes named by ``values``."""
        for key, value in values.items():
            setattr(self, key, value)

    def to_dict(self) -> dict[str, Any]:
        """Every column of the row, by column name."""
        return {column.key: getattr(self, column.key) for column in self.__table__.columns}


class Timestamps:
    """``created_at`` set on insert, ``updated_at`` set on every update (UTC, naive)."""

    created_at: Mapped[datetime.datetime | None] = mapped_column(sa.DateTime, default=utcnow)
    updated_at: Mapped[datetime.datetime | None] = mapped_column(sa.DateTime, onupdate=utcnow)


class State:
    """The action/status pair of stacks, resources and deployments."""

    action: Mapped[str | None] = mapped_column(sa.String(255))
    status: Mapped[str | None] = mapped_column(sa.String(255))
    status_reason: Mapped[str | None] = mapped_column(sa.Text)


class RawTemplateFiles(Timestamps, Base):
    """The ``files`` map of a template, shared by the raw templates of one stack's versions."""

    __tablename__ = "raw_template_files"
    id: Mapped[int] = mapped_column(sa.Integer, primary_key=True)
    files: Mapped[Any] = mapped_column(Json, nullable=True)


class RawTemplate(Timestamps, Base):
    """A template as the user gave it, with its environment and attached files."""

    __tablename__ = "raw_template"
    id: Mapped[int] = mapped_column(sa.Integer, primary_key=True)
    template: Mapped[Any] = mapped_column(Json, nullable=True)
    files: Mapped[Any] = mapped_column(Json, nullable=True)
    files_id: Mapped[int | None] = mapped_column(sa.ForeignKey("raw_template_files.id"))
    environment: Mapped[Any] = mapped_column(Json, nullable=True)


class UserCreds(Timestamps, Base):
    """Credentials (password or trust, both encrypted) used for a stack's deferred work."""

    __tablename__ = "user_creds"
    id: Mapped[int] = mapped_column(sa.Integer, primary_key=True)
    username: Mapped[str | None] = mapped_column(sa.String(255))
    password: Mapped[str | None] = mapped_column(sa.String(255))
    region_name: Mapped[str | None] = mapped_column(sa.String(255))
    decrypt_method: Mapped[str | None] = mapped_column(sa.String(64))
    tenant: Mapped[str | None] = mapped_column(sa.String(1024))
    auth_url: Mapped[str | None] = mapped_column(sa.Text)
    tenant_id: Mapped[str | None] = mapped_column(sa.String(256))
    trust_id: Mapped[str | None] = mapped_column(sa.String(255))
    trustor_user_id: Mapped[str | None] = mapped_column(sa.String(64))


class Stack(Timestamps, State, Base):
    """A stack; ``owner_id`` names the parent of a nested stack, ``deleted_at`` soft-deletes."""

    __tablename__ = "stack"
    id: Mapped[str] = mapped_column(sa.String(36), primary_key=True, default=new_uuid)
    name: Mapped[str | None] = mapped_column(sa.String(255), index=True)
    raw_template_id: Mapped[int] = mapped_column(sa.ForeignKey("raw_template.id"))
    prev_raw_template_id: Mapped[int | None] = mapped_column(sa.ForeignKey("raw_template.id"))
    username: Mapped[str | None] = mapped_column(sa.String(256))
    tenant: Mapped[str | None] = mapped_column(sa.String(256), index=True)
    user_creds_id: Mapped[int | None] = mapped_column(sa.ForeignKey("user_creds.id"))
    owner_id: Mapped[str | None] = mapped_column(sa.String(36), index=True)
    parent_resource_name: Mapped[str | None] = mapped_column(sa.String(255))
    timeout: Mapped[int | None] = mapped_column(sa.Integer)
    disable_rollback: Mapped[bool] = mapped_column(sa.Boolean)
    stack_user_project_id: Mapped[str | None] = mapped_column(sa.String(64))
    backup: Mapped[bool | None] = mapped_column(sa.Boolean, default=False)
    nested_depth: Mapped[int | None] = mapped_column(sa.Integer, default=0)
    convergence: Mapped[bool | None] = mapped_column(sa.Boolean, default=False)
    current_traversal: Mapped[str | None] = mapped_column(sa.String(36))
    current_deps: Mapped[Any] = mapped_column(Json, nullable=True)
    deleted_at: Mapped[datetime.datetime | None] = mapped_column(sa.DateTime)
    # Set on a root stack only: deleting it, or any stack in its tree, is refused.
    termination_protection: Mapped[bool] = mapped_column(
        sa.Boolean, default=False, server_default=sa.false()
    )

    raw_template: Mapped[RawTemplate] = orm.relationship(foreign_keys=[raw_template_id])
    tags: Mapped[list["StackTag"]] = orm.relationship(
        lazy="selectin", cascade="all, delete-orphan", order_by="StackTag.id"
    )


class StackTag(Timestamps, Base):
    """One tag of a stack."""

    __tablename__ = "stack_tag"
    id: Mapped[int] = mapped_column(sa.Integer, primary_key=True)
    tag: Mapped[str | None] = mapped_column(sa.String(80))
    stack_id: Mapped[str] = mapped_column(sa.ForeignKey("stack.id"))


class StackLock(Timestamps, Base):
    """The engine currently running an action on a stack (legacy engine)."""

    __tablename__ = "stack_lock"
    stack_id: Mapped[str] = mapped_column(sa.ForeignKey("stack.id"), primary_key=True)
    engine_id: Mapped[str | None] = mapped_column(sa.String(36))


class ResourcePropertiesData(Timestamps, Base):
    """Resolved resource properties (or attributes), shared by a resource and its events."""

    __tablename__ = "resource_properties_data"
    id: Mapped[int] = mapped_column(sa.Integer, primary_key=True)
    data: Mapped[Any] = mapped_column(Json, nullable=True)
    encrypted: Mapped[bool | None] = mapped_column(sa.Boolean, default=False)


class Resource(Timestamps, State, Base):
    """A resource of a stack; ``nova_instance`` holds its physical resource id."""

    __tablename__ = "resource"
    __table_args__ = (sa.UniqueConstraint("uuid", name="uniq_resource0uuid"), TABLE_OPTIONS)
    id: Mapped[int] = mapped_column(sa.Integer, primary_key=True)
    uuid: Mapped[str | None] = mapped_column(sa.String(36), default=new_uuid)
    name: Mapped[str | None] = mapped_column(sa.String(255))
    nova_instance: Mapped[str | None] = mapped_column(sa.String(255))
    rsrc_metadata: Mapped[Any] = mapped_column(Json, nullable=True)
    stack_id: Mapped[str] = mapped_column(sa.ForeignKey("stack.id"))
    root_stack_id: Mapped[str | None] = mapped_column(sa.String(36), index=True)
    rsrc_prop_data_id: Mapped[int | None] = mapped_column(
        sa.ForeignKey("resource_properties_data.id")
    )
    attr_data_id: Mapped[int | None] = mapped_column(sa.ForeignKey("resource_properties_data.id"))
    properties_data: Mapped[Any] = mapped_column(Json, nullable=True)
    properties_data_encrypted: Mapped[bool | None] = mapped_column(sa.Boolean, default=False)
    engine_id: Mapped[str | None] = mapped_column(sa.String(36))
    atomic_key: Mapped[int | None] = mapped_column(sa.Integer)
    needed_by: Mapped[Any] = mapped_column(Json, nullable=True, default=list)
    requires: Mapped[Any] = mapped_column(Json, nullable=True, default=list)
    replaces: Mapped[int | None] = mapped_column(sa.Integer)
    replaced_by: Mapped[int | None] = mapped_column(sa.Integer)
    current_template_id: Mapped[int | None] = mapped_column(sa.ForeignKey("raw_template.id"))

    data: Mapped[list["ResourceData"]] = orm.relationship(cascade="all, delete-orphan")


class ResourceData(Timestamps, Base):
    """A key/value a resource keeps for itself; ``redact`` values are encrypted."""

    __tablename__ = "resource_data"
    id: Mapped[int] = mapped_column(sa.Integer, primary_key=True)
    key: Mapped[str | None] = mapped_column(sa.String(255))
    value: Mapped[str | None] = mapped_column(sa.Text)
    redact: Mapped[bool | None] = mapped_column(sa.Boolean)
    decrypt_method: Mapped[str | None] = mapped_column(sa.String(64))
    resource_id: Mapped[int] = mapped_column(sa.ForeignKey("resource.id"))


class Event(Timestamps, Base):
    """A state change of a resource; ``uuid`` is the id users see."""

    __tablename__ = "event"
    __table_args__ = (sa.UniqueConstraint("uuid", name="uniq_event0uuid"), TABLE_OPTIONS)
    id: Mapped[int] = mapped_column(sa.Integer, primary_key=True)
    stack_id: Mapped[str] = mapped_column(sa.ForeignKey("stack.id"))
    uuid: Mapped[str | None] = mapped_column(sa.String(36), default=new_uuid)
    resource_action: Mapped[str | None] = mapped_column(sa.String(255))
    resource_status: Mapped[str | None] = mapped_column(sa.String(255))
    resource_name: Mapped[str | None] = mapped_column(sa.String(255))
    physical_resource_id: Mapped[str | None] = mapped_column(sa.String(255))
    resource_status_reason: Mapped[str | None] = mapped_column(sa.String(255))
    resource_type: Mapped[str | None] = mapped_column(sa.String(255))
    rsrc_prop_data_id: Mapped[int | None] = mapped_column(
        sa.ForeignKey("resource_properties_data.id")
    )
    resource_properties: Mapped[bytes | None] = mapped_column(sa.LargeBinary)


class Snapshot(Timestamps, Base):
    """A snapshot of a stack: the data its resources returned."""

    __tablename__ = "snapshot"
    id: Mapped[str] = mapped_column(sa.String(36), primary_key=True, default=new_uuid)
    stack_id: Mapped[str] = mapped_column(sa.ForeignKey("stack.id"))
    name: Mapped[str | None] = mapped_column(sa.String(255))
    data: Mapped[Any] = mapped_column(Json, nullable=True)
    tenant: Mapped[str] = mapped_column(sa.String(64), index=True)
    action: Mapped[str | None] = mapped_column(sa.String(255))
    status: Mapped[str | None] = mapped_column(sa.String(255))
    status_reason: Mapped[str | None] = mapped_column(sa.String(255))


class ChangeSet(Timestamps, Base):
    """An update of a stack, previewed and kept until it is executed or deleted:
    ``request`` is the update's input, ``changes`` its preview, ``base_template_id`` the
    stack's template when it was made (a stack updated since is not changed by it)."""

    __tablename__ = "change_set"
    __table_args__ = (
        sa.UniqueConstraint("stack_id", "name", name="uniq_change_set0stack_id0name"),
    )
    id: Mapped[str] = mapped_column(sa.String(36), primary_key=True, default=new_uuid)
    name: Mapped[str] = mapped_column(sa.String(255))
    stack_id: Mapped[str] = mapped_column(sa.String(36), index=True)
    tenant: Mapped[str] = mapped_column(sa.String(256), index=True)
    description: Mapped[str | None] = mapped_column(sa.Text)
    status: Mapped[str] = mapped_column(sa.String(32))
    status_reason: Mapped[str | None] = mapped_column(sa.Text)
    execution_status: Mapped[str] = mapped_column(sa.String(32))
    base_template_id: Mapped[int | None] = mapped_column(sa.Integer)
    request: Mapped[Any] = mapped_column(Json, nullable=True)
    changes: Mapped[Any] = mapped_column(Json, nullable=True)


class StackDrift(Timestamps, Base):
    """One drift detection of a stack: ``detection`` holds every resource's result."""

    __tablename__ = "stack_drift"
    id: Mapped[str] = mapped_column(sa.String(36), primary_key=True, default=new_uuid)
    stack_id: Mapped[str] = mapped_column(sa.String(36), index=True)
    tenant: Mapped[str] = mapped_column(sa.String(256), index=True)
    detection: Mapped[Any] = mapped_column(Json, nullable=True)


class ResourceSnapshot(Timestamps, Base):
    """The part of a stack snapshot that belongs to one resource."""

    __tablename__ = "resource_snapshot"
    id: Mapped[str] = mapped_column(sa.String(36), primary_key=True, default=new_uuid)
    resource_name: Mapped[str] = mapped_column(sa.String(255))
    snapshot_id: Mapped[str] = mapped_column(sa.ForeignKey("snapshot.id"), index=True)
    data: Mapped[Any] = mapped_column(Json, nullable=True)


class SoftwareConfig(Timestamps, Base):
    """A software configuration: ``config`` holds config, inputs, outputs and options."""

    __tablename__ = "software_config"
    id: Mapped[str] = mapped_column(sa.String(36), primary_key=True, default=new_uuid)
    name: Mapped[str | None] = mapped_column(sa.String(255))
    group: Mapped[str | None] = mapped_column(sa.String(255))
    config: Mapped[Any] = mapped_column(Json, nullable=True)
    tenant: Mapped[str] = mapped_column(sa.String(64), index=True)


class SoftwareDeployment(State, Base):
    """A software config applied to a server, with the values the server reported back."""

    __tablename__ = "software_deployment"
    id: Mapped[str] = mapped_column(sa.String(36), primary_key=True, default=new_uuid)
    config_id: Mapped[str] = mapped_column(sa.ForeignKey("software_config.id"))
    config: Mapped[SoftwareConfig] = orm.relationship(lazy="joined")
    server_id: Mapped[str] = mapped_column(sa.String(36), index=True)
    input_values: Mapped[Any] = mapped_column(Json, nullable=True)
    output_values: Mapped[Any] = mapped_column(Json, nullable=True)
    tenant: Mapped[str] = mapped_column(sa.String(64), index=True)
    stack_user_project_id: Mapped[str | None] = mapped_column(sa.String(64))
    created_at: Mapped[datetime.datetime | None] = mapped_column(
        sa.DateTime, default=utcnow, index=True
    )
    updated_at: Mapped[datetime.datetime | None] = mapped_column(sa.DateTime, onupdate=utcnow)


class Service(Timestamps, Base):
    """An engine process; ``updated_at`` is its heartbeat, ``deleted_at`` soft-deletes."""

    __tablename__ = "service"
    id: Mapped[str] = mapped_column(sa.String(36), primary_key=True, default=new_uuid)
    engine_id: Mapped[str] = mapped_column(sa.String(36))
    host: Mapped[str] = mapped_column(sa.String(255))
    hostname: Mapped[str] = mapped_column(sa.String(255))
    binary: Mapped[str] = mapped_column(sa.String(255))
    topic: Mapped[str] = mapped_column(sa.String(255))
    report_interval: Mapped[int] = mapped_column(sa.Integer)
    deleted_at: Mapped[datetime.datetime | None] = mapped_column(sa.DateTime)


class SyncPoint(Timestamps, Base):
    """A convergence join point: which predecessors of an entity reported in a traversal."""

    __tablename__ = "sync_point"
    entity_id: Mapped[str] = mapped_column(sa.String(36), primary_key=True)
    traversal_id: Mapped[str] = mapped_column(sa.String(36), primary_key=True)
    is_update: Mapped[bool] = mapped_column(sa.Boolean, primary_key=True)
    atomic_key: Mapped[int] = mapped_column(sa.Integer, default=0)
    stack_id: Mapped[str] = mapped_column(sa.ForeignKey("stack.id"))
    input_data: Mapped[Any] = mapped_column(Json, nullable=True)
    extra_data: Mapped[Any] = mapped_column(Json, nullable=True)


class WatchRule(Timestamps, Base):
    """A CloudWatch-style alarm, evaluated by the engine.

    ``tenant`` is the project owning it; ``stack_id`` the stack whose alarm resource made
    it, or NULL for an alarm made through the CloudWatch API. ``rule`` holds the alarm's
    definition (AWS property names) and the state details the API reports.
    """

    __tablename__ = "watch_rule"
    __table_args__ = (
        sa.UniqueConstraint("tenant", "name", name="uniq_watch_rule0tenant0name"),
        TABLE_OPTIONS,
    )
    id: Mapped[int] = mapped_column(sa.Integer, primary_key=True)
    name: Mapped[str | None] = mapped_column(sa.String(255))
    rule: Mapped[Any] = mapped_column(Json, nullable=True)
    state: Mapped[str | None] = mapped_column(sa.String(255))
    last_evaluated: Mapped[datetime.datetime | None] = mapped_column(sa.DateTime, default=utcnow)
    stack_id: Mapped[str | None] = mapped_column(sa.ForeignKey("stack.id"))
    tenant: Mapped[str | None] = mapped_column(sa.String(256))


class WatchData(Timestamps, Base):
    """One metric sample posted for a watch rule."""

    __tablename__ = "watch_data"
    id: Mapped[int] = mapped_column(sa.Integer, primary_key=True)
    data: Mapped[Any] = mapped_column(Json, nullable=True)
    watch_rule_id: Mapped[int] = mapped_column(sa.ForeignKey("watch_rule.id"))


class WatchHistory(Timestamps, Base):
    """One entry of a watch rule's history: a state change, a configuration change or an
    action it fired (CloudWatch's DescribeAlarmHistory)."""

    __tablename__ = "watch_history"
    id: Mapped[int] = mapped_column(sa.Integer, primary_key=True)
    watch_rule_id: Mapped[int] = mapped_column(sa.ForeignKey("watch_rule.id"), index=True)
    item_type: Mapped[str] = mapped_column(sa.String(32))
    summary: Mapped[str | None] = mapped_column(sa.String(255))
    data: Mapped[Any] = mapped_column(Json, nullable=True)
