"""The ``stack_drift`` table: drift detections of stacks, visible to their project and
admins."""

from collections.abc import Mapping
from typing import Any

import sqlalchemy as sa

from heat.common.context import RequestContext
from heat.db.sqlalchemy import models
from heat.db.sqlalchemy.facade import reader, retry_on_deadlock, writer


@retry_on_deadlock
def stack_drift_create(context: RequestContext, values: Mapping[str, Any]) -> None:
    """Keep a detection (``id``, ``stack_id``, ``tenant``, ``detection``)."""
    with writer(context) as session:
        drift = models.StackDrift()
        drift.update(values)
        session.add(drift)


def stack_drift_get(
    context: RequestContext, stack_id: str | None, detection_id: str | None = None
) -> models.StackDrift | None:
    """The detection of that id (of that stack, when given), or the stack's latest."""
    query = sa.select(models.StackDrift)
    if not context.is_admin:
        query = query.where(models.StackDrift.tenant == context.project_id)
    if stack_id is not None:
        query = query.where(models.StackDrift.stack_id == stack_id)
    if detection_id is not None:
        query = query.where(models.StackDrift.id == detection_id)
    elif stack_id is None:
        return None
    query = query.order_by(models.StackDrift.created_at.desc(), models.StackDrift.id).limit(1)
    with reader(context) as session:
        return session.scalars(query).first()
