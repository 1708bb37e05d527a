"""OS::Heat::None: accepts anything, does nothing, every attribute is None."""

import uuid

from heat.engine import resource_states as states
from heat.engine import stack_actions
from heat.engine.resources.openstack.heat import none_resource

STUB = {"type": "OS::Heat::None", "properties": {"flavor": "m1.small", "count": [1, 2]}}


def test_the_type_is_mapped_to_the_class():
    assert none_resource.resource_mapping() == {"OS::Heat::None": none_resource.NoneResource}


def test_any_properties_are_accepted(engine):
    stack = engine.stack({"stub": STUB})
    stack.validate()


def test_properties_are_ignored(engine):
    stack = engine.stack({"stub": STUB})
    assert dict(stack["stub"].properties) == {}


def test_create_gives_a_uuid_physical_id(engine):
    stack = engine.create({"stub": STUB})
    stub = stack["stub"]
    assert stub.state == (states.CREATE, states.COMPLETE)
    assert str(uuid.UUID(stub.resource_id)) == stub.resource_id


def test_create_marks_the_resource_as_a_placeholder(engine):
    stack = engine.create({"stub": STUB})
    assert stack["stub"].data() == {"is_placeholder": "True"}


def test_any_attribute_is_none(engine):
    stack = engine.create({"stub": STUB})
    assert stack["stub"].FnGetAtt("addresses", "private") is None


def test_get_attr_of_any_name_gives_none(engine):
    outputs = {"first_ip": {"value": {"get_attr": ["stub", "first_address"]}}}
    stack = engine.create({"stub": STUB}, outputs=outputs)
    assert stack.output("first_ip") == (None, None)


def test_a_property_change_keeps_the_resource(engine):
    stack = engine.create({"stub": STUB})
    changed = {"type": "OS::Heat::None", "properties": {"flavor": "m1.large"}}
    updated = engine.update(stack, {"stub": changed})
    assert updated.state == (states.UPDATE, states.COMPLETE)
    assert updated["stub"].resource_id == stack["stub"].resource_id


def test_delete_completes(engine):
    stack = engine.reload(engine.create({"stub": STUB}))
    stack_actions.delete(stack)
    assert stack.state == (states.DELETE, states.COMPLETE)
    assert stack["stub"].state == (states.DELETE, states.COMPLETE)
