"""The only door to the database: every read and write of Heat's tables goes through here.

Call :func:`configure` once with the service's config (tests call it again with a fresh
one). Functions take the RequestContext first; they share the transaction already open
on that context, and writes are retried when the database reports a deadlock. Queries
live in :mod:`heat.db.sqlalchemy`, one module per table or concern; this module is their
public list.
"""

from heat.db.sqlalchemy.facade import configure, get_engine
from heat.db.sqlalchemy.locks import (
    stack_lock_create,
    stack_lock_get_engine_id,
    stack_lock_release,
    stack_lock_steal,
)
from heat.db.sqlalchemy.purge import purge_deleted
from heat.db.sqlalchemy.reset import reset_stack_status
from heat.db.sqlalchemy.services import (
    service_create,
    service_delete,
    service_get,
    service_get_all,
    service_get_all_by_args,
    service_status,
    service_update,
)
from heat.db.sqlalchemy.stack_list import stack_count_all, stack_get_all
from heat.db.sqlalchemy.stacks import (
    stack_create,
    stack_delete,
    stack_get,
    stack_get_by_name,
    stack_tags_get,
    stack_tags_set,
    stack_update,
)
from heat.db.sqlalchemy.templates import raw_template_create, raw_template_get
from heat.db.sqlalchemy.user_creds import user_creds_create, user_creds_delete, user_creds_get

__all__ = [
    "configure",
    "get_engine",
    "purge_deleted",
    "raw_template_create",
    "raw_template_get",
    "reset_stack_status",
    "service_create",
    "service_delete",
    "service_get",
    "service_get_all",
    "service_get_all_by_args",
    "service_status",
    "service_update",
    "stack_count_all",
    "stack_create",
    "stack_delete",
    "stack_get",
    "stack_get_all",
    "stack_get_by_name",
    "stack_lock_create",
    "stack_lock_get_engine_id",
    "stack_lock_release",
    "stack_lock_steal",
    "stack_tags_get",
    "stack_tags_set",
    "stack_update",
    "user_creds_create",
    "user_creds_delete",
    "user_creds_get",
]
