"""Change sets on the engine: executed only while the stack would be updated exactly as
previewed."""

import json

import pytest
import sqlalchemy as sa

from heat.common import exception
from heat.db import api as db_api
from heat.db.sqlalchemy import models
from tests.unit.engine.stacks.conftest import create, hot, wait_for

pytestmark = pytest.mark.usefixtures("both_engines")

BEFORE = hot({"a": {"type": "Test::Thing", "properties": {"value": "one"}}})
AFTER = hot({"a": {"type": "Test::Thing", "properties": {"value": "two"}}})


def test_a_resource_changed_since_the_preview_makes_the_change_set_obsolete(engine, context):
    identity, _ = create(engine, context, BEFORE)
    made = engine.create_change_set(context, identity, "cs", AFTER, {}, {}, {})
    assert made["execution_status"] == "AVAILABLE"
    # Same template, but the resource is now to be replaced, not updated in place.
    engine.resource_mark_unhealthy(context, identity, "a", True, "broken")
    with pytest.raises(exception.InvalidChangeSetStatus, match="resources changed since"):
        engine.execute_change_set(context, identity, "cs")
    assert engine.show_change_set(context, identity, "cs")["execution_status"] == "OBSOLETE"


def test_an_executed_change_set_updates_the_stack_and_cannot_be_executed_again(engine, context):
    identity, _ = create(engine, context, BEFORE)
    made = engine.create_change_set(context, identity, "cs", AFTER, {}, {}, {})
    [planned] = engine.show_change_set(context, None, made["id"])["changes"]["updated"]
    assert planned["changes"]["properties"][0]["new"] == "two"
    engine.execute_change_set(context, identity, "cs")
    stack = wait_for(engine, context, identity)
    assert (stack["stack_action"], stack["stack_status"]) == ("UPDATE", "COMPLETE")
    assert engine.show_change_set(context, identity, "cs")["execution_status"] == (
        "EXECUTE_COMPLETE"
    )
    with pytest.raises(exception.InvalidChangeSetStatus):
        engine.execute_change_set(context, identity, "cs")
    engine.delete_change_set(context, identity, "cs")
    with pytest.raises(exception.ChangeSetNotFound):
        engine.show_change_set(context, identity, "cs")


def test_a_kept_update_keeps_its_parameters_encrypted_and_runs_with_them(conf, engine, context):
    conf.set_override("encrypt_parameters_and_properties", True)
    db_api.configure(conf)
    template = hot(
        {"a": {"type": "Test::Thing", "properties": {"value": {"get_param": "secret"}}}},
        parameters={"secret": {"type": "string", "hidden": True}},
    )
    identity, _ = create(engine, context, template, params={"parameters": {"secret": "old"}})
    secret = "correct horse battery staple"
    made = engine.create_change_set(
        context, identity, "cs", template, {"parameters": {"secret": secret}}, {}, {}
    )
    with db_api.get_engine().connect() as connection:
        stored = connection.scalar(
            sa.select(models.ChangeSet.request).where(models.ChangeSet.id == made["id"])
        )
    assert secret not in json.dumps(stored)
    [planned] = engine.show_change_set(context, identity, "cs")["changes"]["updated"]
    assert planned["changes"]["properties"][0]["new"] == "******"
    engine.execute_change_set(context, identity, "cs")
    wait_for(engine, context, identity)
    stack = engine.runtime.load_stack(context, identity)
    assert stack.resources["a"].properties["value"] == secret
