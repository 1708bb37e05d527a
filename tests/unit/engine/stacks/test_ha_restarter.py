"""OS::Heat::HARestarter: hidden since OpenStack Heat 10.0.0, a placeholder that does nothing."""

import pytest

from heat.common import exception
from tests.unit.engine.stacks.conftest import create, hot

TEMPLATE = hot(
    {"restarter": {"type": "OS::Heat::HARestarter", "properties": {"InstanceId": "abc"}}},
    outputs={"url": {"value": {"get_attr": ["restarter", "AlarmUrl"]}}},
)


def test_stacks_holding_one_still_work(engine, context):
    identity, stack = create(engine, context, TEMPLATE)
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert stack["outputs"][0].get("output_value") is None
    engine.delete_stack(context, identity)


def test_it_is_hidden_from_listings_and_schemas(engine, context):
    listed = engine.list_resource_types(context)
    assert "OS::Heat::AutoScalingGroup" in listed
    assert "OS::Heat::HARestarter" not in listed
    with pytest.raises(exception.NotSupported):
        engine.resource_schema(context, "OS::Heat::HARestarter")
