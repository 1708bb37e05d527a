"""OS::Heat::Value: exposes its value property as an attribute, typed by ``type``."""

import pytest

from heat.common import exception
from heat.engine import resource_states as states
from heat.engine.resources.openstack.heat import value as plugin


def resource(**properties):
    return {"holder": {"type": "OS::Heat::Value", "properties": properties}}


def test_the_type_is_mapped_to_the_class():
    assert plugin.resource_mapping() == {"OS::Heat::Value": plugin.Value}


def test_the_attribute_is_the_value(engine):
    stack = engine.create(resource(value={"a": [1, 2]}))
    assert stack["holder"].state == (states.CREATE, states.COMPLETE)
    assert stack["holder"].FnGetAtt("value") == {"a": [1, 2]}


def test_get_attr_selects_inside_the_value(engine):
    outputs = {"second": {"value": {"get_attr": ["holder", "value", "a", 1]}}}
    stack = engine.create(resource(value={"a": [1, 2]}), outputs=outputs)
    assert stack.output("second") == (2, None)


def test_the_value_is_required(engine):
    with pytest.raises(exception.StackValidationFailed, match="Property value not assigned"):
        engine.stack(resource(type="string")).validate()


def test_a_value_not_of_the_type_fails_validation(engine):
    with pytest.raises(exception.StackValidationFailed, match="abc"):
        engine.stack(resource(value="abc", type="number")).validate()


def test_a_list_is_not_json(engine):
    with pytest.raises(exception.StackValidationFailed, match="is not a map"):
        engine.stack(resource(value=[1], type="json")).validate()


def test_the_type_converts_the_property(engine):
    stack = engine.stack(resource(value="true", type="boolean"))
    assert stack["holder"].properties["value"] is True


def test_the_attribute_keeps_the_value_as_given(engine):
    stack = engine.create(resource(value="5", type="number"))
    assert stack["holder"].FnGetAtt("value") == "5"


def test_an_unknown_type_fails_validation(engine):
    with pytest.raises(exception.StackValidationFailed, match="is not an allowed value"):
        engine.stack(resource(value=1, type="integer")).validate()


def test_a_value_from_a_parameter_is_typed_by_a_parameter(engine):
    parameters = {"kind": {"type": "string", "default": "number"}}
    stack = engine.stack(resource(value="7", type={"get_param": "kind"}), parameters=parameters)
    assert stack["holder"].properties["value"] == 7


def test_a_new_value_is_updated_in_place(engine):
    stack = engine.create(resource(value="one"))
    updated = engine.update(stack, resource(value="two", type="string"))
    assert updated.state == (states.UPDATE, states.COMPLETE)
    assert updated["holder"].resource_id == stack["holder"].resource_id
    assert updated["holder"].FnGetAtt("value") == "two"
