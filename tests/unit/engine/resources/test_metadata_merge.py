"""Resource metadata read afresh and merged atomically, as signals from any engine need."""

import pytest

from heat.common import exception
from heat.engine import resource_states as states

RESOURCE = {"thing": {"type": "OS::Heat::TestResource", "metadata": {"from": "template"}}}


def add(key, value):
    return lambda stored: {**stored, key: value}


def test_merge_starts_from_the_template_metadata(engine):
    stack = engine.create(RESOURCE)
    stack["thing"].metadata_merge(add("1", "a"))
    assert engine.reload(stack)["thing"].metadata_get() == {"from": "template", "1": "a"}


def test_refresh_reads_what_another_engine_merged(engine):
    stack = engine.create(RESOURCE)
    waiting = engine.reload(stack)["thing"]
    assert waiting.metadata_get() == {"from": "template"}
    stack["thing"].metadata_merge(add("1", "a"))
    assert waiting.metadata_get() == {"from": "template"}
    assert waiting.metadata_get(refresh=True) == {"from": "template", "1": "a"}


def test_merge_is_redone_when_another_writer_wins(engine):
    stack = engine.create(RESOURCE)
    other = engine.reload(stack)["thing"]
    seen = []

    def merge(stored):
        seen.append(dict(stored))
        if len(seen) == 1:
            other.metadata_merge(add("2", "b"))
        return {**stored, "1": "a"}

    stack["thing"].metadata_merge(merge)
    assert len(seen) == 2
    assert engine.reload(stack)["thing"].metadata_get() == {"from": "template", "1": "a", "2": "b"}


def test_merge_into_a_resource_being_deleted_is_refused(engine):
    stack = engine.create(RESOURCE)
    thing = stack["thing"]
    stack.store.record_state(thing, states.DELETE, states.IN_PROGRESS, "deleting")
    stack.store.flush()
    with pytest.raises(exception.ResourceNotAvailable):
        engine.reload(stack)["thing"].metadata_merge(add("1", "a"))


def test_merge_before_create_is_refused(engine):
    stack = engine.stack(RESOURCE)
    with pytest.raises(exception.ResourceNotAvailable):
        stack["thing"].metadata_merge(add("1", "a"))
