"""The validate API's form of a parameter (api-reference section 1.5)."""

from heat.engine import parameters
from heat.engine.hot.parameters import HOTParamSchema20180302, HOTPseudoParameters
from heat.engine.parameter_format import validate_format

SECTION_1_5_PARAMETERS = {
    "a": {
        "type": "string",
        "default": "x",
        "hidden": True,
        "constraints": [
            {"length": {"min": 1, "max": 5}, "description": "len"},
            {"allowed_values": ["x", "y"]},
        ],
    },
    "n": {
        "type": "number",
        "default": 3,
        "label": "N",
        "constraints": [{"range": {"min": 1}}, {"modulo": {"step": 2, "offset": 1}}],
    },
}


def formatted(entries, user_params=None):
    schemata = {
        name: HOTParamSchema20180302.from_dict(name, entry) for name, entry in entries.items()
    }
    values = parameters.Parameters(None, schemata, user_params, pseudo=HOTPseudoParameters())
    return values.map(validate_format, lambda param: param.name in schemata)


def test_the_reference_example_is_reproduced_exactly():
    assert formatted(SECTION_1_5_PARAMETERS) == {
        "a": {
            "Type": "String",
            "Description": "",
            "NoEcho": "true",
            "Label": "a",
            "Default": "x",
            "MinLength": 1,
            "MaxLength": 5,
            "AllowedValues": ["x", "y"],
            "ConstraintDescription": "len",
        },
        "n": {
            "Type": "Number",
            "Description": "",
            "NoEcho": "false",
            "Label": "N",
            "Default": 3,
            "MinValue": 1,
            "Step": 2,
            "Offset": 1,
        },
    }


def test_a_given_value_pattern_custom_constraint_and_tags_are_shown():
    entry = {
        "type": "string",
        "description": "the address",
        "tags": ["net"],
        "constraints": [
            {"allowed_pattern": "[0-9.]+", "description": "digits"},
            {"custom_constraint": "ip_addr", "description": "an address"},
        ],
    }
    assert formatted({"ip": entry}, {"ip": "10.0.0.1"}) == {
        "ip": {
            "Type": "String",
            "Description": "the address",
            "NoEcho": "false",
            "Label": "ip",
            "Value": "10.0.0.1",
            "Tags": ["net"],
            "AllowedPattern": "[0-9.]+",
            "CustomConstraint": "ip_addr",
            "ConstraintDescription": "digits an address",
        }
    }


def test_types_are_reported_with_their_cfn_names():
    entries = {
        "l": {"type": "comma_delimited_list"},
        "j": {"type": "json"},
        "b": {"type": "boolean", "constraints": [{"allowed_values": [True]}]},
    }
    result = formatted(entries)
    assert [result[name]["Type"] for name in "ljb"] == ["CommaDelimitedList", "Json", "Boolean"]
    assert result["b"]["AllowedValues"] == [True]
    assert "Default" not in result["l"]
