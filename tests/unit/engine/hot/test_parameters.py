"""HOT parameter entries: keys and constraints per version, errors, pseudo parameters."""

import pytest

from heat.common import exception
from heat.common.identifier import HeatIdentifier
from heat.engine import constraints, parameters
from heat.engine.hot.parameters import (
    HOTParamSchema,
    HOTParamSchema20170224,
    HOTParamSchema20180302,
    HOTPseudoParameters,
)


def schema_error(schema_class, entry, name="p"):
    with pytest.raises(exception.InvalidSchemaError) as error:
        schema_class.from_dict(name, entry)
    return str(error.value)


@pytest.mark.parametrize(
    "hot_type, schema_type",
    [
        ("string", "String"),
        ("number", "Number"),
        ("comma_delimited_list", "CommaDelimitedList"),
        ("json", "Json"),
        ("boolean", "Boolean"),
    ],
)
def test_hot_types_map_to_schema_types(hot_type, schema_type):
    assert HOTParamSchema.from_dict("p", {"type": hot_type}).type == schema_type


def test_every_key_is_read():
    schema = HOTParamSchema.from_dict(
        "p",
        {
            "type": "string",
            "description": "d",
            "default": "x",
            "label": "L",
            "hidden": "true",
            "immutable": True,
            "constraints": [{"length": {"min": 1, "max": 5}, "description": "len"}],
        },
    )
    assert (schema.description, schema.default, schema.label) == ("d", "x", "L")
    assert schema.hidden is True and schema.immutable is True
    assert schema.constraints == [constraints.Length(1, 5, "len")]


def test_each_constraint_kind_is_built():
    schema = HOTParamSchema.from_dict(
        "p",
        {
            "type": "string",
            "constraints": [
                {"allowed_values": ["a", "b"]},
                {"allowed_pattern": "[ab]"},
                {"custom_constraint": "ip_addr"},
            ],
        },
    )
    assert [c.to_dict() for c in schema.constraints] == [
        {"allowed_values": ["a", "b"]},
        {"allowed_pattern": "[ab]"},
        {"custom_constraint": "ip_addr"},
    ]


def test_range_bounds_may_be_text():
    schema = HOTParamSchema.from_dict(
        "n", {"type": "number", "constraints": [{"range": {"min": "1"}}]}
    )
    assert schema.constraints == [constraints.Range(min=1)]


def test_an_unknown_key_names_the_parameter():
    assert schema_error(HOTParamSchema, {"type": "string", "colour": 1}) == (
        "Invalid key 'colour' for parameter (p)"
    )


def test_the_type_is_required():
    assert schema_error(HOTParamSchema, {"default": 1}) == (
        "Missing parameter type for parameter: p"
    )


def test_an_unknown_type_names_the_parameter():
    assert schema_error(HOTParamSchema, {"type": "String"}) == (
        "Parameter 'p' is invalid: Invalid type (String)"
    )


def test_a_parameter_entry_must_be_a_mapping():
    assert schema_error(HOTParamSchema, "string") == "Invalid parameter (p), expected a mapping"


def test_constraints_must_be_a_list():
    message = schema_error(HOTParamSchema, {"type": "string", "constraints": {"length": {}}})
    assert "Invalid parameter constraints for parameter p, expected a list" in message


def test_a_constraint_needs_a_known_kind():
    message = schema_error(
        HOTParamSchema, {"type": "string", "constraints": [{"description": "x"}]}
    )
    assert message == "Parameter 'p' is invalid: No constraint expressed"


def test_constraint_definitions_are_checked():
    entry = {"type": "number", "constraints": [{"range": {"low": 1}}]}
    assert "Invalid key 'low' for range constraint" in schema_error(HOTParamSchema, entry)


def test_modulo_is_refused_before_2017_02_24():
    entry = {"type": "number", "constraints": [{"modulo": {"step": 2, "offset": 1}}]}
    assert "Invalid key 'modulo' for parameter constraints" in schema_error(HOTParamSchema, entry)
    schema = HOTParamSchema20170224.from_dict("n", entry)
    assert schema.constraints == [constraints.Modulo(2, 1)]


def test_tags_are_refused_before_2018_03_02():
    entry = {"type": "string", "tags": ["a"]}
    assert "Invalid key 'tags'" in schema_error(HOTParamSchema20170224, entry)
    assert HOTParamSchema20180302.from_dict("p", entry).tags == ["a"]


def test_tags_must_be_a_list():
    message = schema_error(HOTParamSchema20180302, {"type": "string", "tags": "a"})
    assert message == "Tags property should be a list for parameter: p"


def test_hidden_must_be_a_boolean():
    message = schema_error(HOTParamSchema, {"type": "string", "hidden": "sometimes"})
    assert "Invalid hidden value 'sometimes' for parameter: p" in message


def pseudo(identifier):
    return parameters.Parameters(identifier, {}, pseudo=HOTPseudoParameters())


def test_pseudo_parameters_describe_the_stack():
    values = pseudo(HeatIdentifier("tenant1", "web", "abc-123"))
    assert dict(values) == {
        "OS::stack_id": "abc-123",
        "OS::stack_name": "web",
        "OS::project_id": "tenant1",
    }


def test_before_the_stack_has_an_id_the_stack_id_is_none_text():
    values = pseudo({"tenant": "t", "stack_name": "web", "stack_id": None})
    assert values["OS::stack_id"] == "None"
    assert values.set_stack_id(HeatIdentifier("t", "web", "abc")) is True
    assert values["OS::stack_id"] == "abc"


def test_pseudo_parameters_are_not_template_parameters():
    values = parameters.Parameters(
        HeatIdentifier("t", "web", "1"),
        {"a": HOTParamSchema.from_dict("a", {"type": "string", "default": "x"})},
        pseudo=HOTPseudoParameters(),
    )
    assert values.non_pseudo_param_keys == ["a"]
    values.validate()
