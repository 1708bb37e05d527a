"""The ``resource_data`` table: string values a resource keeps for itself, by key.

Values set with ``redact=True`` are stored encrypted (:mod:`heat.common.crypt`, with
``auth_encryption_key``) and come back in clear from the functions here.
"""

from typing import cast

import sqlalchemy as sa
from oslo_log import log as logging
from sqlalchemy import orm

from heat.common import crypt, exception
from heat.common.context import RequestContext
from heat.common.i18n import _
from heat.db.sqlalchemy import models
from heat.db.sqlalchemy.facade import encryption_key, reader, retry_on_deadlock, writer

LOG = logging.getLogger(__name__)


def _plain(row: models.ResourceData) -> str:
    if not row.redact:
        return cast(str, row.value)
    return cast(str, crypt.decrypt(row.decrypt_method, row.value, encryption_key()))


def _rows(
    session: orm.Session, resource_id: int, key: str | None = None
) -> list[models.ResourceData]:
    query = sa.select(models.ResourceData).where(models.ResourceData.resource_id == resource_id)
    if key is not None:
        query = query.where(models.ResourceData.key == key)
    return list(session.scalars(query.order_by(models.ResourceData.id)))


def _not_found() -> exception.NotFound:
    return exception.NotFound(_("No resource data found"))


def resource_data_get_all(
    context: RequestContext, resource_id: int, keep_undecryptable: bool = False
) -> dict[str, str]:
    """Every key of the resource with its value in clear (empty when it has none).
    InvalidEncryptionKey when a value cannot be decrypted, unless ``keep_undecryptable``:
    such a value then comes back as stored (and is logged)."""
    with reader(context) as session:
        found = _rows(session, resource_id)
    values = {}
    for row in found:
        try:
            values[row.key or ""] = _plain(row)
        except exception.InvalidEncryptionKey:
            if not keep_undecryptable:
                raise
            LOG.error("Cannot decrypt resource data %s of resource %s", row.key, resource_id)
            values[row.key or ""] = cast(str, row.value)
    return values


def resource_data_get(context: RequestContext, resource_id: int, key: str) -> str:
    """The value of ``key`` in clear; NotFound when the resource has no such key."""
    with reader(context) as session:
        found = _rows(session, resource_id, key)
    if not found:
        raise _not_found()
    return _plain(found[-1])


@retry_on_deadlock
def resource_data_set(
    context: RequestContext, resource_id: int, key: str, value: str, redact: bool = False
) -> None:
    """Set ``key`` to ``value`` (encrypted when ``redact``), replacing any previous value."""
    method, stored = crypt.encrypt(value, encryption_key()) if redact else (None, value)
    with writer(context) as session:
        found = _rows(session, resource_id, key)
        row = found[-1] if found else models.ResourceData(resource_id=resource_id, key=key)
        row.update({"value": stored, "redact": redact, "decrypt_method": method})
        session.add(row)


_TABLE = cast(sa.Table, models.ResourceData.__table__)
# The existing items of some resources (``{(resource id, key): row id}``), and the change
# of one of them: statements a convergence step's write runs, built once.
_EXISTING = sa.select(_TABLE.c.resource_id, _TABLE.c.key, _TABLE.c.id).where(
    _TABLE.c.resource_id.in_(sa.bindparam("resource_ids", expanding=True))
)
_CHANGE = (
    sa.update(_TABLE)
    .where(_TABLE.c.id == sa.bindparam("row_id"))
    .values(
        value=sa.bindparam("value"),
        redact=sa.bindparam("redact"),
        decrypt_method=sa.bindparam("decrypt_method"),
    )
)


def store_items(session: orm.Session, items: list[tuple[int, str, str, bool]]) -> None:
    """Set many ``(resource_id, key, value, redact)`` items in ``session``'s transaction."""
    if not items:
        return
    connection = session.connection()
    resource_ids = sorted({item[0] for item in items})
    found = connection.execute(_EXISTING, {"resource_ids": resource_ids})
    existing = {(resource_id, key): row_id for resource_id, key, row_id in found}
    changed: dict[int, dict] = {}
    new_rows: dict[tuple[int, str], dict] = {}
    for resource_id, key, value, redact in items:
        method, stored = crypt.encrypt(value, encryption_key()) if redact else (None, value)
        values = {"value": stored, "redact": redact, "decrypt_method": method}
        row_id = existing.get((resource_id, key))
        if row_id is not None:
            changed[row_id] = dict(values, row_id=row_id)
        else:
            new_rows[(resource_id, key)] = dict(values, resource_id=resource_id, key=key)
    if changed:
        connection.execute(_CHANGE, list(changed.values()))
    if new_rows:
        connection.execute(sa.insert(_TABLE), list(new_rows.values()))


@retry_on_deadlock
def resource_data_delete(context: RequestContext, resource_id: int, key: str) -> None:
    """Remove ``key`` from the resource's data; NotFound when it has no such key."""
    with writer(context) as session:
        found = _rows(session, resource_id, key)
        if not found:
            raise _not_found()
        for row in found:
            session.delete(row)
