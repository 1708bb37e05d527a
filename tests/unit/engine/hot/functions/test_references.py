"""get_param, get_resource, get_attr (three variants), get_file and resource_facade."""

import pytest

from heat.common import exception
from heat.engine import function
from heat.engine.hot.function_tables import FUNCTIONS, VERSIONS
from tests.unit.engine.hot.stack_double import (
    ResourceDefinitionDouble,
    ResourceDouble,
    StackDouble,
)


class ParentDouble:
    t = ResourceDefinitionDouble({"role": "db"}, "Retain", {"pause": 1})


def server_stack(version="2021-04-16", **kwargs):
    attributes = {"networks": {"private": ["10.0.0.4", "fd00::4"]}, "name": "vm1"}
    resources = {"server": ResourceDouble("server", "8a1f", attributes)}
    return StackDouble(resources=resources, version=version, **kwargs)


@pytest.mark.parametrize("version", VERSIONS)
def test_get_param_returns_the_parameter_value(version):
    stack = StackDouble(parameters={"flavor": "m1.small"}, version=version)
    assert stack.evaluate({"get_param": "flavor"}) == "m1.small"


def test_get_param_follows_a_path_into_json_and_lists():
    stack = StackDouble(parameters={"config": {"ports": [80, 443]}})
    assert stack.evaluate({"get_param": ["config", "ports", 1]}) == 443
    assert stack.evaluate({"get_param": ["config", "ports", "0"]}) == 80


def test_get_param_with_a_missing_path_gives_an_empty_string():
    stack = StackDouble(parameters={"config": {"ports": [80]}})
    assert stack.evaluate({"get_param": ["config", "missing"]}) == ""
    assert stack.evaluate({"get_param": ["config", "ports", 5]}) == ""


def test_get_param_of_an_undefined_parameter_fails_only_when_resolved():
    stack = StackDouble()
    snippet = stack.parse({"get_param": "nope"})
    function.validate(snippet, "conditions.unused")
    with pytest.raises(exception.UserParameterMissing, match=r"The Parameter \(nope\) was"):
        function.resolve(snippet)


def test_get_param_resolves_a_computed_name():
    stack = StackDouble(parameters={"which": "b", "b": "bee"})
    assert stack.evaluate({"get_param": {"get_param": "which"}}) == "bee"


@pytest.mark.parametrize("args", [{"a": 1}, [], 3])
def test_get_param_rejects_malformed_arguments(args):
    with pytest.raises(exception.StackValidationFailed, match='"get_param"'):
        StackDouble().evaluate({"get_param": args})


@pytest.mark.parametrize("version", VERSIONS)
def test_get_resource_gives_the_reference_id(version):
    assert server_stack(version).evaluate({"get_resource": "server"}) == "8a1f"


def test_get_resource_of_an_unknown_resource_is_an_invalid_reference():
    parsed = server_stack().parse({"get_resource": "nope"})
    with pytest.raises(exception.StackValidationFailed) as caught:
        function.validate(parsed, "outputs.o.value")
    assert str(caught.value) == (
        'outputs.o.value: The specified reference "nope" (in get_resource) is incorrect.'
    )


def test_get_resource_of_a_disabled_resource_fails_validation():
    stack = StackDouble(disabled=("volume",))
    with pytest.raises(exception.StackValidationFailed, match='"volume".*disabled'):
        function.validate(stack.parse({"get_resource": "volume"}))


def test_get_resource_reports_its_resource_as_a_dependency():
    parsed = server_stack().parse({"a": [{"get_resource": "server"}]})
    assert [dep.resource_name for dep in function.dependencies(parsed)] == ["server"]


@pytest.mark.parametrize("version", VERSIONS)
def test_get_attr_reads_an_attribute(version):
    assert server_stack(version).evaluate({"get_attr": ["server", "name"]}) == "vm1"


@pytest.mark.parametrize("version", VERSIONS)
def test_get_attr_follows_a_path(version):
    snippet = {"get_attr": ["server", "networks", "private", 0]}
    assert server_stack(version).evaluate(snippet) == "10.0.0.4"


@pytest.mark.parametrize(
    "version, read",
    [("2013-05-23", ("networks",)), ("2014-10-16", ("networks", "private", 0))],
)
def test_get_attr_2013_selects_the_path_itself_later_versions_pass_it(version, read):
    stack = server_stack(version)
    stack.evaluate({"get_attr": ["server", "networks", "private", 0]})
    assert stack.resources["server"].reads == [read]


def test_get_attr_2013_with_a_missing_path_is_none():
    snippet = {"get_attr": ["server", "networks", "public", 0]}
    assert server_stack("2013-05-23").evaluate(snippet) is None


def test_get_attr_before_the_resource_exists_is_none():
    stack = StackDouble(resources={"server": ResourceDouble("server")})
    assert stack.evaluate({"get_attr": ["server", "name"]}) is None


@pytest.mark.parametrize("version", VERSIONS[3:])
def test_get_attr_without_attribute_gives_all_attributes_from_2015_10_15(version):
    stack = server_stack(version)
    assert stack.evaluate({"get_attr": ["server"]})["name"] == "vm1"


@pytest.mark.parametrize("version", VERSIONS[:3])
def test_get_attr_without_attribute_is_refused_before_2015_10_15(version):
    message = r'Incorrect arguments to "get_attr" should be: \{"get_attr": \[resource_name, '
    with pytest.raises(exception.StackValidationFailed, match=message):
        server_stack(version).evaluate({"get_attr": ["server"]})


@pytest.mark.parametrize("args", ["server", [], {"server": "name"}])
def test_get_attr_rejects_malformed_arguments(args):
    with pytest.raises(exception.StackValidationFailed, match='arguments to "get_attr"'):
        server_stack().evaluate({"get_attr": args})


def test_get_attr_of_an_unknown_resource_is_an_invalid_reference():
    with pytest.raises(exception.StackValidationFailed, match='"nope" \\(in get_attr\\)'):
        server_stack().evaluate({"get_attr": ["nope", "name"]})


def test_get_attr_rejects_a_non_string_attribute_name():
    with pytest.raises(exception.StackValidationFailed, match="must be strings"):
        server_stack().evaluate({"get_attr": ["server", {"a": 1}]})


@pytest.mark.parametrize(
    "version, expected",
    [("2013-05-23", ("networks",)), ("2014-10-16", ("networks", "private")), ("2021-04-16", ())],
)
def test_get_attr_dep_attrs(version, expected):
    args = ["server"] if expected == () else ["server", "networks", "private"]
    parsed = server_stack(version).parse({"v": {"get_attr": args}})
    assert list(function.dep_attrs(parsed, "server")) == [expected]
    assert list(function.dep_attrs(parsed, "other")) == []


def test_get_attr_is_a_dependency_of_its_resource():
    parsed = server_stack().parse({"get_attr": ["server", "name"]})
    assert [dep.resource_name for dep in function.dependencies(parsed)] == ["server"]


@pytest.mark.parametrize("version", VERSIONS)
def test_get_file_returns_the_file_content(version):
    stack = StackDouble(files={"init.sh": "#!/bin/sh\n"}, version=version)
    assert stack.evaluate({"get_file": "init.sh"}) == "#!/bin/sh\n"


def test_get_file_of_a_missing_file_fails_naming_it():
    message = 'No content found in the "files" section for get_file path: init.sh'
    with pytest.raises(exception.StackValidationFailed, match=message):
        StackDouble().evaluate({"get_file": "init.sh"})


def test_get_file_needs_a_string():
    with pytest.raises(exception.StackValidationFailed, match="must be a string"):
        StackDouble().evaluate({"get_file": ["a"]})


@pytest.mark.parametrize(
    "section, expected",
    [("metadata", {"role": "db"}), ("deletion_policy", "Retain"), ("update_policy", {"pause": 1})],
)
def test_resource_facade_reads_the_parent_definition(section, expected):
    stack = StackDouble(parent_resource=ParentDouble())
    assert stack.evaluate({"resource_facade": section}) == expected


def test_resource_facade_without_parent_gives_defaults():
    assert StackDouble().evaluate({"resource_facade": "deletion_policy"}) == "Delete"
    assert StackDouble().evaluate({"resource_facade": "metadata"}) == {}


def test_resource_facade_rejects_other_sections():
    with pytest.raises(exception.StackValidationFailed, match="should be one of: metadata"):
        StackDouble().evaluate({"resource_facade": "Metadata"})


@pytest.mark.parametrize("version", VERSIONS[1:])
def test_hot_versions_after_2013_have_no_ref(version):
    assert FUNCTIONS[version]["Ref"] is None
