"""The resource store's buffer: a write that fails keeps what it was to write."""

import types

import pytest
from oslo_utils import uuidutils

from heat.db import api as db_api
from heat.engine.resource_store import ResourceStore


def test_changes_whose_write_failed_are_written_by_the_next_flush(conf, context):
    # An event of a stack whose row is not stored yet breaks the write (foreign key).
    stack = types.SimpleNamespace(id=uuidutils.generate_uuid(), name="late")
    store = ResourceStore(context)
    store.record_stack_event(stack, "CREATE", "IN_PROGRESS", "Stack CREATE started")
    with pytest.raises(Exception):  # noqa: B017, PT011 - the backend's integrity error
        store.flush()
    template = db_api.raw_template_create(context, {"template": {}})
    db_api.stack_create(
        context,
        {
            "id": stack.id,
            "name": stack.name,
            "raw_template_id": template.id,
            "tenant": "p",
            "disable_rollback": True,
        },
    )
    store.flush()
    events = db_api.event_get_all_by_stack(context, stack.id)
    assert [event.resource_status_reason for event in events] == ["Stack CREATE started"]
