"""The HOT function tables: which function each version accepts, changes or removes."""

import pytest

from heat.engine import function
from heat.engine.cfn import functions as cfn
from heat.engine.hot.function_tables import CONDITION_FUNCTIONS, FUNCTIONS, VERSIONS
from heat.engine.hot.functions import collections, conditions, references, repeat, replace, strings

CFN_NAMES_IN_2013 = {
    "Fn::Base64",
    "Fn::GetAZs",
    "Fn::Join",
    "Fn::MemberListToMap",
    "Fn::Replace",
    "Fn::ResourceFacade",
    "Fn::Select",
    "Fn::Split",
    "Ref",
}
FINAL_FUNCTIONS = {
    "digest", "filter", "get_attr", "get_file", "get_param", "get_resource", "list_join",
    "make_url", "list_concat", "list_concat_unique", "contains", "map_merge", "map_replace",
    "repeat", "resource_facade", "str_replace", "str_replace_strict", "str_replace_vstrict",
    "str_split", "yaql", "if",
}  # fmt: skip


def available(version):
    return {name for name, cls in FUNCTIONS[version].items() if cls is not None}


def removed(version):
    return {name for name, cls in FUNCTIONS[version].items() if cls is None}


def test_the_eleven_hot_versions_are_listed_in_order():
    assert VERSIONS == (
        "2013-05-23", "2014-10-16", "2015-04-30", "2015-10-15", "2016-04-08", "2016-10-14",
        "2017-02-24", "2017-09-01", "2018-03-02", "2018-08-31", "2021-04-16",
    )  # fmt: skip


def test_2013_05_23_accepts_hot_and_cfn_functions():
    hot = {"get_attr", "get_file", "get_param", "get_resource", "list_join"}
    assert available("2013-05-23") == hot | {"resource_facade", "str_replace"} | CFN_NAMES_IN_2013


def test_2014_10_16_removes_the_cfn_functions_but_fn_select():
    assert removed("2014-10-16") == CFN_NAMES_IN_2013 - {"Fn::Select"}
    assert "Fn::Select" in available("2014-10-16")


@pytest.mark.parametrize("version", VERSIONS[3:])
def test_fn_select_is_removed_from_2015_10_15(version):
    assert FUNCTIONS[version]["Fn::Select"] is None


@pytest.mark.parametrize(
    "version, added",
    [
        ("2015-04-30", {"repeat", "digest"}),
        ("2015-10-15", {"str_split"}),
        ("2016-04-08", {"map_merge"}),
        ("2016-10-14", {"yaql", "map_replace", "if"}),
        ("2017-02-24", {"filter", "str_replace_strict"}),
        ("2017-09-01", {"make_url", "list_concat", "list_concat_unique"}),
        ("2017-09-01", {"str_replace_vstrict", "contains"}),
    ],
)
def test_functions_appear_in_their_version(version, added):
    previous = VERSIONS[VERSIONS.index(version) - 1]
    assert added <= available(version)
    assert not added & available(previous)


@pytest.mark.parametrize("version", ["2017-09-01", "2018-03-02", "2018-08-31", "2021-04-16"])
def test_the_final_function_set_has_21_functions(version):
    assert available(version) == FINAL_FUNCTIONS


@pytest.mark.parametrize(
    "version, name, cls",
    [
        ("2013-05-23", "get_attr", references.GetAttThenSelect),
        ("2014-10-16", "get_attr", references.GetAtt),
        ("2015-10-15", "get_attr", references.GetAttAllAttributes),
        ("2014-10-16", "list_join", strings.Join),
        ("2015-10-15", "list_join", strings.JoinMultiple),
        ("2015-04-30", "str_replace", replace.Replace),
        ("2015-10-15", "str_replace", replace.ReplaceJson),
        ("2015-04-30", "repeat", repeat.Repeat),
        ("2016-10-14", "repeat", repeat.RepeatWithMap),
        ("2017-09-01", "repeat", repeat.RepeatWithNestedLoop),
        ("2016-10-14", "if", conditions.If),
        ("2018-08-31", "if", conditions.If),
        ("2021-04-16", "if", conditions.IfNullable),
        ("2013-05-23", "Ref", cfn.CFN_FUNCTIONS["Ref"]),
    ],
)
def test_behaviour_changes_are_different_classes(version, name, cls):
    assert FUNCTIONS[version][name] is cls


@pytest.mark.parametrize("version", VERSIONS[:5])
def test_versions_before_2016_10_14_have_no_condition_functions(version):
    assert CONDITION_FUNCTIONS[version] == {}


def test_condition_functions_of_newton_and_pike():
    newton = {"get_param", "equals", "not", "and", "or"}
    assert set(CONDITION_FUNCTIONS["2016-10-14"]) == newton
    assert set(CONDITION_FUNCTIONS["2017-02-24"]) == newton
    assert set(CONDITION_FUNCTIONS["2017-09-01"]) == newton | {"yaql", "contains"}
    assert CONDITION_FUNCTIONS["2021-04-16"] == CONDITION_FUNCTIONS["2017-09-01"]
    assert CONDITION_FUNCTIONS["2021-04-16"]["contains"] is collections.Contains


@pytest.mark.parametrize("version", VERSIONS)
def test_every_function_class_is_a_documented_function(version):
    tables = (FUNCTIONS[version], CONDITION_FUNCTIONS[version])
    for cls in [cls for table in tables for cls in table.values() if cls is not None]:
        assert issubclass(cls, function.Function)
        assert cls.__doc__ and cls.__doc__.strip()
