"""What stack operations share inside one engine process: registries, settings, threads.

Built once by :class:`heat.engine.service.EngineService` and passed to the operation
modules, so none of them reads global configuration or module state.
"""

import dataclasses
from typing import Any

from heat.common import exception, identifier
from heat.db import api as db_api
from heat.engine import action_guard, stack_credentials, stack_store
from heat.engine import resource_states as states
from heat.engine.convergence.action_ends import ActionEnds
from heat.engine.resource_listing import TemplateShapes
from heat.engine.stack import EngineSettings, Stack
from heat.engine.stack_lock import EngineAlive, StackLock
from heat.engine.thread_groups import ThreadGroupManager


@dataclasses.dataclass
class EngineRuntime:
    """The engine's templates, global environment, settings, threads and identity."""

    templates: Any
    global_env: Any
    settings: EngineSettings
    threads: ThreadGroupManager
    engine_id: str = ""
    is_alive: EngineAlive = lambda context, engine_id: False
    notifier: Any = None
    # Calls other engines' listeners (an EngineLiveness), once the engine has started.
    listeners: Any = None
    # Sends convergence work items to any engine (a WorkerClient), once the engine started.
    workers: Any = None
    # The stacks convergence traversals' steps share (a TraversalStacks), once started.
    traversal_stacks: Any = None
    # How long an API waits for the answer to a call (``rpc_response_timeout``).
    call_timeout: float = 60
    # Word that a convergence stack's action ended here, for the steps waiting for it.
    action_ends: ActionEnds = dataclasses.field(default_factory=ActionEnds)
    # What resource listings take from each stack's template, kept between calls.
    template_shapes: TemplateShapes = dataclasses.field(default_factory=TemplateShapes)

    def load_stack(self, context: Any, stack_identity: Any, show_deleted: bool = False) -> Stack:
        """The stack an identity names; EntityNotFound when it does not exist for ``context``
        or its name does not match."""
        return self.load_row(context, self.stack_row(context, stack_identity, show_deleted))

    def stack_row(
        self, context: Any, stack_identity: Any, show_deleted: bool = False, eager_load: bool = True
    ) -> Any:
        """The row of the stack an identity names (with its raw template if ``eager_load``);
        EntityNotFound as for :meth:`load_stack`."""
        identity = identifier.HeatIdentifier(**stack_identity)
        row = db_api.stack_get(
            context, identity.stack_id, show_deleted=show_deleted, eager_load=eager_load
        )
        if row is None or (identity.stack_name and row.name != identity.stack_name):
            raise exception.EntityNotFound(entity="Stack", name=identity.stack_name)
        return row

    def load_row(
        self, context: Any, row: Any, template_id: int | None = None, store: Any = None
    ) -> Stack:
        """The stack a ``stack`` row holds (as the template ``template_id`` defines it,
        when given), sharing ``store`` when given."""
        stack = stack_store.load(
            context,
            self.templates,
            self.global_env,
            self.settings,
            row=row,
            store=store,
            template_id=template_id,
        )
        stack.notifier = self.notifier
        stack.runtime = self
        return stack

    def parent_resource_of(self, stack: Stack) -> Any:
        """The resource of the parent stack that the nested ``stack`` implements; None
        when the parent or its resource is gone."""
        row = db_api.stack_get(stack.context, stack.state_data.owner_id or "", eager_load=False)
        if row is None:
            return None
        parent = self.load_row(stack.context, row)
        return parent.resources.get(stack.state_data.parent_resource_name or "")

    def lock(self, context: Any, stack: Stack) -> StackLock:
        """The lock of ``stack`` for this engine."""
        return StackLock(context, stack.id, stack.name, self.engine_id, self.is_alive)

    def start_action(
        self, context: Any, stack: Stack, action: str, function: Any, announce: bool = True
    ) -> None:
        """Take the stack lock, write ``action`` IN_PROGRESS (when ``announce``), then run
        ``function(stack, messages)`` in a thread that releases the lock at its end and
        fails the stack if it dies with the stack IN_PROGRESS."""
        stack.notifier = self.notifier
        if action != states.DELETE:
            stack_credentials.use_stored_context(stack)
        lock = self.lock(context, stack)
        lock.acquire(action)
        try:
            if announce:
                reason = "Stack %s started" % action
                stack_store.write_state(stack, action, states.IN_PROGRESS, reason)
        except Exception:
            lock.release()
            raise
        work = action_guard.guarded(action, function, lambda row: self.load_row(context, row))
        self.threads.start_with_lock(lock, work, stack, self.threads.messages(stack.id))
