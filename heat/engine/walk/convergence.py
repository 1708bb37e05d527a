"""The convergence strategy: a stack's create, update (and restore), delete, their
rollback and cancel run as traversals (:mod:`heat.engine.convergence`), one work item per
resource on any engine; an update may start while one of them is in progress. Its
suspend, resume, check and adopt still run as legacy actions under the stack lock, and
only while no traversal is in progress."""

from typing import Any

from heat.common import exception
from heat.db import api as db_api
from heat.engine import resource_states as states
from heat.engine import stack_actions, stack_credentials, stack_store, stack_update
from heat.engine.convergence import traversal
from heat.engine.walk import legacy, plan

_LEGACY = legacy.Legacy()
# The actions that run as traversals.
_TRAVERSALS = (states.CREATE, states.UPDATE, states.RESTORE, states.DELETE, states.ROLLBACK)
# The traversals an update may supersede.
_SUPERSEDED = (states.CREATE, states.UPDATE, states.RESTORE, states.ROLLBACK)


class Convergence:
    """Create and delete as traversals; the other actions as legacy ones."""

    name = "convergence"

    def create(self, runtime: Any, context: Any, stack: Any) -> None:
        stack.notifier = runtime.notifier
        stack_store.announce_stored_state(stack)
        stack.store.flush()
        traversal.start(runtime, context, stack, plan.creation(stack.dependencies()))

    def adopt(self, runtime: Any, context: Any, stack: Any, data: Any) -> None:
        _LEGACY.adopt(runtime, context, stack, data)

    def update(self, runtime: Any, context: Any, current: Any, new: Any, action: str) -> None:
        """Start an update traversal from the stack's template, superseding a create,
        update or rollback in progress: the steps it runs finish (as upstream's), the
        others stop, and the new traversal's steps wait for the rows they hold."""
        if current.status == states.IN_PROGRESS and current.action not in _SUPERSEDED:
            raise exception.ActionInProgress(stack_name=current.name, action=current.action)
        new.notifier = runtime.notifier
        stack_credentials.use_stored_context(new)
        stack_store.store_template(new)
        stack_update.switch_template(new, current.t.id)
        stack_update.attach_rows(new)
        stack_store.write_state(new, action, states.IN_PROGRESS, "Stack %s started" % action)
        traversal.start_update(runtime, context, current, new)

    def delete(self, runtime: Any, context: Any, stack: Any) -> None:
        """Stop the legacy action running (an update, under the stack lock), then delete:
        the deleting traversal supersedes any traversal in progress, whose running steps
        stop and give their resources up."""
        if db_api.stack_lock_get_engine_id(context, stack.id) is not None:
            legacy.stop_running(runtime, context, stack)
            stack = runtime.load_stack(context, dict(stack.identifier()))
        stack.notifier = runtime.notifier
        stack_store.write_state(stack, states.DELETE, states.IN_PROGRESS, "Stack DELETE started")
        traversal.start_deletion(runtime, context, stack)

    def cancel(self, runtime: Any, context: Any, stack: Any, rollback: bool) -> None:
        """As upstream's, the steps running finish either way. With rollback, a rollback
        traversal takes over the update at once; without, the create or update traversal
        is superseded (it starts no further step) and the stack fails, as do the nested
        stacks' traversals in progress."""
        stack.notifier = runtime.notifier
        row = db_api.stack_get(context, stack.id, eager_load=False, with_graph=True)
        if row is None or row.current_traversal is None:
            raise exception.NotSupported(feature="Cancelling an action that has ended")
        if rollback:
            previous = (row.current_deps or {}).get(traversal.FROM_TEMPLATE)
            if previous is None:
                raise exception.NotSupported(feature="Rolling back an action that has ended")
            traversal.roll_back_update(runtime, context, stack, previous)
            return
        if not traversal.supersede(context, stack.id, row.current_traversal):
            raise exception.NotSupported(feature="Cancelling an action that has ended")
        stack_actions.finish(stack, stack.action, "Stack %s cancelled" % stack.action)
        traversal.stop_nested(runtime, context, stack.id)

    def suspend(self, runtime: Any, context: Any, stack: Any) -> None:
        _refuse_during_traversal(stack)
        _LEGACY.suspend(runtime, context, stack)

    def resume(self, runtime: Any, context: Any, stack: Any) -> None:
        _refuse_during_traversal(stack)
        _LEGACY.resume(runtime, context, stack)

    def check(self, runtime: Any, context: Any, stack: Any) -> None:
        _refuse_during_traversal(stack)
        _LEGACY.check(runtime, context, stack)


def _refuse_during_traversal(stack: Any) -> None:
    """ActionInProgress while a traversal (which holds no stack lock) runs on the stack."""
    if stack.status == states.IN_PROGRESS and stack.action in _TRAVERSALS:
        raise exception.ActionInProgress(stack_name=stack.name, action=stack.action)
