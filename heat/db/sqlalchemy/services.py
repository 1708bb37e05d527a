"""The ``service`` table: one row per engine process, its heartbeat in ``updated_at``.

Rows travel out of this module as plain dicts of every column, so callers never hold
a session-bound object.
"""

import datetime
from collections.abc import Mapping
from typing import Any

import sqlalchemy as sa
from sqlalchemy import orm

from heat.common import exception
from heat.common.context import RequestContext
from heat.db.sqlalchemy import models
from heat.db.sqlalchemy.facade import reader, retry_on_deadlock, writer


def _get(session: orm.Session, service_id: str) -> models.Service:
    service = session.get(models.Service, service_id)
    if service is None:
        raise exception.EntityNotFound(entity="Service", name=service_id)
    return service


@retry_on_deadlock
def service_create(context: RequestContext, values: Mapping[str, Any]) -> dict:
    """Insert a service row from ``values``; return it with its generated id."""
    with writer(context) as session:
        service = models.Service()
        service.update(values)
        session.add(service)
        session.flush()
        return service.to_dict()


@retry_on_deadlock
def service_update(context: RequestContext, service_id: str, values: Mapping[str, Any]) -> dict:
    """Apply ``values`` and refresh ``updated_at`` even when nothing else changes."""
    with writer(context) as session:
        service = _get(session, service_id)
        service.update(values)
        service.updated_at = models.utcnow()
        session.flush()
        return service.to_dict()


@retry_on_deadlock
def service_delete(context: RequestContext, service_id: str, soft_delete: bool = True) -> None:
    """Mark the service deleted (``deleted_at``) or, with ``soft_delete=False``, remove it."""
    with writer(context) as session:
        service = _get(session, service_id)
        if soft_delete:
            service.deleted_at = models.utcnow()
        else:
            session.delete(service)


def service_get(context: RequestContext, service_id: str) -> dict:
    """The service row; EntityNotFound when there is none."""
    with reader(context) as session:
        return _get(session, service_id).to_dict()


def service_get_all(context: RequestContext) -> list[dict]:
    """Every service not soft-deleted."""
    query = sa.select(models.Service).where(models.Service.deleted_at.is_(None))
    with reader(context) as session:
        return [service.to_dict() for service in session.scalars(query)]


def service_get_all_by_args(
    context: RequestContext, host: str, binary: str, hostname: str
) -> list[dict]:
    """The services (deleted or not) registered by ``binary`` on that host."""
    query = sa.select(models.Service).filter_by(host=host, binary=binary, hostname=hostname)
    with reader(context) as session:
        return [service.to_dict() for service in session.scalars(query)]


def service_status(service: Mapping[str, Any], now: datetime.datetime | None = None) -> str:
    """``"up"`` when the service reported within two report intervals, else ``"down"``."""
    last_seen = service["updated_at"] or service["created_at"]
    elapsed = ((now or models.utcnow()) - last_seen).total_seconds()
    return "up" if elapsed <= 2 * service["report_interval"] else "down"
