"""A signal handled by one engine completes a wait condition another engine waits on.

Two in-process engines share a database (and Keystone): engine A runs the create that
waits, engine B loads the stack on its own and handles the signal. Nothing passes between
them but the database, where the handle's metadata is merged and read afresh.
"""

import json
import time
import uuid

import pytest

from heat.common import template_format
from tests.functional.aws.native import template
from tests.functional.keystone_engine import start_engine, wait_for


@pytest.fixture
def other_engine(keystone_engine, engine_conf):
    """A second engine on the same database and transport."""
    service = start_engine(engine_conf)
    yield service
    service.stop()


def _handle_created(engine, context, identity, name: str = "handle") -> None:
    deadline = time.monotonic() + 60
    while True:
        resource = engine.describe_stack_resource(context, identity, name, with_attr=False)
        status = (resource["resource_action"], resource["resource_status"])
        if status == ("CREATE", "COMPLETE"):
            return
        assert status[1] != "FAILED", resource["resource_status_reason"]
        assert time.monotonic() < deadline, status
        time.sleep(0.2)


def _create(engine, context, template_name: str, parameters: dict) -> dict:
    name = "engines-%s" % uuid.uuid4().hex[:8]
    body = template_format.parse(template(template_name))
    environment = {"parameters": parameters}
    return engine.create_stack(context, name, body, environment, {}, {"disable_rollback": True})


def test_signal_on_another_engine_completes_the_wait(keystone_engine, other_engine, demo_context):
    identity = _create(keystone_engine, demo_context, "native_wait.yaml", {"count": 2})
    _handle_created(keystone_engine, demo_context, identity)
    for number in ("1", "2"):
        signal = {"id": number, "data": "from B"}
        other_engine.resource_signal(demo_context, identity, "handle", signal)
    stack = wait_for(keystone_engine, demo_context, identity)
    assert (stack["stack_action"], stack["stack_status"]) == ("CREATE", "COMPLETE")
    outputs = {output["output_key"]: output["output_value"] for output in stack["outputs"]}
    assert json.loads(outputs["data"]) == {"1": "from B", "2": "from B"}
    keystone_engine.delete_stack(demo_context, identity)
    wait_for(keystone_engine, demo_context, identity)


def test_sync_signal_on_another_engine_answers_the_metadata(
    keystone_engine, other_engine, demo_context
):
    identity = _create(keystone_engine, demo_context, "aws_wait.yaml", {})
    _handle_created(keystone_engine, demo_context, identity)
    signal = {"Status": "SUCCESS", "Reason": "ok", "UniqueId": "b", "Data": "d"}
    metadata = other_engine.resource_signal(
        demo_context, identity, "handle", signal, sync_call=True
    )
    assert metadata == {"b": {"Status": "SUCCESS", "Reason": "ok", "Data": "d"}}
    stack = wait_for(keystone_engine, demo_context, identity)
    assert (stack["stack_action"], stack["stack_status"]) == ("CREATE", "COMPLETE")
    keystone_engine.delete_stack(demo_context, identity)
    wait_for(keystone_engine, demo_context, identity)
