"""The stacks the steps of a traversal act on, loaded once per traversal and engine.

Loading a stack parses its template, makes an object for each resource and reads every
row: when each step loaded its own, a traversal cost the square of the stack's size. On
one engine, the steps of a traversal share one stack object (and, for an update, one of
the definition it started from), as the resources of a legacy walk share theirs. Before
a step runs, the rows of its resource and of the resources it requires are read again,
since another engine may have acted on them: by id for a create or a delete, by name for
an update, where a replacement makes a new row current.
"""

import collections
import threading
from collections.abc import Sequence
from typing import Any

from heat.common import exception
from heat.db import api as db_api
from heat.engine import resource_states as states
from heat.engine import resource_store, stack_credentials, stack_update
from heat.engine.convergence import graph as traversal_graph
from heat.engine.convergence import traversal
from heat.engine.convergence.graph import Node
from heat.engine.group_commit import GroupCommit
from heat.engine.resource_store import apply_row

# How many traversals an engine keeps stacks of; the least recently used go first.
KEPT_TRAVERSALS = 16


class Shared:
    """What the steps of one traversal share on an engine: the stack, the definition an
    update started from (``previous``, its resources with their stored properties), the
    traversal's graph and the details stored beside it."""

    def __init__(self, runtime: Any, context: Any, row: Any):
        self.details: dict[str, Any] = dict(row.current_deps or {})
        self.graph = traversal_graph.from_stored(self.details)
        self.stack = _loaded(runtime, context, row)
        self.previous: Any = None
        if traversal.FROM_TEMPLATE in self.details:
            self.previous = runtime.load_row(
                context,
                row,
                template_id=self.details[traversal.FROM_TEMPLATE],
                store=self.stack.store,
            )
            stack_update.use_stored_properties(self.previous)
            self.stack.converge = bool(self.details.get(traversal.CONVERGE))
        self._by_row = {resource.id: resource for resource in self.stack.resources.values()}
        self._dependencies = self.stack.dependencies()
        # Steps that start at about the same time read their rows again in one query.
        self._reads = GroupCommit(self._refresh)

    def stack_for(self, context: Any, node: Node) -> tuple[Any, Any]:
        """The stack for the step ``node``, its resource's rows read again; and, in an
        update, the step's own row (None when it is gone)."""
        if self.previous is not None:
            return self.stack, self._refresh_by_name(context, node)
        resource = self._by_row.get(node.resource_id)
        if resource is not None:
            self._reads.submit((context, resource))
        return self.stack, None

    def _required(self, name: str) -> list[str]:
        if name not in self.stack.resources:
            return []
        return [name, *self._dependencies.requires(name)]

    def _refresh(self, asked: Sequence[tuple[Any, Any]]) -> list[None]:
        """Read again the rows of the resources ``asked`` for (with a context each) and of
        those they require; a resource whose row is gone is left without an id."""
        names = {name for _, resource in asked for name in self._required(resource.name)}
        resources = [self.stack.resources[name] for name in sorted(names)]
        ids = [each.id for each in resources if each.id is not None]
        rows = {row.id: row for row in db_api.resource_get_many(asked[0][0], ids)}
        for each in resources:
            row = rows.get(each.id)
            if row is not None:
                apply_row(each, row)
        for _, resource in asked:
            if resource.id not in rows:  # deleted: the step finds nothing to do
                self._by_row.pop(resource.id, None)
                resource.id = None
        return [None] * len(asked)

    def _refresh_by_name(self, context: Any, node: Node) -> Any:
        try:
            row = db_api.resource_get(context, node.resource_id)
        except exception.NotFound:
            return None  # the step finds nothing to do
        name = row.name or ""
        if node.is_update:
            names = self._required(name)
            current = db_api.resource_states_by_stack(context, self.stack.id, names)
            for each, each_row in current.items():
                apply_row(self.stack.resources[each], each_row)
            old_row = current.get(name)
        else:
            old_row = row if row.replaced_by is None else None
        old = self.previous.resources.get(name)
        if old is not None and old_row is not None:
            apply_row(old, old_row)
            resource_store.use_stored_properties(self.stack.store, [old])
        return row


def _loaded(runtime: Any, context: Any, row: Any) -> Any:
    stack = runtime.load_row(context, row)
    if stack.action != states.DELETE:
        stack_credentials.use_stored_context(stack)
    return stack


class TraversalStacks:
    """The :class:`Shared` of the traversals an engine runs steps of."""

    def __init__(self, kept: int = KEPT_TRAVERSALS):
        self._kept = kept
        self._guard = threading.Lock()
        self._entries: collections.OrderedDict[tuple[str, str], _Entry] = collections.OrderedDict()

    def get(self, runtime: Any, context: Any, stack_id: str, traversal_id: str) -> Shared | None:
        """What the steps of the stack's traversal share, loaded by the first step to ask
        (the others wait for it); None once the traversal is no longer the stack's."""
        key = (stack_id, traversal_id)
        with self._guard:
            entry = self._entries.get(key)
            if entry is None:
                entry = self._entries[key] = _Entry()
                while len(self._entries) > self._kept:
                    self._entries.popitem(last=False)
            self._entries.move_to_end(key)
        with entry.lock:
            if entry.shared is None:
                row = db_api.stack_get(context, stack_id, eager_load=False, with_graph=True)
                if row is None or row.current_traversal != traversal_id:
                    return None
                entry.shared = Shared(runtime, context, row)
            return entry.shared

    def forget(self, stack_id: str) -> None:
        """Drop what the stack's traversals shared (the traversal ended)."""
        with self._guard:
            for key in [key for key in self._entries if key[0] == stack_id]:
                del self._entries[key]


class _Entry:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.shared: Shared | None = None
