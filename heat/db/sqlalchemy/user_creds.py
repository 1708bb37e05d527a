"""The ``user_creds`` table: the credentials a stack acts with later, stored encrypted.

Either a password or a Keystone trust is kept; both go through :mod:`heat.common.crypt`
with the method recorded in ``decrypt_method``.
"""

from typing import Any

import sqlalchemy

from heat.common import crypt, exception
from heat.common.context import RequestContext
from heat.common.i18n import _
from heat.db.sqlalchemy import models
from heat.db.sqlalchemy.facade import encryption_key, reader, retry_on_deadlock, writer

_MAX_STORED_LENGTH = 255


def _credentials_of(context: RequestContext) -> dict[str, Any]:
    """The column values for ``context``: a trust when it has one, else its password."""
    key = encryption_key()
    common = {
        "tenant": context.tenant,
        "tenant_id": context.project_id,
        "auth_url": context.auth_url,
        "region_name": context.region_name,
    }
    if context.trust_id:
        method, trust_id = crypt.encrypt(context.trust_id, key)
        return dict(
            common,
            trust_id=trust_id,
            trustor_user_id=context.trustor_user_id,
            decrypt_method=method,
        )
    method, password = crypt.encrypt(context.password, key)
    if password is not None and len(password) > _MAX_STORED_LENGTH:
        raise exception.Invalid(
            reason=_("Length of OS_PASSWORD after encryption exceeds Heat limit (255 chars)")
        )
    return dict(common, username=context.username, password=password, decrypt_method=method)


@retry_on_deadlock
def user_creds_create(context: RequestContext) -> dict[str, Any]:
    """Store ``context``'s credentials; return the row with the secrets in clear."""
    with writer(context) as session:
        creds = models.UserCreds()
        creds.update(_credentials_of(context))
        session.add(creds)
        session.flush()
        result = creds.to_dict()
    del result["decrypt_method"]
    result["password"] = None if context.trust_id else context.password
    result["trust_id"] = context.trust_id or None
    return result


def user_creds_get(context: RequestContext, user_creds_id: int) -> dict[str, Any] | None:
    """The credentials with password and trust decrypted; None when there are none."""
    with reader(context) as session:
        creds = session.get(models.UserCreds, user_creds_id)
        if creds is None:
            return None
        result = creds.to_dict()
    method = result.pop("decrypt_method")
    key = encryption_key()
    result["password"] = crypt.decrypt(method, result["password"], key)
    result["trust_id"] = crypt.decrypt(method, result["trust_id"], key)
    return result


@retry_on_deadlock
def user_creds_delete(context: RequestContext, user_creds_id: int) -> None:
    """Remove the credentials; NotFound when there are none.

    Stacks that still name them (deleted ones, nested ones) are left with none.
    """
    with writer(context) as session:
        creds = session.get(models.UserCreds, user_creds_id)
        if creds is None:
            raise exception.NotFound(
                _("Attempt to delete user creds with id %s that does not exist") % user_creds_id
            )
        session.execute(
            sqlalchemy.update(models.Stack)
            .where(models.Stack.user_creds_id == user_creds_id)
            .values(user_creds_id=None)
        )
        session.delete(creds)
