"""StackDefinition: the stack protocol that functions read, and static validation."""

import pytest

from heat.common import exception, identifier
from heat.engine.stack_definition import ResourceData, StackDefinition
from tests.unit.engine.template_helpers import REGISTRY, definition, hot

NONE = {"type": "OS::Heat::None"}


def needs(*names):
    return {"type": "OS::Heat::None", "depends_on": list(names)}


def test_resource_proxy_refers_to_the_name_before_the_stack_runs():
    proxy = definition(hot(resources={"a": NONE}))["a"]
    assert (proxy.name, proxy.type, proxy.FnGetRefId()) == ("a", "OS::Heat::None", "a")
    assert proxy.FnGetAtt("show") is None
    assert proxy.FnGetAtts() is None


def test_resource_proxy_reads_known_resource_data():
    data = {"a": ResourceData("id-1", {"show": {"x": [1, 2]}})}
    proxy = definition(hot(resources={"a": NONE}), resource_data=data)["a"]
    assert proxy.FnGetRefId() == "id-1"
    assert proxy.FnGetAtt("show", "x", 1) == 2
    assert proxy.FnGetAtt("show", "missing") is None
    assert proxy.FnGetAtts() == {"show": {"x": [1, 2]}}


def test_resource_proxy_gives_the_definition():
    stack = definition(hot(resources={"a": dict(NONE, metadata={"k": "v"})}))
    assert stack["a"].t.metadata() == {"k": "v"}


def test_unknown_resource_is_a_key_error():
    with pytest.raises(KeyError):
        definition(hot(resources={"a": NONE}))["b"]


def test_stack_exposes_template_files_and_environment():
    stack = definition(hot(), files={"f.txt": "F"}, params={})
    assert stack.t.files == {"f.txt": "F"}
    assert stack.env.params == {}


def test_identifier_names_the_stack():
    stack_identifier = identifier.HeatIdentifier("tenant", "web", "id-1")
    template = REGISTRY.load(hot(outputs={"o": {"value": {"get_param": "OS::stack_id"}}}))
    stack = StackDefinition(template, identifier=stack_identifier)
    assert stack.name == "web"
    assert stack.outputs["o"].get_value() == "id-1"


def test_availability_zones_default_to_nova():
    assert definition(hot()).availability_zones() == ["nova"]


def test_parent_resource_is_looked_up_when_asked_for():
    parent = object()
    lookups = []

    def lookup():
        lookups.append(parent)
        return parent

    stack = definition(hot(), parent_lookup=lookup)
    assert not lookups
    assert stack.parent_resource is parent


def test_dependency_graph_points_from_a_resource_to_what_it_needs():
    stack = definition(hot(resources={"a": NONE, "b": needs("a")}))
    assert sorted(stack.dependency_graph().edges) == [("b", "a")]


def test_cycle_of_depends_on_names_its_resources():
    stack = definition(hot(resources={"a": needs("c"), "b": needs("a"), "c": needs("b")}))
    with pytest.raises(exception.CircularDependencyException) as error:
        stack.validate()
    assert str(error.value) == "Circular Dependency Found: a -> c -> b -> a"


def test_cycle_through_references_is_found():
    resources = {
        "a": {"type": "OS::Heat::None", "properties": {"x": {"get_attr": ["b", "y"]}}},
        "b": {"type": "OS::Heat::None", "properties": {"x": {"get_resource": "a"}}},
    }
    with pytest.raises(exception.CircularDependencyException, match="a -> b -> a"):
        definition(hot(resources=resources)).validate()


def test_reference_to_an_unknown_resource_is_invalid():
    resources = {"a": {"type": "OS::Heat::None", "properties": {"x": {"get_resource": "ghost"}}}}
    with pytest.raises(exception.StackValidationFailed) as error:
        definition(hot(resources=resources)).validate()
    assert str(error.value).startswith("resources.a.properties.x: ")
    assert '"ghost"' in str(error.value)


def test_output_reference_to_an_unknown_resource_is_invalid():
    outputs = {"o": {"value": {"get_attr": ["ghost", "x"]}}}
    with pytest.raises(exception.StackValidationFailed) as error:
        definition(hot(outputs=outputs)).validate()
    assert str(error.value).startswith("outputs.o.value: ")


def test_function_errors_name_the_resource_path():
    resources = {"a": {"type": "OS::Heat::None", "properties": {"x": {"list_join": 1}}}}
    with pytest.raises(exception.StackValidationFailed) as error:
        definition(hot(resources=resources)).validate()
    assert str(error.value).startswith("resources.a.properties.x: ")
    assert "list_join" in str(error.value)


def test_missing_parameter_value_fails_validation():
    document = hot(parameters={"key": {"type": "string"}})
    with pytest.raises(exception.UserParameterMissing, match="key"):
        definition(document).validate()


def test_user_parameter_not_in_the_template_fails_validation():
    with pytest.raises(exception.UnknownUserParameter, match="extra"):
        definition(hot(), params={"extra": 1}).validate()


def test_parameter_groups_are_validated():
    document = hot(parameter_groups=[{"label": "g", "parameters": ["ghost"]}])
    with pytest.raises(exception.StackValidationFailed, match="ghost"):
        definition(document).validate()


def test_validate_accepts_a_sound_template():
    document = hot(
        parameters={"size": {"type": "number", "default": 1}},
        resources={"a": NONE, "b": dict(needs("a"), properties={"n": {"get_param": "size"}})},
        outputs={"o": {"value": {"get_attr": ["b", "show"]}}},
    )
    definition(document).validate()


def test_resources_are_parsed_once():
    stack = definition(hot(resources={"a": NONE}))
    assert stack.resource_definitions is stack.resource_definitions


def test_resource_depending_on_itself_is_a_cycle():
    with pytest.raises(exception.CircularDependencyException, match="a -> a"):
        definition(hot(resources={"a": needs("a"), "b": NONE})).validate()
