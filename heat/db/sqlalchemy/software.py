"""The ``software_config`` and ``software_deployment`` tables.

A config is visible to its project (and admins). A deployment is visible to its project
and to its stack user project, whose users are the servers polling their deployments.
What the context may not see is reported exactly like what is missing, as OpenStack Heat
does ("Software config with id ... not found"). Every look-up is scoped to the project in
SQL and compares ids as strings: MariaDB compares a string column with a number by casting
the column, so ``id = 0`` would match rows of any project.
"""

from collections.abc import Mapping
from typing import Any

import sqlalchemy as sa
from oslo_db.sqlalchemy import utils as oslo_db_utils
from sqlalchemy import orm

from heat.common import exception
from heat.common.context import RequestContext
from heat.common.i18n import _
from heat.db.sqlalchemy.facade import reader, retry_on_deadlock, writer
from heat.db.sqlalchemy.models import SoftwareConfig as Config
from heat.db.sqlalchemy.models import SoftwareDeployment as Deployment


def _configs_visible(context: RequestContext) -> sa.ColumnElement[bool]:
    if context.is_admin:
        return sa.true()
    return Config.tenant == context.project_id


def _config(session: orm.Session, context: RequestContext, config_id: Any) -> Config:
    query = sa.select(Config).where(Config.id == str(config_id), _configs_visible(context))
    config = session.scalars(query).first()
    if config is None:
        raise exception.NotFound(_("Software config with id %s not found") % config_id)
    return config


def _deployments_visible(context: RequestContext) -> sa.ColumnElement[bool]:
    if context.is_admin:
        return sa.true()
    project = context.project_id
    return sa.or_(Deployment.tenant == project, Deployment.stack_user_project_id == project)


def _deployment(session: orm.Session, context: RequestContext, deployment_id: Any) -> Deployment:
    query = sa.select(Deployment).where(
        Deployment.id == str(deployment_id), _deployments_visible(context)
    )
    deployment = session.scalars(query).first()
    if deployment is None:
        raise exception.NotFound(_("Deployment with id %s not found") % deployment_id)
    return deployment


@retry_on_deadlock
def software_config_create(context: RequestContext, values: Mapping[str, Any]) -> Config:
    """Insert a config from column ``values``."""
    with writer(context) as session:
        config = Config(**values)
        session.add(config)
        session.flush()
        return config


def software_config_get(context: RequestContext, config_id: str) -> Config:
    """The config with that id; NotFound when missing or another project's."""
    with reader(context) as session:
        return _config(session, context, config_id)


def software_config_get_all(
    context: RequestContext, limit: int | None = None, marker: str | None = None
) -> list[Config]:
    """A page of the configs the context sees, oldest first; ``marker`` is the id of the
    last config of the previous page."""
    query = sa.select(Config).where(_configs_visible(context))
    with reader(context) as session:
        marker_config = None
        if marker:
            marker_query = sa.select(Config).where(
                Config.id == str(marker), _configs_visible(context)
            )
            marker_config = session.scalars(marker_query).first()
        query = oslo_db_utils.paginate_query(
            query, Config, limit, ["created_at", "id"], marker=marker_config, sort_dir="asc"
        )
        return list(session.scalars(query))


@retry_on_deadlock
def software_config_delete(context: RequestContext, config_id: str) -> None:
    """Delete a config; InvalidRestrictedAction while a deployment refers to it."""
    with writer(context) as session:
        config = _config(session, context, config_id)
        used = sa.select(Deployment.id).where(Deployment.config_id == config.id).limit(1)
        if session.scalars(used).first() is not None:
            message = _("Software config with id %s can not be deleted as it is referenced.")
            raise exception.InvalidRestrictedAction(message=message % config_id)
        session.delete(config)


@retry_on_deadlock
def software_deployment_create(context: RequestContext, values: Mapping[str, Any]) -> Deployment:
    """Insert a deployment of a config the context sees."""
    with writer(context) as session:
        config = _config(session, context, values["config_id"])
        deployment = Deployment(**dict(values, config_id=config.id))
        session.add(deployment)
        session.flush()
        session.refresh(deployment)
        return deployment


def software_deployment_get(context: RequestContext, deployment_id: str) -> Deployment:
    """The deployment with that id, its config loaded; NotFound when the context may not
    see it."""
    with reader(context) as session:
        return _deployment(session, context, deployment_id)


def software_deployment_get_all(
    context: RequestContext, server_id: str | None = None
) -> list[Deployment]:
    """The deployments the context sees (of one server), oldest first."""
    query = sa.select(Deployment).where(_deployments_visible(context))
    if server_id:
        query = query.where(Deployment.server_id == str(server_id))
    with reader(context) as session:
        return list(session.scalars(query.order_by(Deployment.created_at, Deployment.id)))


@retry_on_deadlock
def software_deployment_update(
    context: RequestContext, deployment_id: str, values: Mapping[str, Any]
) -> Deployment:
    """Change a deployment's columns (a new ``config_id`` must name a visible config)."""
    with writer(context) as session:
        values = dict(values)
        if "config_id" in values:
            values["config_id"] = _config(session, context, values["config_id"]).id
        deployment = _deployment(session, context, deployment_id)
        for key, value in values.items():
            setattr(deployment, key, value)
        session.flush()
        session.refresh(deployment)
        return deployment


@retry_on_deadlock
def software_deployment_delete(context: RequestContext, deployment_id: str) -> None:
    """Delete a deployment the context sees."""
    with writer(context) as session:
        session.delete(_deployment(session, context, deployment_id))


def software_config_count_all(context: RequestContext) -> int:
    """How many software configs the context's project owns."""
    query = sa.select(sa.func.count(Config.id)).where(Config.tenant == context.project_id)
    with reader(context) as session:
        return session.scalar(query) or 0


def software_deployment_count_all(context: RequestContext) -> int:
    """How many software deployments the context's project owns."""
    query = sa.select(sa.func.count(Deployment.id)).where(Deployment.tenant == context.project_id)
    with reader(context) as session:
        return session.scalar(query) or 0
