"""HOT versions: each accepts exactly its sections and keys."""

import pytest

from heat.common import exception
from tests.unit.engine.template_helpers import REGISTRY, definition, hot

BEFORE_CONDITIONS = ["2013-05-23", "2014-10-16", "2015-04-30", "2015-10-15", "2016-04-08"]
WITH_CONDITIONS = [
    "2016-10-14",
    "newton",
    "2017-02-24",
    "ocata",
    "2017-09-01",
    "pike",
    "2018-03-02",
    "queens",
    "2018-08-31",
    "rocky",
    "2021-04-16",
    "wallaby",
]
ALL = BEFORE_CONDITIONS + WITH_CONDITIONS
SERVER = {"type": "OS::Nova::Server"}


def validate(document):
    REGISTRY.load(document).validate()


def failure(document):
    with pytest.raises(exception.StackValidationFailed) as error:
        validate(document)
    return str(error.value)


@pytest.mark.parametrize("version", ALL)
def test_every_version_accepts_the_base_sections(version):
    validate(
        hot(
            version,
            description="d",
            parameter_groups=[],
            parameters={},
            resources={"server": dict(SERVER)},
            outputs={},
        )
    )


@pytest.mark.parametrize("version", BEFORE_CONDITIONS)
def test_conditions_section_is_refused_before_2016_10_14(version):
    with pytest.raises(exception.InvalidTemplateSection, match="conditions"):
        validate(hot(version, conditions={}))


@pytest.mark.parametrize("version", WITH_CONDITIONS)
def test_conditions_section_is_accepted_from_2016_10_14(version):
    validate(hot(version, conditions={"yes": True}))


@pytest.mark.parametrize("key", ["external_id", "condition"])
@pytest.mark.parametrize("version", BEFORE_CONDITIONS)
def test_new_resource_keys_are_refused_before_2016_10_14(version, key):
    message = failure(hot(version, resources={"server": dict(SERVER, **{key: "x"})}))
    assert message == (
        "resources.server: Invalid keyword(s) inside a resource definition: %s" % key
    )


@pytest.mark.parametrize("version", WITH_CONDITIONS)
def test_new_resource_keys_are_accepted_from_2016_10_14(version):
    resource = dict(SERVER, external_id="abc", condition=True)
    validate(hot(version, resources={"server": resource}))


@pytest.mark.parametrize("version", ALL)
def test_every_base_resource_key_is_accepted(version):
    resource = {
        "type": "OS::Heat::None",
        "properties": {},
        "metadata": {},
        "depends_on": [],
        "deletion_policy": "Retain",
        "update_policy": {},
        "description": "a resource",
    }
    validate(hot(version, resources={"r": resource}))


@pytest.mark.parametrize("version", BEFORE_CONDITIONS)
def test_lowercase_deletion_policy_is_refused_before_2016_10_14(version):
    message = failure(hot(version, resources={"r": dict(SERVER, deletion_policy="retain")}))
    assert message == 'resources.r.deletion_policy: Invalid deletion policy "retain"'


@pytest.mark.parametrize("version", WITH_CONDITIONS)
def test_lowercase_deletion_policy_is_accepted_from_2016_10_14(version):
    stack = definition(hot(version, resources={"r": dict(SERVER, deletion_policy="snapshot")}))
    assert stack.resource_definitions["r"].deletion_policy() == "Snapshot"


@pytest.mark.parametrize("version", BEFORE_CONDITIONS)
def test_output_condition_is_refused_before_2016_10_14(version):
    message = failure(hot(version, outputs={"o": {"value": 1, "condition": True}}))
    assert message == (
        'Output validation error: outputs.o: "condition" is not a valid keyword inside a '
        "output definition"
    )


@pytest.mark.parametrize("version", WITH_CONDITIONS)
def test_output_condition_is_accepted_from_2016_10_14(version):
    validate(hot(version, outputs={"o": {"value": 1, "description": "d", "condition": True}}))


def tagged(version):
    return hot(version, parameters={"p": {"type": "string", "default": "x", "tags": ["a"]}})


@pytest.mark.parametrize("version", ["2017-09-01", "2016-10-14", "2013-05-23"])
def test_parameter_tags_are_refused_before_2018_03_02(version):
    with pytest.raises(exception.InvalidSchemaError, match="tags"):
        definition(tagged(version))


@pytest.mark.parametrize("version", ["2018-03-02", "2018-08-31", "2021-04-16"])
def test_parameter_tags_are_accepted_from_2018_03_02(version):
    stack = definition(tagged(version))
    assert stack.parameters.parameter("p").tags() == ["a"]


def modulo(version):
    constraint = {"modulo": {"step": 2, "offset": 1}}
    return hot(
        version, parameters={"n": {"type": "number", "default": 3, "constraints": [constraint]}}
    )


def test_modulo_constraint_is_refused_before_2017_02_24():
    with pytest.raises(exception.InvalidSchemaError, match="modulo"):
        definition(modulo("2016-10-14"))


def test_modulo_constraint_is_accepted_from_2017_02_24():
    definition(modulo("2017-02-24")).validate()


def test_resource_must_be_a_map():
    message = failure(hot(resources={"server": "OS::Nova::Server"}))
    assert message == (
        'resources.server: "resources" must contain a map of resource maps. Found a [str] instead'
    )


def test_resource_without_type_is_reported():
    message = failure(hot(resources={"server": {"properties": {}}}))
    assert message == 'resources.server: Resource server is missing "type"'


@pytest.mark.parametrize(
    "key,value,typename",
    [
        ("type", ["x"], "string"),
        ("properties", ["x"], "object"),
        ("properties", None, "object"),
        ("metadata", "x", "object"),
        ("depends_on", {"a": 1}, "list or string"),
        ("deletion_policy", 1, "string"),
        ("update_policy", "x", "object"),
        ("description", 1, "string"),
        ("condition", 1, "string or boolean"),
    ],
)
def test_resource_keys_of_the_wrong_type_name_the_key(key, value, typename):
    message = failure(hot(resources={"server": dict(SERVER, **{key: value})}))
    assert message == "resources.server.%s: Resource server %s type must be %s" % (
        key,
        key,
        typename,
    )


def test_depends_on_must_list_strings():
    message = failure(hot(resources={"server": dict(SERVER, depends_on=[1])}))
    assert (
        message
        == "resources.server.depends_on: Resource server depends_on must be a list of strings"
    )


def test_output_must_be_a_map():
    message = failure(hot(outputs={"o": "x"}))
    assert message == (
        "Output validation error: outputs.o: Output definitions must be a map. Found a str instead"
    )


def test_output_must_have_a_value():
    message = failure(hot(outputs={"o": {"description": "d"}}))
    assert message == (
        "Output validation error: outputs.o: Each output definition must contain a value key."
    )


def test_parameter_groups_are_returned_raw():
    groups = [{"label": "g", "parameters": ["a"]}]
    assert REGISTRY.load(hot(parameter_groups=groups)).parameter_groups() == groups


def test_version_2013_05_23_still_accepts_cfn_functions():
    document = hot("2013-05-23", outputs={"o": {"value": {"Fn::Join": ["-", ["a", "b"]]}}})
    assert definition(document).outputs["o"].get_value() == "a-b"


@pytest.mark.parametrize("version,name", [("2014-10-16", "Ref"), ("2015-10-15", "Fn::Select")])
def test_removed_functions_fail_naming_themselves(version, name):
    document = hot(version, outputs={"o": {"value": {name: ["a"]}}})
    with pytest.raises(exception.StackValidationFailed, match=name) as error:
        definition(document).validate()
    assert version in str(error.value)
