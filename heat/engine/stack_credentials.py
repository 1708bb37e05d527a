"""What a stack keeps in Keystone and the database to act after its creator's request.

A new top-level stack stores its creator's credentials in ``user_creds``: with
``deferred_auth_method = trusts`` (the default) a trust from the creator to the heat
service user, with ``password`` the creator's password. Later work on the stack (with
``reauthentication_auth_method = trusts``, signals, scaling) acts with the *stored context*
built from them. Users the stack makes for servers live in the stack's own project in the
stack user domain, made on first need. Deleting the stack gives all of it back.
"""

import logging
from typing import Any

from heat.common import context as heat_context
from heat.common import exception
from heat.db import api as db_api
from heat.engine.clients import clients_for

LOG = logging.getLogger(__name__)

TRUSTS = "trusts"
PASSWORD = "password"


def _uses_keystone(context: Any) -> bool:
    """Whether the request was authenticated by Keystone (and not by the noauth pipeline)."""
    return bool(context.trust_id or context.auth_token_info)


def store(context: Any, conf: Any, clients: Any) -> int:
    """Store the credentials a new top-level stack will act with later; their row id."""
    if conf.deferred_auth_method == PASSWORD:
        if not context.username:
            raise exception.MissingCredentialError(required="X-Auth-User")
        if not context.password:
            raise exception.MissingCredentialError(required="X-Auth-Key")
        return db_api.user_creds_create(context)["id"]
    # Keystone (28.1 and later) refuses tokens made from EC2 credentials on its own API, so
    # a caller who signed with EC2 credentials cannot delegate a trust: such a stack keeps
    # no deferred credentials and acts as whoever calls it.
    if _uses_keystone(context) and not context.aws_creds:
        context = clients.client("keystone").create_trust_context()
    return db_api.user_creds_create(context)["id"]


def stored_context(stack: Any) -> Any:
    """A context acting as the stack's creator through the stored trust or password.

    Without stored secrets (a stack of the noauth pipeline) it is the stack's own context.
    """
    creds_id = stack.state_data.user_creds_id
    creds = db_api.user_creds_get(stack.context, creds_id) if creds_id else None
    if creds is None or not (creds["trust_id"] or creds["password"]):
        return stack.context
    return heat_context.RequestContext(
        trust_id=creds["trust_id"],
        trustor_user_id=creds["trustor_user_id"],
        user_id=creds["trustor_user_id"],
        username=creds["username"],
        password=creds["password"],
        auth_url=creds["auth_url"],
        region_name=creds["region_name"],
        tenant=creds["tenant"],
        tenant_id=creds["tenant_id"],
        user_domain_id=stack.context.user_domain_id,
        roles=list(stack.context.roles or ()),
        request_id=stack.context.request_id,
        is_admin=False,
    )


def use_stored_context(stack: Any) -> None:
    """Act as the stored context from now on, when ``reauthentication_auth_method`` says so,
    so that a long action outlives the token of the request that started it."""
    conf = stack.settings.conf
    if conf is not None and conf.reauthentication_auth_method == TRUSTS:
        stack.context = stored_context(stack)


def stack_user_project_id(stack: Any) -> str:
    """The project of the stack's users, made and recorded on first need. Steps of a
    convergence traversal may ask at the same time: making it again finds the same one."""
    project_id = stack.state_data.stack_user_project_id
    if project_id is None:
        project_id = stack.clients.client("keystone").create_stack_domain_project(stack.id)
        stack.state_data.stack_user_project_id = project_id
        db_api.stack_update(stack.context, stack.id, {"stack_user_project_id": project_id})
    return project_id


def _owns_user_project(stack: Any) -> bool:
    """Whether the stack made its user project (a nested stack may share its parent's)."""
    project_id = stack.state_data.stack_user_project_id
    parent = stack.parent_resource
    if not project_id or project_id == stack.state_data.tenant_id:
        return False
    return parent is None or parent.stack.state_data.stack_user_project_id != project_id


def release(stack: Any) -> None:
    """Give back what the stack holds in Keystone and ``user_creds`` (it is being deleted)."""
    if _owns_user_project(stack):
        keystone = stack.clients.client("keystone")
        keystone.delete_stack_domain_project(stack.state_data.stack_user_project_id)
    creds_id = stack.state_data.user_creds_id
    if stack.state_data.owner_id is not None or creds_id is None:
        return
    creds = db_api.user_creds_get(stack.context, creds_id)
    if creds and creds["trust_id"]:
        _delete_trust(stack, creds)
    try:
        db_api.user_creds_delete(stack.context, creds_id)
        stack.state_data.user_creds_id = None
    except exception.NotFound:
        LOG.debug("The credentials of stack %s were gone already", stack.id)


def _delete_trust(stack: Any, creds: Any) -> None:
    """Delete the stack's trust: as the deleter when it is the trustor (Keystone lets only
    the trustor delete a trust), else through the trust itself. A trust that cannot be
    deleted is logged and does not fail the stack's deletion, as upstream's does: an
    administrator may delete anyone's stack."""
    context = stack.context
    if context.user_id != creds["trustor_user_id"]:
        context = stored_context(stack)
    try:
        keystone = clients_for(context, stack.settings.conf).client("keystone")
        keystone.delete_trust(creds["trust_id"])
    except Exception:  # noqa: BLE001 - whatever Keystone says, the stack goes
        LOG.exception("Error deleting the trust of stack %s", stack.id)
