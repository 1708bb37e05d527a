"""Two engines on one database and transport: the one that holds a stack's lock is
asked, over its listener topic, to stop or cancel the action it runs."""

import time

import pytest

from heat.engine import environment
from heat.engine.service import EngineService
from heat.engine.template import TemplateRegistry
from tests.unit.engine.stacks.conftest import hot, wait_for
from tests.unit.engine.stacks.plugins import PLUGINS

pytestmark = pytest.mark.usefixtures("legacy_engine")

SLOW = hot({"a": {"type": "Test::Thing", "properties": {"polls": 100000}}})


@pytest.fixture
def other_engine(conf):
    global_env = environment.global_environment(conf, plugin_classes=PLUGINS)
    service = EngineService(conf, TemplateRegistry.from_entry_points(), global_env)
    service.start()
    yield service
    service.stop()


def running(engine, context):
    identity = engine.create_stack(context, "web", SLOW, {}, {}, {})
    time.sleep(0.1)
    return identity


def test_deleting_on_another_engine_stops_the_running_create(engine, other_engine, context):
    identity = running(engine, context)
    other_engine.delete_stack(context, identity)
    wait_for(engine, context, identity)
    wait_for(other_engine, context, identity)
    assert engine.list_stacks(context) == []


def test_cancel_through_another_engine(engine, other_engine, context):
    identity = running(engine, context)
    other_engine.stack_cancel_update(context, identity, cancel_with_rollback=False)
    stack = wait_for(engine, context, identity)
    assert (stack["stack_status"], stack["stack_status_reason"]) == (
        "FAILED",
        "Stack CREATE cancelled",
    )
