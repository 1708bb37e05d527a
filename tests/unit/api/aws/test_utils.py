"""Reading AWS Query parameters."""

import pytest

from heat.api.aws import exception, utils

PARAMS = {
    "Parameters.member.2.ParameterKey": "b",
    "Parameters.member.2.ParameterValue": "2",
    "Parameters.member.1.ParameterKey": "a",
    "Parameters.member.1.ParameterValue": "1",
    "Parameters.member.3.ParameterKey": "c",
    "Other": "x",
}


def test_param_list_is_ordered_by_member_number():
    members = utils.extract_param_list(PARAMS, "Parameters")
    assert [member["ParameterKey"] for member in members] == ["a", "b", "c"]


def test_param_list_keeps_nested_fields_whole():
    params = {"MetricData.member.1.Dimensions.member.1.Name": "AlarmName"}
    assert utils.extract_param_list(params, "MetricData") == [
        {"Dimensions.member.1.Name": "AlarmName"}
    ]


def test_param_pairs_default_a_missing_value_to_empty():
    pairs = utils.extract_param_pairs(PARAMS, "Parameters", "ParameterKey", "ParameterValue")
    assert pairs == {"a": "1", "b": "2", "c": ""}


def test_missing_required_parameter_names_it():
    with pytest.raises(exception.HeatMissingParameterError, match="StackName"):
        utils.get_param_value({}, "StackName")


def test_reformat_dict_keys_leaves_out_missing_keys():
    assert utils.reformat_dict_keys({"a": "A", "b": "B"}, {"a": 1}) == {"A": 1}


@pytest.mark.parametrize("text, value", [("true", True), ("FALSE", False), ("True", True)])
def test_booleans_accept_true_and_false_in_any_case(text, value):
    assert utils.parse_boolean("Flag", text) is value


def test_other_booleans_are_invalid():
    with pytest.raises(exception.HeatInvalidParameterValueError, match="Flag"):
        utils.parse_boolean("Flag", "1")


@pytest.mark.parametrize("text", ["-1", "1.5", "x", "²"])
def test_integers_must_be_plain_non_negative(text):
    with pytest.raises(exception.HeatInvalidParameterValueError):
        utils.parse_integer("Timeout", text)
