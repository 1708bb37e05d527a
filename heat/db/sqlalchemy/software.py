"""The ``software_config`` and ``software_deployment`` tables.

A config is visible to its project (and admins). A deployment is visible to its project
and to its stack user project, whose users are the servers polling their deployments.
What the context may not see is reported exactly like what is missing, as OpenStack Heat
does ("Software config with id ... not found").
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


def _config(session: orm.Session, context: RequestContext, config_id: str) -> Config:
    config = session.get(Config, config_id)
    if config is None or not (context.is_admin or config.tenant == context.project_id):
        raise exception.NotFound(_("Software config with id %s not found") % config_id)
    return config


def _deployments_visible(context: RequestContext) -> sa.ColumnElement[bool]:
    if context.is_admin:
        return sa.true()
    project = context.project_id
    return sa.or_(Deployment.tenant == project, Deployment.stack_user_project_id == project)


def _deployment(session: orm.Session, context: RequestContext, deployment_id: str) -> Deployment:
    query = sa.select(Deployment).where(
        Deployment.id == deployment_id, _deployments_visible(context)
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
    query = sa.select(Config)
    if not context.is_admin:
        query = query.where(Config.tenant == context.project_id)
    with reader(context) as session:
        marker_config = session.get(Config, marker) if marker else None
        query = oslo_db_utils.paginate_query(
            query, Config, limit, ["created_at", "id"], marker=marker_config, sort_dir="asc"
        )
        return list(session.scalars(query))


@retry_on_deadlock
def software_config_delete(context: RequestContext, config_id: str) -> None:
    """Delete a config; InvalidRestrictedAction while a deployment refers to it."""
    with writer(context) as session:
        config = _config(session, context, config_id)
        used = sa.select(Deployment.id).where(Deployment.config_id == config_id).limit(1)
        if session.scalars(used).first() is not None:
            message = _("Software config with id %s can not be deleted as it is referenced.")
            raise exception.InvalidRestrictedAction(message=message % config_id)
        session.delete(config)


@retry_on_deadlock
def software_deployment_create(context: RequestContext, values: Mapping[str, Any]) -> Deployment:
    """Insert a deployment of a config the context sees."""
    with writer(context) as session:
        _config(session, context, values["config_id"])
        deployment = Deployment(**values)
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
        query = query.where(Deployment.server_id == server_id)
    with reader(context) as session:
        return list(session.scalars(query.order_by(Deployment.created_at, Deployment.id)))


@retry_on_deadlock
def software_deployment_update(
    context: RequestContext, deployment_id: str, values: Mapping[str, Any]
) -> Deployment:
    """Change a deployment's columns (a new ``config_id`` must name a visible config)."""
    with writer(context) as session:
        if "config_id" in values:
            _config(session, context, values["config_id"])
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
