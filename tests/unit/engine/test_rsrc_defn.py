"""Resource definitions: lazy resolution, dependencies, rendering, freezing."""

import pytest

from heat.common import exception
from heat.engine.rsrc_defn import ResourceDefinition
from heat.engine.stack_definition import ResourceData
from tests.unit.engine.template_helpers import definition, hot

PARAMETERS = {"flavor": {"type": "string", "default": "m1.small"}}


def resources(**resources):
    return hot(parameters=PARAMETERS, resources=resources)


def server(**fields):
    return dict({"type": "OS::Nova::Server"}, **fields)


def test_properties_resolve_functions_when_asked():
    stack = definition(resources(s=server(properties={"flavor": {"get_param": "flavor"}})))
    assert stack.resource_definitions["s"].properties() == {"flavor": "m1.small"}


def test_properties_see_reference_ids_known_later():
    document = resources(
        p={"type": "OS::Neutron::Port"}, s=server(properties={"port": {"get_resource": "p"}})
    )
    before = definition(document)
    after = definition(document, resource_data={"p": ResourceData(reference_id="port-id")})
    assert before.resource_definitions["s"].properties() == {"port": "p"}
    assert after.resource_definitions["s"].properties() == {"port": "port-id"}


def test_missing_sections_resolve_to_empty_maps():
    resource = definition(resources(s=server())).resource_definitions["s"]
    assert resource.properties() == {}
    assert resource.metadata() == {}
    assert resource.update_policy() == {}


def test_deletion_policy_defaults_to_delete():
    assert definition(resources(s=server())).resource_definitions["s"].deletion_policy() == "Delete"


def test_deletion_policy_given_by_a_function_is_checked_when_resolved():
    document = hot(
        parameters={"policy": {"type": "string", "default": "Forget"}},
        resources={"s": server(deletion_policy={"get_param": "policy"})},
    )
    with pytest.raises(exception.StackValidationFailed, match='Invalid deletion policy "Forget"'):
        definition(document).resource_definitions["s"].deletion_policy()


def test_dependencies_join_depends_on_and_references():
    document = resources(
        a={"type": "OS::Heat::None"},
        b={"type": "OS::Heat::None"},
        c={"type": "OS::Heat::None"},
        s=server(
            depends_on="a",
            properties={"x": {"get_resource": "b"}},
            metadata={"y": {"get_attr": ["c", "show"]}},
        ),
    )
    stack = definition(document)
    assert stack.resource_definitions["s"].dependencies(stack) == ["a", "b", "c"]


def test_depends_on_a_disabled_resource_is_dropped():
    document = hot(
        conditions={"never": False},
        resources={
            "a": {"type": "OS::Heat::None", "condition": "never"},
            "s": server(depends_on=["a"]),
        },
    )
    stack = definition(document)
    assert stack.resource_definitions["s"].dependencies(stack) == []


def test_depends_on_an_unknown_resource_is_an_invalid_reference():
    stack = definition(resources(s=server(depends_on=["ghost"])))
    with pytest.raises(exception.InvalidTemplateReference) as error:
        stack.resource_definitions["s"].dependencies(stack)
    assert str(error.value) == 'The specified reference "ghost" (in s) is incorrect.'


def test_required_resource_names_do_not_need_the_resources_to_exist():
    stack = definition(resources(s=server(depends_on="a", properties={"p": {"get_resource": "b"}})))
    assert stack.resource_definitions["s"].required_resource_names() == {"a", "b"}


def test_dep_attrs_lists_the_attributes_read():
    document = resources(
        n={"type": "OS::Neutron::Net"},
        s=server(properties={"a": {"get_attr": ["n", "name"]}, "b": {"get_attr": ["n", "mtu"]}}),
    )
    assert definition(document).resource_definitions["s"].dep_attrs("n") == {("name",), ("mtu",)}


def test_render_hot_gives_the_template_data_back():
    resource = server(
        properties={"flavor": {"get_param": "flavor"}},
        depends_on="a",
        deletion_policy="Retain",
        description="web",
    )
    rendered = definition(resources(a={"type": "OS::Heat::None"}, s=resource))
    assert rendered.resource_definitions["s"].render_hot() == dict(resource, depends_on=["a"])


def test_freeze_resolves_every_field():
    frozen = definition(resources(s=server(properties={"flavor": {"get_param": "flavor"}})))
    frozen_definition = frozen.resource_definitions["s"].freeze()
    assert frozen_definition.render_hot() == server(properties={"flavor": "m1.small"})


def test_freeze_applies_overrides():
    frozen = (
        definition(resources(s=server()))
        .resource_definitions["s"]
        .freeze(properties={"flavor": "big"})
    )
    assert frozen.properties() == {"flavor": "big"}


def test_definitions_with_the_same_data_are_equal():
    first = ResourceDefinition("s", "OS::Nova::Server", properties={"a": 1})
    assert first == ResourceDefinition("s", "OS::Nova::Server", properties={"a": 1})
    assert first != ResourceDefinition("s", "OS::Nova::Server", properties={"a": 2})
    assert first != ResourceDefinition("t", "OS::Nova::Server", properties={"a": 1})


def test_properties_must_resolve_to_a_map():
    document = hot(
        parameters={"props": {"type": "json", "default": [1]}},
        resources={"s": server(properties={"get_param": "props"})},
    )
    with pytest.raises(exception.StackValidationFailed, match="properties type must be object"):
        definition(document).resource_definitions["s"].properties()


def test_condition_and_external_id_are_resolved():
    document = hot(
        conditions={"yes": True},
        resources={"s": server(condition="yes", external_id="abc")},
    )
    resource = definition(document).resource_definitions["s"]
    assert (resource.condition(), resource.external_id()) == ("yes", "abc")
