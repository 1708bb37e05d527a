"""``migrate_convergence_1``: move a legacy-engine stack, with its nested stacks, to the
convergence engine (``heat-manage migrate_convergence_1 STACK_ID``).

Only a top-level stack whose whole tree is COMPLETE moves, under the stack locks of
every stack of the tree. Its resource rows then all come from the stack's current
template and record the rows they require; rows of resources the template no longer
has go, and so does the template a legacy update kept for its rollback. The stack's
next actions run as convergence traversals.
"""

from typing import Any

from oslo_log import log as logging

from heat.common import exception
from heat.common.i18n import _
from heat.db import api as db_api
from heat.engine import resource_states as states
from heat.engine.stack import Stack

LOG = logging.getLogger(__name__)


def migrate_convergence_1(runtime: Any, context: Any, stack_id: str) -> None:
    """Move the stack ``stack_id`` and its nested stacks to convergence; nothing when it
    is a convergence stack already. EntityNotFound, NotSupported (a nested stack) or
    ActionNotComplete (a stack of the tree not COMPLETE)."""
    row = db_api.stack_get(context, stack_id)
    if row is None:
        raise exception.EntityNotFound(entity="Stack", name=stack_id)
    if row.owner_id is not None:
        raise exception.NotSupported(feature=_("Migration of nested stack %s") % stack_id)
    if row.convergence:
        LOG.info("Convergence was already enabled for stack %s", stack_id)
        return
    parent = runtime.load_row(context, row)
    _check_complete(parent)
    nested = []
    for nested_id in db_api.stack_ids_in_tree(context, stack_id):
        nested_row = db_api.stack_get(context, nested_id)
        if nested_row is not None:
            nested.append(runtime.load_row(context, nested_row))
    for stack in nested:
        _check_complete(stack)
    stacks = [*nested, parent]
    locks: list[Any] = []
    try:
        for stack in stacks:
            lock = runtime.lock(context, stack)
            lock.acquire()
            locks.append(lock)
        migrations = [_migration(stack) for stack in stacks if not stack.state_data.convergence]
        db_api.stacks_migrate_to_convergence(context, migrations)
    finally:
        for lock in locks:
            lock.release()
    LOG.info("Stack %s and %d nested stacks moved to convergence", stack_id, len(nested))


def _check_complete(stack: Stack) -> None:
    if stack.status != states.COMPLETE:
        raise exception.ActionNotComplete(stack_name=stack.name, action=stack.action)


def _migration(stack: Stack) -> db_api.ConvergenceMigration:
    """What moving ``stack`` changes: each current row of a resource of its template
    requires the rows of the resources that resource requires."""
    rows = stack.store.rows_of(stack.id)
    row_ids = {name: row.id for name, row in rows.items()}
    dependencies = stack.dependencies()
    requires = {
        row_ids[name]: [row_ids[other] for other in dependencies.requires(name) if other in row_ids]
        for name in rows
        if name in stack.resources
    }
    obsolete = [row.id for name, row in rows.items() if name not in stack.resources]
    for row_id in obsolete:
        LOG.warning("Stack %s: deleting resource row %s, not in the template", stack.id, row_id)
    return db_api.ConvergenceMigration(
        stack_id=stack.id,
        template_id=stack.t.id,
        requires=requires,
        obsolete=obsolete,
        previous_template_id=stack.state_data.prev_raw_template_id,
    )
