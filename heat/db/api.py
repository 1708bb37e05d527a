"""The only door to the database: every read and write of Heat's tables goes through here.

Call :func:`configure` once with the service's config (tests call it again with a fresh
one). Functions take the RequestContext first; they share the transaction already open
on that context, and writes are retried when the database reports a deadlock. Queries
live in :mod:`heat.db.sqlalchemy`, one module per table or concern; this module is their
public list.
"""

from heat.db.sqlalchemy.events import (
    event_count_all_by_stack,
    event_create,
    event_create_many,
    event_get_all_by_stack,
    event_get_all_by_stacks,
    event_get_by_uuid,
    event_properties,
)
from heat.db.sqlalchemy.facade import configure, get_engine
from heat.db.sqlalchemy.journal import JournalEntry, journal_write
from heat.db.sqlalchemy.locks import (
    stack_lock_create,
    stack_lock_get_engine_id,
    stack_lock_release,
    stack_lock_steal,
)
from heat.db.sqlalchemy.purge import purge_deleted
from heat.db.sqlalchemy.reset import reset_stack_status
from heat.db.sqlalchemy.resource_data import (
    resource_data_delete,
    resource_data_get,
    resource_data_get_all,
    resource_data_set,
)
from heat.db.sqlalchemy.resources import (
    UNCHECKED,
    resource_count_by_root_stack,
    resource_create,
    resource_create_many,
    resource_delete,
    resource_delete_all_by_stack,
    resource_get,
    resource_get_all_by_root_stack,
    resource_get_all_by_stack,
    resource_get_by_name_and_stack,
    resource_get_by_physical_resource_id,
    resource_prop_data_create,
    resource_prop_data_get,
    resource_update,
    resource_update_many,
)
from heat.db.sqlalchemy.services import (
    service_create,
    service_delete,
    service_get,
    service_get_all,
    service_get_all_by_args,
    service_status,
    service_update,
)
from heat.db.sqlalchemy.snapshots import (
    snapshot_count_all_by_stack,
    snapshot_create,
    snapshot_delete,
    snapshot_get,
    snapshot_get_all_by_stack,
    snapshot_get_by_stack,
    snapshot_update,
)
from heat.db.sqlalchemy.stack_list import stack_count_all, stack_get_all
from heat.db.sqlalchemy.stacks import (
    stack_create,
    stack_delete,
    stack_get,
    stack_get_all_by_owner_id,
    stack_get_all_in_progress,
    stack_get_by_name,
    stack_get_status,
    stack_tags_get,
    stack_tags_set,
    stack_update,
)
from heat.db.sqlalchemy.templates import (
    raw_template_create,
    raw_template_delete,
    raw_template_get,
    raw_template_update,
)
from heat.db.sqlalchemy.user_creds import user_creds_create, user_creds_delete, user_creds_get
from heat.db.sqlalchemy.watch_data import (
    watch_data_create,
    watch_data_get_all,
    watch_data_get_all_by_watch_rule_id,
    watch_history_create,
    watch_history_get_all,
)
from heat.db.sqlalchemy.watch_rules import (
    watch_rule_claim,
    watch_rule_create,
    watch_rule_delete,
    watch_rule_get,
    watch_rule_get_all,
    watch_rule_get_all_active,
    watch_rule_get_all_by_stack,
    watch_rule_get_by_name,
    watch_rule_update,
)

__all__ = [
    "JournalEntry",
    "UNCHECKED",
    "configure",
    "event_count_all_by_stack",
    "event_create",
    "event_create_many",
    "event_get_all_by_stack",
    "event_get_all_by_stacks",
    "event_get_by_uuid",
    "event_properties",
    "get_engine",
    "journal_write",
    "purge_deleted",
    "raw_template_create",
    "raw_template_delete",
    "raw_template_get",
    "raw_template_update",
    "reset_stack_status",
    "resource_count_by_root_stack",
    "resource_create",
    "resource_create_many",
    "resource_data_delete",
    "resource_data_get",
    "resource_data_get_all",
    "resource_data_set",
    "resource_delete",
    "resource_delete_all_by_stack",
    "resource_get",
    "resource_get_all_by_root_stack",
    "resource_get_all_by_stack",
    "resource_get_by_name_and_stack",
    "resource_get_by_physical_resource_id",
    "resource_prop_data_create",
    "resource_prop_data_get",
    "resource_update",
    "resource_update_many",
    "service_create",
    "service_delete",
    "service_get",
    "service_get_all",
    "service_get_all_by_args",
    "service_status",
    "service_update",
    "snapshot_count_all_by_stack",
    "snapshot_create",
    "snapshot_delete",
    "snapshot_get",
    "snapshot_get_all_by_stack",
    "snapshot_get_by_stack",
    "snapshot_update",
    "stack_count_all",
    "stack_create",
    "stack_delete",
    "stack_get",
    "stack_get_all",
    "stack_get_all_by_owner_id",
    "stack_get_all_in_progress",
    "stack_get_by_name",
    "stack_get_status",
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
    "watch_data_create",
    "watch_data_get_all",
    "watch_data_get_all_by_watch_rule_id",
    "watch_history_create",
    "watch_history_get_all",
    "watch_rule_claim",
    "watch_rule_create",
    "watch_rule_delete",
    "watch_rule_get",
    "watch_rule_get_all",
    "watch_rule_get_all_active",
    "watch_rule_get_all_by_stack",
    "watch_rule_get_by_name",
    "watch_rule_update",
]
