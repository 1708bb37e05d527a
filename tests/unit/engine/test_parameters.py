"""Stack parameters: typed values, defaults, constraints, missing and unknown parameters."""

import pytest

from heat.common import exception
from heat.engine import constraints, parameters
from heat.engine.parameters import Schema


def params(schemata, user_params=None, param_defaults=None):
    return parameters.Parameters(None, schemata, user_params, param_defaults)


def value_of(param_type, raw, **schema):
    return params({"p": Schema(param_type, **schema)}, {"p": raw})["p"]


def invalid(schemata, user_params=None):
    with pytest.raises(exception.StackValidationFailed) as error:
        params(schemata, user_params).validate()
    return str(error.value)


def test_string_values_are_text():
    assert value_of(Schema.STRING, "abc") == "abc"
    assert value_of(Schema.STRING, 5) == "5"


@pytest.mark.parametrize("raw, expected", [("12", 12), ("1.5", 1.5), (3, 3), ("-2", -2)])
def test_number_values_are_ints_or_floats(raw, expected):
    value = value_of(Schema.NUMBER, raw)
    assert value == expected and type(value) is type(expected)


def test_a_number_that_is_not_one_names_the_parameter():
    message = invalid({"count": Schema(Schema.NUMBER)}, {"count": "x"})
    assert message == "Parameter 'count' is invalid: Value 'x' is not a number"


@pytest.mark.parametrize(
    "raw, expected", [("a,b", ["a", "b"]), (["a", 1], ["a", "1"]), ("", []), ("a, b", ["a", " b"])]
)
def test_comma_delimited_lists_come_from_text_or_lists(raw, expected):
    assert value_of(Schema.LIST, raw) == expected


def test_a_list_parameter_refuses_a_map():
    message = invalid({"l": Schema(Schema.LIST)}, {"l": {"a": 1}})
    assert "Value must be a comma-delimited list string" in message


@pytest.mark.parametrize("raw, expected", [('{"a": 1}', {"a": 1}), ([1, 2], [1, 2]), ("[]", [])])
def test_json_values_are_parsed_from_text(raw, expected):
    assert value_of(Schema.MAP, raw) == expected


def test_bad_json_is_refused():
    message = invalid({"j": Schema(Schema.MAP)}, {"j": "{bad"})
    assert message.startswith("Parameter 'j' is invalid: Value must be valid JSON:")


@pytest.mark.parametrize(
    "raw",
    ["true", "True", "YES", "on", "1", "t", True],
)
def test_true_booleans(raw):
    assert value_of(Schema.BOOLEAN, raw) is True


@pytest.mark.parametrize("raw", ["false", "No", "OFF", "0", "f", False])
def test_false_booleans(raw):
    assert value_of(Schema.BOOLEAN, raw) is False


def test_other_words_are_not_booleans():
    message = invalid({"b": Schema(Schema.BOOLEAN)}, {"b": "maybe"})
    assert message.startswith("Parameter 'b' is invalid: Unrecognized value 'maybe'")


def test_constraints_apply_to_the_typed_value():
    schema = Schema(Schema.LIST, constraints=[constraints.Length(max=2)])
    message = invalid({"l": schema}, {"l": "a,b,c"})
    assert message == "Parameter 'l' is invalid: length (3) is out of range (min: None, max: 2)"


def test_allowed_values_of_numbers_accept_number_text():
    schema = Schema(Schema.NUMBER, constraints=[constraints.AllowedValues([1, 2])])
    params({"n": schema}, {"n": "2"}).validate()


def test_the_user_value_wins_over_environment_and_template_defaults():
    schemata = {"a": Schema(Schema.STRING, default="template"), "b": Schema(Schema.STRING)}
    values = params(schemata, {"a": "user"}, {"a": "env", "b": "env"})
    assert (values["a"], values["b"]) == ("user", "env")


def test_an_environment_default_replaces_the_template_default():
    values = params({"a": Schema(Schema.STRING, default="template")}, {}, {"a": "env"})
    assert values["a"] == "env"


def test_a_parameter_without_value_or_default_is_missing():
    with pytest.raises(exception.UserParameterMissing, match=r"The Parameter \(key\)"):
        params({"key": Schema(Schema.STRING)}).validate()


def test_missing_values_are_fine_when_values_are_not_validated():
    params({"key": Schema(Schema.STRING)}).validate(validate_value=False)


def test_a_user_value_for_an_unknown_parameter_is_refused():
    with pytest.raises(exception.UnknownUserParameter, match=r"The Parameter \(other\) was not"):
        params({"a": Schema(Schema.STRING, default="x")}, {"other": "1"}).validate()


def test_a_default_that_breaks_a_constraint_is_a_schema_error():
    schema = Schema(Schema.STRING, default="toolong", constraints=[constraints.Length(max=3)])
    with pytest.raises(exception.InvalidSchemaError) as error:
        params({"a": schema}).validate(validate_value=False)
    assert str(error.value) == (
        "Parameter 'a' is invalid: Invalid default toolong "
        "(length (7) is out of range (min: None, max: 3))"
    )


def test_a_constraint_that_does_not_fit_the_type_is_a_schema_error():
    schema = Schema(Schema.NUMBER, default=1, constraints=[constraints.Length(max=3)])
    with pytest.raises(exception.InvalidSchemaError, match="Length constraint invalid for Number"):
        params({"n": schema}).validate(validate_value=False)


def test_custom_constraints_are_not_applied_to_defaults_of_the_schema():
    schema = Schema(
        Schema.STRING, default="x", constraints=[constraints.CustomConstraint("no.such")]
    )
    params({"a": schema}).validate(validate_value=False)
    assert "(constraint not found)" in invalid({"a": schema})


def test_an_unknown_type_is_a_schema_error():
    with pytest.raises(exception.InvalidSchemaError, match=r"Invalid type \(Text\)"):
        Schema("Text")


def test_shown_values_are_text_and_hidden_ones_are_masked():
    schemata = {
        "secret": Schema(Schema.STRING, default="pw", hidden=True),
        "names": Schema(Schema.LIST, default="a,b"),
        "data": Schema(Schema.MAP, default={"k": 1}),
        "flag": Schema(Schema.BOOLEAN, default="yes"),
        "unset": Schema(Schema.STRING),
    }
    assert params(schemata).items_for_show() == {
        "secret": "******",
        "names": "a,b",
        "data": '{"k": 1}',
        "flag": "True",
    }


def test_label_defaults_to_the_name():
    values = params({"a": Schema(Schema.STRING), "b": Schema(Schema.STRING, label="Bee")})
    assert values.parameter("a").label() == "a"
    assert values.parameter("b").label() == "Bee"


def test_changing_an_immutable_parameter_is_reported():
    schemata = {
        "fixed": Schema(Schema.NUMBER, immutable=True),
        "free": Schema(Schema.NUMBER),
    }
    old = params(schemata, {"fixed": "1", "free": "1"})
    assert old.immutable_params_modified(params(schemata, {"fixed": 1, "free": 2}), {}) == []
    new = params(schemata, {"fixed": "2", "free": "2"})
    assert old.immutable_params_modified(new, {"fixed": "2"}) == ["fixed"]


def test_an_immutable_parameter_new_to_the_template_is_not_reported():
    old = params({})
    new = params({"fixed": Schema(Schema.STRING, default="a", immutable=True)})
    assert old.immutable_params_modified(new, {}) == []


def test_without_a_format_there_are_no_pseudo_parameters():
    values = params({"a": Schema(Schema.STRING, default="x")})
    assert list(values) == ["a"]
    assert values.set_stack_id({"stack_id": "1"}) is False


def test_errors_about_a_hidden_parameter_do_not_show_its_value():
    schema = Schema(Schema.STRING, hidden=True, constraints=[constraints.AllowedValues(["ok"])])
    message = invalid({"pw": schema}, {"pw": "s3cret"})
    assert message == 'Parameter \'pw\' is invalid: "******" is not an allowed value ["ok"]'


def test_an_empty_json_text_stays_empty_text_as_upstream():
    assert value_of(Schema.MAP, "") == ""
