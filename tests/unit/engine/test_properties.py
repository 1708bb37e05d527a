"""Property schemas (REST form, legacy form, consistency) and a resource's properties."""

import pytest

from heat.common import exception
from heat.engine import constraints, function, properties
from heat.engine.properties import Properties, Schema


class Proxy:
    """A resource as functions see it: attributes are known once it is created."""

    def __init__(self, created):
        self.created = created

    def exists(self):
        return self.created


class GetResource(function.ResourceReference):
    """A reference to a resource that resolves to ``value``."""

    def __init__(self, stack, name, value):
        super().__init__(stack, "get_resource", name)
        self.value = value

    @property
    def resource_name(self):
        return self.args

    def result(self):
        return self.value


SERVER = {
    "name": Schema(Schema.STRING),
    "count": Schema(Schema.INTEGER, default=1, constraints=[constraints.Range(1, 5)]),
    "flavor": Schema(Schema.STRING, required=True),
    "metadata": Schema(
        Schema.MAP,
        schema={
            "user": Schema(Schema.STRING, required=True),
            "shell": Schema(Schema.STRING, default="/bin/sh"),
        },
    ),
    "networks": Schema(
        Schema.LIST,
        schema=Schema(
            Schema.MAP,
            schema={"port": Schema(Schema.INTEGER, constraints=[constraints.Range(1, 65535)])},
        ),
    ),
}


def props(data, schema=SERVER, **kwargs):
    kwargs.setdefault("parent_name", "server")
    return Properties(schema, data, **kwargs)


def validation_error(data, schema=SERVER, with_value=True, **kwargs):
    with pytest.raises(exception.StackValidationFailed) as error:
        props(data, schema, **kwargs).validate(with_value=with_value)
    return str(error.value)


# -- schemas ---------------------------------------------------------------------------------


def test_the_rest_form_matches_heat_for_random_string_length():
    schema = Schema(
        Schema.INTEGER,
        "Length of the string to generate.",
        default=32,
        constraints=[constraints.Range(1, 512)],
    )
    assert schema.to_dict() == {
        "type": "integer",
        "description": "Length of the string to generate.",
        "default": 32,
        "required": False,
        "update_allowed": False,
        "immutable": False,
        "constraints": [{"range": {"min": 1, "max": 512}}],
    }


def test_the_rest_form_leaves_out_unset_description_default_and_constraints():
    assert Schema(Schema.STRING, update_allowed=True).to_dict() == {
        "type": "string",
        "required": False,
        "update_allowed": True,
        "immutable": False,
    }


def test_list_items_are_shown_under_a_star():
    schema = Schema(Schema.LIST, schema=Schema(Schema.STRING))
    assert schema.to_dict()["schema"] == {"*": Schema(Schema.STRING).to_dict()}


def test_map_keys_are_shown_by_name():
    schema = Schema(Schema.MAP, schema={"user": Schema(Schema.STRING, required=True)})
    assert schema.to_dict()["schema"]["user"]["required"] is True


def test_a_list_schema_given_as_a_dict_has_map_items():
    schema = Schema(Schema.LIST, schema={"port": Schema(Schema.INTEGER)})
    assert schema.to_dict()["schema"]["*"]["type"] == "map"
    assert props({"p": [{"port": "80"}]}, {"p": schema})["p"] == [{"port": 80}]


def test_an_unknown_type_is_a_schema_error():
    with pytest.raises(exception.InvalidSchemaError, match=r"Invalid type \(Text\)"):
        Schema("Text")


def test_only_lists_and_maps_have_nested_schemas():
    with pytest.raises(exception.InvalidSchemaError, match="valid only for List or Map"):
        Schema(Schema.STRING, schema={"a": Schema(Schema.STRING)})


def test_a_map_takes_a_dict_of_schemas_not_a_single_one():
    with pytest.raises(exception.InvalidSchemaError, match="Single schema valid only for List"):
        Schema(Schema.MAP, schema=Schema(Schema.STRING))


def test_a_constraint_must_fit_the_type():
    with pytest.raises(exception.InvalidSchemaError, match="Range constraint invalid for String"):
        Schema(Schema.STRING, constraints=[constraints.Range(1, 2)])


def test_update_allowed_and_immutable_exclude_each_other():
    with pytest.raises(exception.InvalidSchemaError, match="cannot both be True"):
        Schema(Schema.STRING, update_allowed=True, immutable=True)


def test_the_default_must_follow_the_constraints():
    with pytest.raises(exception.InvalidSchemaError, match="Invalid default 9"):
        Schema(Schema.INTEGER, default=9, constraints=[constraints.Range(1, 5)])


def test_custom_constraints_are_not_applied_to_the_default():
    schema = Schema(
        Schema.STRING, default="m1.tiny", constraints=[constraints.CustomConstraint("x.none")]
    )
    assert schema.default == "m1.tiny"


def test_legacy_dicts_become_schemas_with_their_constraints():
    schema = Schema.from_legacy(
        {"Type": "String", "MinLength": 1, "MaxLength": 8, "AllowedPattern": "[a-z]*"}
    )
    assert schema.to_dict()["constraints"] == [
        {"length": {"min": 1, "max": 8}},
        {"allowed_pattern": "[a-z]*"},
    ]


def test_legacy_dicts_may_declare_a_property_not_implemented():
    assert Schema.from_legacy({"Type": "String"}).implemented
    assert not Schema.from_legacy({"Type": "String", "Implemented": False}).implemented


def test_legacy_nested_schemas_are_converted():
    schema = Schema.from_legacy(
        {"Type": "List", "Schema": {"Type": "Map", "Schema": {"Key": {"Type": "String"}}}}
    )
    assert schema.to_dict()["schema"]["*"]["schema"]["Key"]["type"] == "string"


def test_legacy_dicts_with_unknown_keys_are_refused():
    with pytest.raises(exception.InvalidSchemaError, match="Unknown key"):
        Schema.from_legacy({"Type": "String", "Colour": "red"})


def test_legacy_dicts_need_a_type():
    with pytest.raises(exception.InvalidSchemaError, match="No Type specified"):
        Schema.from_legacy({"Required": True})


def test_schemata_accepts_schemas_and_legacy_dicts():
    named = properties.schemata({"a": Schema(Schema.STRING), "b": {"Type": "Number"}})
    assert (named["a"].type, named["b"].type) == ("String", "Number")


def test_update_allowed_properties_are_named():
    schema = {"a": Schema(Schema.STRING, update_allowed=True), "b": Schema(Schema.STRING)}
    assert properties.update_allowed_properties(schema) == {"a"}


def test_a_parameter_becomes_an_updatable_property_of_the_matching_type():
    class Parameter:
        type = "CommaDelimitedList"
        description = "Names."
        required = True
        constraints = [constraints.Length(max=3)]

    schema = Schema.from_parameter(Parameter)
    assert (schema.type, schema.required, schema.update_allowed) == ("List", True, True)
    assert props({"names": "a,b"}, {"names": schema})["names"] == ["a", "b"]


# -- values ----------------------------------------------------------------------------------


def test_values_are_converted_to_the_schema_type():
    assert props({"count": "3"})["count"] == 3


def test_a_missing_value_is_the_default():
    assert props({})["count"] == 1


def test_a_missing_value_without_default_is_none():
    assert props({})["name"] is None


def test_a_value_resolving_to_none_counts_as_not_given():
    assert props({"count": None})["count"] == 1


def test_an_omitted_value_counts_as_not_given():
    assert props({"count": function.OMITTED})["count"] == 1


def test_nested_maps_are_filled_with_their_defaults():
    assert props({"metadata": {"user": "ann"}})["metadata"] == {"user": "ann", "shell": "/bin/sh"}


def test_list_items_are_converted_with_their_schema():
    assert props({"networks": [{"port": "80"}, {}]})["networks"] == [{"port": 80}, {"port": None}]


@pytest.mark.parametrize(("value", "expected"), [("True", True), ("false", False), (True, True)])
def test_booleans_come_from_booleans_or_their_text(value, expected):
    assert props({"on": value}, {"on": Schema(Schema.BOOLEAN)})["on"] is expected


@pytest.mark.parametrize(("value", "expected"), [(5, "5"), (True, "True"), ("x", "x")])
def test_strings_come_from_text_integers_and_booleans(value, expected):
    assert props({"name": value})["name"] == expected


def test_numbers_keep_their_fraction():
    assert props({"n": "1.5"}, {"n": Schema(Schema.NUMBER)})["n"] == 1.5


def test_any_values_are_taken_as_they_are():
    assert props({"v": [1, {"a": 2}]}, {"v": Schema(Schema.ANY)})["v"] == [1, {"a": 2}]


def test_the_resolver_is_applied_to_the_snippet():
    resolved = props({"name": "x"}, resolver=lambda snippet: snippet.upper())
    assert resolved["name"] == "X"


def test_functions_are_resolved_by_default():
    reference = GetResource(None, "port", "p-1")
    assert props({"name": reference})["name"] == "p-1"


def test_constraints_are_not_applied_when_reading():
    assert props({"count": 9})["count"] == 9


def test_a_value_of_the_wrong_type_fails_with_its_path():
    with pytest.raises(exception.StackValidationFailed) as error:
        props({"count": "many"})["count"]
    assert str(error.value) == (
        "Property error: resources.server.properties.count: Value 'many' is not an integer"
    )


def test_unknown_keys_are_key_errors():
    with pytest.raises(KeyError):
        props({})["colour"]


def test_the_mapping_has_every_schema_key():
    properties_ = props({"name": "a"})
    assert set(properties_) == set(SERVER)
    assert len(properties_) == len(SERVER)
    assert "colour" not in properties_


def test_the_user_value_has_no_default():
    assert props({}).get_user_value("count") is None
    assert props({"count": "2"}).get_user_value("count") == 2


def test_the_raw_data_is_kept():
    data = {"name": GetResource(None, "port", "p-1")}
    assert props(data).data is data


# -- validation ------------------------------------------------------------------------------


def test_valid_properties_pass():
    props({"flavor": "m1.small", "count": 5, "networks": [{"port": 22}]}).validate()


def test_an_unknown_property_is_named():
    assert validation_error({"flavor": "f", "colour": "red"}) == (
        "Property error: resources.server.properties: Unknown Property colour"
    )


def test_a_missing_required_property_is_named():
    assert validation_error({}) == (
        "Property error: resources.server.properties: Property flavor not assigned"
    )


def test_a_required_property_resolving_to_none_is_its_type_empty_value():
    # As upstream: given (by a function that gives nothing yet), so not missing.
    properties = props({"flavor": None})
    properties.validate()
    assert properties["flavor"] == ""


def test_a_required_key_of_a_nested_map_resolving_to_none_is_its_type_empty_value():
    # As upstream: a map whose required key a get_attr gives (not known yet).
    properties = props({"flavor": "f", "metadata": {"user": None}})
    properties.validate()
    assert properties["metadata"]["user"] == ""


def test_a_required_key_missing_from_a_nested_map_is_named():
    assert validation_error({"flavor": "f", "metadata": {}}).endswith("Property user not assigned")


def test_a_required_property_not_given_is_missing():
    assert validation_error({}).endswith("Property flavor not assigned")


def test_a_constraint_failure_names_the_property():
    assert validation_error({"flavor": "f", "count": 9}) == (
        "Property error: resources.server.properties.count: 9 is out of range (min: 1, max: 5)"
    )


def test_a_type_failure_names_the_property():
    assert validation_error({"flavor": ["f"]}) == (
        "Property error: resources.server.properties.flavor: Value must be a string; got ['f']"
    )


def test_a_missing_nested_key_names_its_map():
    assert validation_error({"flavor": "f", "metadata": {}}) == (
        "Property error: resources.server.properties.metadata: Property user not assigned"
    )


def test_an_unknown_nested_key_names_its_map():
    assert validation_error({"flavor": "f", "metadata": {"user": "a", "x": 1}}) == (
        "Property error: resources.server.properties.metadata: Unknown Property x"
    )


def test_list_items_are_named_by_index():
    assert validation_error({"flavor": "f", "networks": [{"port": 1}, {"port": 0}]}) == (
        "Property error: resources.server.properties.networks[1].port: "
        "0 is out of range (min: 1, max: 65535)"
    )


def test_a_map_property_must_be_a_map():
    assert validation_error({"flavor": "f", "metadata": "x"}).endswith('metadata: "x" is not a map')


def test_a_list_property_must_be_a_list():
    assert validation_error({"flavor": "f", "networks": "x"}).endswith(
        "networks: \"'x'\" is not a list"
    )


def test_without_a_resource_name_the_path_starts_at_the_section():
    assert validation_error({}, parent_name="") == (
        "Property error: properties: Property flavor not assigned"
    )


def test_cfn_sections_are_capitalised():
    assert validation_error({}, section="Properties") == (
        "Property error: Resources.server.Properties: Property flavor not assigned"
    )


def test_a_resolver_failure_is_a_property_error():
    def resolver(snippet):
        raise exception.InvalidTemplateAttribute(resource="a", key="b")

    assert validation_error({"flavor": "f"}, resolver=resolver) == (
        "Property error: resources.server.properties.flavor: "
        "The Referenced Attribute (a b) is incorrect."
    )


def test_without_values_references_to_resources_are_not_checked():
    stack = {"port": Proxy(created=True)}
    data = {"flavor": "f", "count": GetResource(stack, "port", "not a number")}
    props(data).validate(with_value=False)


def test_without_values_no_value_is_checked():
    props({"count": 9}).validate(with_value=False)


def test_without_values_unknown_properties_are_refused():
    assert validation_error({"size": 9}, with_value=False).endswith("Unknown Property size")


def test_references_to_resources_not_created_yet_are_not_checked():
    stack = {"port": Proxy(created=False)}
    props({"flavor": GetResource(stack, "port", None)}).validate()


def test_references_to_created_resources_are_checked():
    stack = {"port": Proxy(created=True)}
    data = {"flavor": "f", "count": GetResource(stack, "port", "many")}
    assert validation_error(data).endswith("count: Value 'many' is not an integer")


# -- properties not implemented --------------------------------------------------------------

UNIMPLEMENTED = {
    "name": Schema(Schema.STRING),
    "serial": Schema(Schema.INTEGER, implemented=False),
}


def test_a_property_not_implemented_set_by_the_template_is_refused():
    assert validation_error({"serial": 1}, UNIMPLEMENTED) == (
        "Property error: resources.server.properties: Property serial not implemented yet"
    )


def test_a_property_not_implemented_and_not_set_is_fine():
    props({"name": "n"}, UNIMPLEMENTED).validate()


def test_a_bad_value_of_a_property_not_implemented_is_reported_first():
    assert validation_error({"serial": "x"}, UNIMPLEMENTED).endswith(
        "serial: Value 'x' is not an integer"
    )
