"""The ``stack_lock`` table: at most one engine runs an action on a stack at a time.

Acquiring is an insert that the primary key makes atomic; stealing and releasing are
compare-and-swap statements on the holder's ``engine_id``, so two engines never both win.
"""

import sqlalchemy as sa
from oslo_db import exception as db_exception

from heat.common.context import RequestContext
from heat.db.sqlalchemy import models
from heat.db.sqlalchemy.facade import reader, retry_on_deadlock, rowcount, writer


def stack_lock_get_engine_id(context: RequestContext, stack_id: str) -> str | None:
    """The engine holding the stack's lock, or None when nobody holds it."""
    query = sa.select(models.StackLock.engine_id).where(models.StackLock.stack_id == stack_id)
    with reader(context) as session:
        return session.scalar(query)


def _try_insert(context: RequestContext, stack_id: str, engine_id: str) -> bool:
    try:
        with writer(context) as session:
            session.add(models.StackLock(stack_id=stack_id, engine_id=engine_id))
    except db_exception.DBDuplicateEntry:
        return False
    return True


@retry_on_deadlock
def stack_lock_create(context: RequestContext, stack_id: str, engine_id: str) -> str | None:
    """Take the lock for ``engine_id``: None when taken, else the engine that holds it."""
    while not _try_insert(context, stack_id, engine_id):
        holder = stack_lock_get_engine_id(context, stack_id)
        # The holder may have released the lock between the insert and the read.
        if holder is not None:
            return holder
    return None


@retry_on_deadlock
def stack_lock_steal(
    context: RequestContext, stack_id: str, old_engine_id: str, new_engine_id: str
) -> str | bool | None:
    """Hand the lock from ``old_engine_id`` to ``new_engine_id`` if the former still holds it.

    Returns None when stolen, otherwise the engine now holding it, or True when nobody does.
    """
    statement = (
        sa.update(models.StackLock)
        .where(models.StackLock.stack_id == stack_id, models.StackLock.engine_id == old_engine_id)
        .values(engine_id=new_engine_id)
    )
    with writer(context) as session:
        if rowcount(session, statement):
            return None
    holder = stack_lock_get_engine_id(context, stack_id)
    return True if holder is None else holder


@retry_on_deadlock
def stack_lock_release(context: RequestContext, stack_id: str, engine_id: str) -> bool | None:
    """Release the lock held by ``engine_id``: None when released, True when it did not hold it."""
    statement = sa.delete(models.StackLock).where(
        models.StackLock.stack_id == stack_id, models.StackLock.engine_id == engine_id
    )
    with writer(context) as session:
        released = rowcount(session, statement)
    return None if released else True
