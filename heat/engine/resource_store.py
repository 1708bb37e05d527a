"""Persistence of one stack's resources: rows, states, events, data and metadata.

State changes and their events are buffered and written by :meth:`ResourceStore.flush`
in one transaction; the stack action flushes whenever it waits and when it ends. What
must never be lost (physical ids, resource data) is written at once, after the buffer.
"""

import dataclasses
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from oslo_utils import timeutils, uuidutils

from heat.common import exception
from heat.db import api as db_api
from heat.engine import resource_states as states
from heat.engine import state_log
from heat.engine.group_commit import GroupCommit
from heat.engine.rsrc_defn import ResourceDefinition

# Beyond this many buffered changes the store writes without waiting for a pause.
_MAX_BUFFERED = 2000
# How many times a metadata merge is tried against concurrent writers before giving up.


@dataclasses.dataclass(frozen=True)
class EventLimits:
    """How many events a stack keeps, and how many are purged at a time beyond that."""

    max_events_per_stack: int = 1000
    event_purge_batch_size: int = 200


class ResourceStore:
    """Reads and writes the rows of one stack's resources for the engine."""

    def __init__(self, context: Any, limits: EventLimits = EventLimits()):
        self.context = context
        self.limits = limits
        # Buffered changes, each with the resource to tell its properties data id.
        self._pending: list[tuple[db_api.JournalEntry, Any]] = []
        # Data items buffered but not yet written, by resource id, for reads meanwhile.
        self._pending_data: dict[int, dict[str, str]] = {}
        # The steps of a convergence traversal may share a store across threads: the
        # buffer is guarded, and a flush waits until one in progress has written.
        self._guard = threading.Lock()
        self._writing = threading.Lock()
        # The reports of steps done at about the same time share one write.
        self._reports = GroupCommit(self._write)

    # -- rows -------------------------------------------------------------------------

    def create_rows(self, stack: Any, resources: Iterable[Any]) -> None:
        """Insert a row for each resource that has none yet (state INIT_COMPLETE)."""
        new = [resource for resource in resources if resource.id is None]
        if not new:
            return
        rows = db_api.resource_create_many(
            self.context, [self._new_row_values(stack, resource) for resource in new]
        )
        for resource, row in zip(new, rows, strict=True):
            apply_row(resource, row)

    def _new_row_values(self, stack: Any, resource: Any) -> dict[str, Any]:
        return {
            "uuid": uuidutils.generate_uuid(),
            "name": resource.name,
            "stack_id": stack.id,
            "root_stack_id": stack.root_stack_id,
            "action": resource.action,
            "status": resource.status,
            "status_reason": resource.status_reason,
            "current_template_id": stack.t.id,
            "rsrc_metadata": None,
            "requires": list(resource.requires),
            "created_at": timeutils.utcnow(),
        }

    def rows_of(self, stack_id: str) -> Mapping[str, Any]:
        """The stored state of a stack's resources by name (rows for ``apply_row``)."""
        return db_api.resource_states_by_stack(self.context, stack_id)

    def replaced_rows(self, stack_id: str) -> list[Any]:
        """The rows of the stack's replaced copies (kept until clean-up, or a rollback)."""
        return db_api.resource_get_replaced_by_stack(self.context, stack_id)

    def create_replacement_row(self, stack: Any, current: Any, replacement: Any) -> None:
        """Insert ``replacement``'s row as the current one of its name, ``current``'s
        its replaced copy (in one transaction)."""
        self.flush()
        values = self._new_row_values(stack, replacement)
        apply_row(replacement, db_api.resource_create_replacing(self.context, current.id, values))

    def exchange_rows(self, current: Any, replacement: Any) -> None:
        """Make ``replacement``'s row the current one of its name, ``current``'s its
        replaced copy."""
        self.flush()
        db_api.resource_exchange(self.context, current.id, replacement.id)

    def stored_properties(self, resources: Iterable[Any]) -> dict[int, dict[str, Any]]:
        """The resolved properties each resource stored at its last action, by data id."""
        ids = [resource.properties_data_id for resource in resources]
        return db_api.resource_prop_data_get_many(self.context, [i for i in ids if i])

    def delete_row(self, resource: Any) -> None:
        """Remove a resource's row (after delete, or when a replacement takes over)."""
        self.flush()
        if resource.id is not None:
            db_api.resource_delete(self.context, resource.id)
            resource.id = None

    # -- states and events -------------------------------------------------------------

    def record_state(
        self, resource: Any, action: str, status: str, reason: str, properties: Any = None
    ) -> None:
        """Buffer a resource state change and its event; ``properties`` (resolved) are stored
        with both when given."""
        states.check_transition(resource.state, action, status)
        state_log.resource_state(resource, action, status, reason)
        now = timeutils.utcnow()
        resource.action, resource.status, resource.status_reason = action, status, reason
        values: dict[str, Any] = {
            "action": action,
            "status": status,
            "status_reason": reason,
            "nova_instance": resource.resource_id,
            "requires": list(resource.requires),
            "updated_at": now,
        }
        if resource.created_time is None:
            resource.created_time = now
            values["created_at"] = now
        else:
            resource.updated_time = now
        self._buffer(
            db_api.JournalEntry(
                resource.id,
                values,
                self._event_values(resource.stack, resource, action, status, reason, now),
                properties,
            ),
            resource,
        )

    def record_note(self, resource: Any, action: str | None, reason: str) -> None:
        """Buffer an event about the resource that does not change its state (a hook it
        waits on, a signal it got); ``action`` defaults to its current one."""
        event = self._event_values(
            resource.stack,
            resource,
            action or resource.action,
            resource.status,
            reason,
            timeutils.utcnow(),
        )
        self._buffer(db_api.JournalEntry(None, None, event))

    def record_stack_event(
        self,
        stack: Any,
        action: str,
        status: str,
        reason: str,
        stack_values: Mapping[str, Any] | None = None,
    ) -> None:
        """Buffer an event of the stack itself (its resource name is the stack's name), and
        the new ``stack_values`` of its row when given."""
        event = self._event_values(stack, None, action, status, reason, timeutils.utcnow())
        self._buffer(db_api.JournalEntry(None, None, event, stack_values=stack_values))

    def _event_values(self, stack, resource, action, status, reason, now) -> dict[str, Any]:
        if resource is None:
            name, physical_id, resource_type = stack.name, stack.id, "OS::Heat::Stack"
        else:
            name, physical_id = resource.name, resource.resource_id or ""
            resource_type = resource.type()
        return {
            "uuid": uuidutils.generate_uuid(),
            "stack_id": stack.id,
            "resource_action": action,
            "resource_status": status,
            "resource_name": name,
            "physical_resource_id": physical_id,
            "resource_status_reason": (reason or "")[:255],
            "resource_type": resource_type,
            "rsrc_prop_data_id": None if resource is None else resource.properties_data_id,
            "created_at": now,
            "updated_at": now,
        }

    def _buffer(self, entry: db_api.JournalEntry, owner: Any = None) -> None:
        with self._guard:
            self._pending.append((entry, owner))
            for key, value, _redact in entry.data:
                self._pending_data.setdefault(entry.resource_id or 0, {})[key] = value
            full = len(self._pending) >= _MAX_BUFFERED
        if full:
            self.flush()

    def flush(self, report: db_api.StepReport | None = None) -> Any:
        """Write every buffered change in one transaction (once what a flush in progress
        took is written, so that whatever was buffered before is stored on return); with
        a convergence step's ``report``, written in the same transaction (with those of
        other steps reporting at about the same time): what it returns. Changes whose
        write failed stay buffered for the next flush."""
        if report is not None:
            return self._reports.submit(report)
        self._write([])
        return None

    def _write(self, reports: Sequence[db_api.StepReport]) -> list[Any]:
        with self._writing:
            with self._guard:
                pending, self._pending = self._pending, []
                self._pending_data = {}
            if not pending and not reports:
                return []
            try:
                reached = db_api.journal_write(
                    self.context,
                    [entry for entry, _ in pending],
                    self.limits.max_events_per_stack,
                    self.limits.event_purge_batch_size,
                    reports=reports,
                )
            except BaseException:
                self._restore(pending)
                raise
        for entry, owner in pending:
            if owner is not None and entry.properties_data_id is not None:
                owner.properties_data_id = entry.properties_data_id
        return reached

    def _restore(self, pending: list[tuple[db_api.JournalEntry, Any]]) -> None:
        """Put changes whose write failed back before those buffered since."""
        with self._guard:
            self._pending[:0] = pending
            for entry, _ in reversed(pending):
                for key, value, _redact in entry.data:
                    items = self._pending_data.setdefault(entry.resource_id or 0, {})
                    items.setdefault(key, value)

    # -- values written at once ----------------------------------------------------------

    def resource_id_set(self, resource: Any) -> None:
        """Store the physical id: at once when it names something outside Heat (the
        resource's ``durable_writes``), else with the next batch."""
        values = {"nova_instance": resource.resource_id}
        if not resource.durable_writes:
            self._buffer(db_api.JournalEntry(resource.id, values, None))
            return
        self.flush()
        db_api.resource_update(self.context, resource.id, values)

    def resource_metadata_set(self, resource: Any, metadata: Mapping[str, Any]) -> None:
        """Store the metadata now."""
        self.flush()
        db_api.resource_update(self.context, resource.id, {"rsrc_metadata": dict(metadata)})

    def resource_metadata(self, resource: Any) -> dict[str, Any] | None:
        """The metadata stored now (None when none was), read afresh."""
        stored = db_api.resource_get(self.context, resource.id).rsrc_metadata
        return None if stored is None else dict(stored)

    def resource_metadata_merge(
        self, resource: Any, merge: Callable[[dict[str, Any] | None], dict[str, Any]]
    ) -> dict[str, Any]:
        """Store ``merge(stored metadata)`` with a compare-and-swap on the row's atomic key,
        merging again while other writers win; the metadata written. ResourceNotAvailable
        when the resource is being deleted."""
        self.flush()

        def merged(row: Any) -> dict[str, Any]:
            if row.action == states.DELETE:
                raise exception.ResourceNotAvailable(resource_name=resource.name)
            return dict(merge(None if row.rsrc_metadata is None else dict(row.rsrc_metadata)))

        written = db_api.resource_metadata_merge(self.context, resource.id, merged, resource.name)
        assert written is not None
        return written

    def resource_data(self, resource: Any) -> dict[str, str]:
        """The resource's data (empty before it has a row)."""
        if resource.id is None:
            return {}
        stored = db_api.resource_data_get_all(self.context, resource.id)
        stored.update(self._pending_data.get(resource.id, {}))
        return stored

    def resource_data_set(self, resource: Any, key: str, value: str, redact: bool) -> None:
        """Store one data item (at once or batched, as for the physical id)."""
        if not resource.durable_writes:
            self._buffer(db_api.JournalEntry(resource.id, None, None, data=[(key, value, redact)]))
            return
        self.flush()
        db_api.resource_data_set(self.context, resource.id, key, value, redact)

    def resource_data_delete(self, resource: Any, key: str) -> bool:
        """Forget one data item; whether it existed."""
        self.flush()
        try:
            db_api.resource_data_delete(self.context, resource.id, key)
        except exception.NotFound:
            return False
        return True


def apply_row(resource: Any, row: Any) -> None:
    """Give ``resource`` the state its stored ``row`` records."""
    resource.id = row.id
    resource.uuid = row.uuid
    resource.action = row.action or states.INIT
    resource.status = row.status or states.COMPLETE
    resource.status_reason = row.status_reason or ""
    resource.resource_id = row.nova_instance
    resource.created_time = row.created_at
    resource.updated_time = row.updated_at if row.updated_at != row.created_at else None
    resource.requires = list(row.requires or [])
    resource.properties_data_id = row.rsrc_prop_data_id
    resource._data = None
    if row.rsrc_metadata is not None:
        resource._metadata = dict(row.rsrc_metadata)


def use_stored_properties(store: ResourceStore, resources: Iterable[Any]) -> None:
    """Give resources the properties they stored at their last action: what an update
    compares new values with, and what deleting a replaced copy must act on (not the
    template's new values, which belong to its replacement)."""
    resources = list(resources)
    stored = store.stored_properties(resources)
    for resource in resources:
        values = stored.get(resource.properties_data_id or 0)
        if values is not None:
            definition = ResourceDefinition(resource.name, resource.type(), properties=values)
            resource.properties = resource.make_properties(definition)
