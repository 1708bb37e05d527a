"""The template base: the registry of versions, parsing snippets, section checks."""

import pytest

from heat.common import exception
from heat.engine import function
from heat.engine.cfn.template import CfnTemplate, HeatTemplate
from heat.engine.hot import template as hot_template
from heat.engine.template import TemplateRegistry
from tests.unit.engine.template_helpers import REGISTRY, hot

HOT_DATES = [
    "2013-05-23",
    "2014-10-16",
    "2015-04-30",
    "2015-10-15",
    "2016-04-08",
    "2016-10-14",
    "2017-02-24",
    "2017-09-01",
    "2018-03-02",
    "2018-08-31",
    "2021-04-16",
]
ALIASES = {
    "newton": "2016-10-14",
    "ocata": "2017-02-24",
    "pike": "2017-09-01",
    "queens": "2018-03-02",
    "rocky": "2018-08-31",
    "wallaby": "2021-04-16",
}


def test_versions_lists_thirteen_entries():
    assert len(REGISTRY.versions()) == 13


def test_versions_carry_aliases_instead_of_separate_entries():
    entry = REGISTRY.versions()[0]
    assert entry == {
        "version": "heat_template_version.2021-04-16",
        "type": "hot",
        "aliases": ["heat_template_version.wallaby"],
    }


def test_versions_of_cfn_formats_have_type_cfn():
    cfn = [entry["version"] for entry in REGISTRY.versions() if entry["type"] == "cfn"]
    assert cfn == ["HeatTemplateFormatVersion.2012-12-12", "AWSTemplateFormatVersion.2010-09-09"]


@pytest.mark.parametrize("alias,date", sorted(ALIASES.items()))
def test_alias_loads_the_class_of_its_date(alias, date):
    by_alias = REGISTRY.template_class(hot(alias))
    assert by_alias is REGISTRY.template_class(hot(date))


@pytest.mark.parametrize("date", HOT_DATES)
def test_each_hot_date_has_its_own_class(date):
    template_class = REGISTRY.template_class(hot(date))
    assert template_class.versions[0] == date
    assert template_class.template_type == "hot"


def test_cfn_version_keys_load_their_classes():
    assert REGISTRY.template_class({"AWSTemplateFormatVersion": "2010-09-09"}) is CfnTemplate
    assert REGISTRY.template_class({"HeatTemplateFormatVersion": "2012-12-12"}) is HeatTemplate


def test_missing_version_key_is_reported():
    with pytest.raises(exception.InvalidTemplateVersion) as error:
        REGISTRY.template_class({"resources": {}})
    assert str(error.value) == "Template format version not found."


def test_unknown_version_lists_the_known_ones():
    with pytest.raises(exception.InvalidTemplateVersion) as error:
        REGISTRY.template_class(hot("2012-01-01"))
    known = ", ".join(HOT_DATES + sorted(ALIASES))
    assert str(error.value) == (
        'The template version is invalid: "2012-01-01". "heat_template_version" should be one '
        "of: %s" % known
    )


def test_two_version_keys_are_ambiguous():
    document = {"AWSTemplateFormatVersion": "2010-09-09", "HeatTemplateFormatVersion": "2012-12-12"}
    with pytest.raises(exception.InvalidTemplateVersion, match="Ambiguous versions"):
        REGISTRY.template_class(document)


def test_class_for_version_answers_none_for_unknown_versions():
    assert REGISTRY.class_for_version("heat_template_version", "pike") is not None
    assert REGISTRY.class_for_version("heat_template_version", "zed") is None


def test_registry_can_be_built_from_a_mapping():
    registry = TemplateRegistry(
        {"heat_template_version.2016-10-14": hot_template.HOTemplate20161014}
    )
    assert registry.versions() == [
        {"version": "heat_template_version.2016-10-14", "type": "hot", "aliases": []}
    ]


def test_load_gives_files_and_environment_to_the_template():
    template = REGISTRY.load(hot(), files={"a.txt": "A"}, env="env")
    assert (template.files, template.env) == ({"a.txt": "A"}, "env")


def test_template_is_a_mapping_of_its_raw_sections():
    template = REGISTRY.load(hot(description="d", resources={}))
    assert dict(template) == {
        "heat_template_version": "2021-04-16",
        "description": "d",
        "resources": {},
    }


def test_parse_turns_a_one_key_map_naming_a_function_into_a_function():
    template = REGISTRY.load(hot())
    parsed = template.parse(None, {"a": [{"get_param": "x"}]})
    assert isinstance(parsed["a"][0], function.Function)
    assert parsed["a"][0].fn_name == "get_param"


def test_parse_leaves_maps_with_several_keys_as_data():
    template = REGISTRY.load(hot())
    snippet = {"get_param": "x", "other": 1}
    assert template.parse(None, snippet) == snippet


def test_parse_leaves_unknown_function_names_as_data():
    template = REGISTRY.load(hot())
    assert template.parse(None, {"Fn::Unknown": [1]}) == {"Fn::Unknown": [1]}


def test_parse_of_a_removed_function_names_it_and_the_version():
    template = REGISTRY.load(hot("2014-10-16"))
    with pytest.raises(exception.StackValidationFailed) as error:
        template.parse(None, {"a": {"Fn::Join": [",", []]}}, "outputs.x.value")
    message = str(error.value)
    assert message.startswith("outputs.x.value.a.Fn::Join: ")
    assert "Fn::Join" in message and "2014-10-16" in message


def test_parse_condition_refuses_functions_that_are_not_conditions():
    template = REGISTRY.load(hot())
    with pytest.raises(exception.StackValidationFailed) as error:
        template.parse_condition(None, {"get_resource": "a"}, "conditions.c")
    assert str(error.value) == (
        'conditions.c.get_resource: The function "get_resource" is invalid in this context'
    )


def test_parse_condition_accepts_condition_functions():
    template = REGISTRY.load(hot())
    parsed = template.parse_condition(None, {"not": {"equals": [1, 2]}})
    assert parsed.fn_name == "not"


def test_unknown_section_is_invalid():
    with pytest.raises(exception.InvalidTemplateSection) as error:
        REGISTRY.load(hot(foo={})).validate()
    assert str(error.value) == "The template section is invalid: foo"


def test_null_sections_count_as_empty():
    template = REGISTRY.load(hot(resources=None, outputs=None, parameters=None))
    template.validate()
    assert template.section("resources") == {}


def test_a_section_that_is_not_a_map_is_reported():
    with pytest.raises(exception.StackValidationFailed) as error:
        REGISTRY.load(hot(resources=["a"])).validate()
    assert str(error.value) == 'resources: "resources" must be a map. Found a list instead'


def test_conditions_that_are_not_a_map_are_reported():
    with pytest.raises(exception.StackValidationFailed) as error:
        REGISTRY.load(hot(conditions=["a"])).validate()
    assert str(error.value) == (
        "Conditions validation error: Condition definitions must be a map. Found a list instead"
    )
