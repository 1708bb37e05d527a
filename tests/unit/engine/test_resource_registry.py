"""Which class or template implements a resource type, as environments declare it."""

import pytest

from heat.common import exception
from heat.engine.resource_info import ClassResourceInfo, TemplateResourceInfo
from heat.engine.resource_registry import ResourceRegistry


class Server:
    """A stand-in plugin class."""


class OtherServer:
    """Another stand-in plugin class."""


class NeutronNet:
    """A stand-in network plugin."""


class TemplateResource:
    """Records the templates it is asked to make classes of."""

    @classmethod
    def class_for_template(cls, type_name, template_text, param_defaults):
        return (type_name, template_text, dict(param_defaults))


def registries(user_registry=None, global_registry=None):
    system = ResourceRegistry(template_resource_class=TemplateResource)
    system.register_class("OS::Nova::Server", Server)
    system.register_class("Other::Server", OtherServer)
    system.register_class("OS::Neutron::Net", NeutronNet)
    system.load(global_registry or {})
    user = ResourceRegistry(global_registry=system, user=True)
    user.load(user_registry or {})
    return user, system


def test_a_registered_plugin_class_implements_its_type():
    user, _ = registries()
    assert user.get_class("OS::Nova::Server") is Server


def test_an_alias_in_the_user_registry_reaches_a_global_class():
    user, _ = registries({"My::Server": "OS::Nova::Server"})
    assert user.get_class("My::Server") is Server


def test_aliases_are_followed_through_several_steps():
    user, _ = registries({"A::Server": "B::Server", "B::Server": "OS::Nova::Server"})
    assert user.get_class("A::Server") is Server


def test_a_glob_maps_the_rest_of_the_type_name():
    user, _ = registries(global_registry={"OS::Quantum*": "OS::Neutron*"})
    assert user.get_class("OS::Quantum::Net") is NeutronNet


def test_a_glob_may_map_every_type_to_one():
    user, _ = registries({"Fake::*": "OS::Nova::Server"})
    assert user.get_class("Fake::Anything") is Server


def test_the_user_registry_wins_over_the_global_one():
    user, _ = registries({"OS::Nova::Server": "Other::Server"})
    assert user.get_class("OS::Nova::Server") is OtherServer


def test_an_exact_entry_wins_over_a_glob():
    user, _ = registries({"My::*": "Other::Server", "My::Server": "OS::Nova::Server"})
    assert user.get_class("My::Server") is Server


def test_the_longest_glob_wins():
    user, _ = registries({"My::*": "Other::Server", "My::Nova::*": "OS::Nova::Server"})
    assert user.get_class("My::Nova::Thing") is Server


def test_a_per_resource_entry_applies_to_that_resource_only():
    user, _ = registries({"resources": {"web": {"OS::Nova::Server": "Other::Server"}}})
    assert user.get_class("OS::Nova::Server", "web") is OtherServer
    assert user.get_class("OS::Nova::Server", "db") is Server


def test_a_per_resource_pattern_applies_to_matching_names():
    user, _ = registries({"resources": {"web_*": {"OS::Nova::Server": "Other::Server"}}})
    assert user.get_class("OS::Nova::Server", "web_1") is OtherServer


def test_null_removes_an_entry():
    user, system = registries(global_registry={"My::Server": "OS::Nova::Server"})
    system.load({"My::Server": None})
    with pytest.raises(exception.EntityNotFound):
        user.get_class("My::Server")


def test_a_null_glob_removes_every_entry_with_its_prefix():
    _, system = registries(global_registry={"Old::A": "OS::Nova::Server", "Old::B": "Server"})
    system.load({"Old::*": None})
    for name in ("Old::A", "Old::B"):
        with pytest.raises(exception.EntityNotFound):
            system.get_class(name)
    assert system.get_class("OS::Nova::Server") is Server


def test_an_unknown_type_is_not_found():
    user, _ = registries()
    with pytest.raises(exception.EntityNotFound, match=r"Resource Type \(No::Such\)"):
        user.get_class("No::Such")


def test_circular_aliases_end_as_not_found():
    user, _ = registries({"A::X": "B::X", "B::X": "A::X"})
    with pytest.raises(exception.EntityNotFound):
        user.get_class("A::X")


def test_a_self_mapping_falls_back_to_the_global_class():
    user, _ = registries({"resources": {"web": {"OS::Nova::Server": "OS::Nova::Server"}}})
    assert user.get_class("OS::Nova::Server", "web") is Server


def test_a_template_value_makes_a_user_template_entry():
    user, _ = registries({"My::Stack": "my_stack.yaml"})
    info = user.get_resource_info("My::Stack")
    assert isinstance(info, TemplateResourceInfo) and info.user_resource


def test_a_template_file_name_used_as_type_is_a_template_in_user_registries():
    user, _ = registries()
    info = user.get_resource_info("nested.yaml")
    assert isinstance(info, TemplateResourceInfo) and info.template_name == "nested.yaml"


def test_the_global_registry_does_not_take_template_file_names_as_types():
    _, system = registries()
    with pytest.raises(exception.EntityNotFound):
        system.get_resource_info("nested.yaml")


def test_a_template_class_is_made_from_the_files_map():
    user, _ = registries({"My::Stack": "my_stack.yaml"})
    user.param_defaults["size"] = 3
    made = user.get_class("My::Stack", files={"my_stack.yaml": "resources: {}"})
    assert made == ("My::Stack", "resources: {}", {"size": 3})


def test_user_templates_may_not_be_local_files(tmp_path):
    template = tmp_path / "t.yaml"
    template.write_text("resources: {}")
    user, _ = registries({"My::Stack": template.as_uri()})
    with pytest.raises(exception.NotFound, match="Could not fetch remote template"):
        user.get_class("My::Stack")


def test_global_templates_are_read_from_local_files(tmp_path):
    template = tmp_path / "t.yaml"
    template.write_text("resources: {}")
    _, system = registries(global_registry={"My::Stack": template.as_uri()})
    assert system.get_class("My::Stack")[1] == "resources: {}"


def test_a_template_needs_a_template_resource_class():
    registry = ResourceRegistry(user=True)
    registry.load({"My::Stack": "my_stack.yaml"})
    with pytest.raises(exception.NotSupported):
        registry.get_class_to_instantiate("My::Stack")


def test_the_class_behind_a_template_override_can_be_found():
    user, _ = registries({"OS::Nova::Server": "my_server.yaml"})
    info = user.get_resource_info("OS::Nova::Server", registry_type=ClassResourceInfo)
    assert info.value is Server


@pytest.mark.parametrize(
    ("resource_type", "message"),
    [
        ("", 'Resource "r" has no type'),
        (None, 'Non-empty resource type is required for resource "r"'),
        (["x"], 'Resource "r" type is not a string'),
        ("No::Such", r"The Resource Type \(No::Such\) could not be found"),
    ],
)
def test_bad_resource_types_fail_validation(resource_type, message):
    user, _ = registries()
    with pytest.raises(exception.StackValidationFailed, match=message):
        user.get_class_to_instantiate(resource_type, "r")


def test_hooks_match_by_name_and_pattern():
    user, _ = registries(
        {"resources": {"web": {"hooks": "pre-create"}, "db_*": {"hooks": ["pre-update"]}}}
    )
    assert user.matches_hook("web", "pre-create")
    assert user.matches_hook("db_1", "pre-update")
    assert not user.matches_hook("web", "pre-update")


def test_an_unknown_hook_is_refused_naming_the_entry():
    with pytest.raises(exception.InvalidBreakPointHook, match=r'"resources.web.hooks"'):
        registries({"resources": {"web": {"hooks": ["pre-create", "pre-launch"]}}})


def test_restricted_actions_of_every_matching_pattern_are_collected():
    user, _ = registries(
        {
            "resources": {
                "web": {"restricted_actions": "update"},
                "w*": {"restricted_actions": ["replace"]},
            }
        }
    )
    assert user.get_rsrc_restricted_actions("web") == {"update", "replace"}
    assert user.get_rsrc_restricted_actions("db") == set()


def test_an_unknown_restricted_action_is_refused():
    with pytest.raises(exception.InvalidRestrictedAction, match="resources.web"):
        registries({"resources": {"web": {"restricted_actions": "delete"}}})


def test_an_entry_that_is_neither_type_nor_template_is_refused():
    with pytest.raises(exception.StackValidationFailed, match="resource_registry.My::Type"):
        registries({"My::Type": 3})


def test_a_per_resource_entry_must_be_a_mapping():
    with pytest.raises(exception.StackValidationFailed, match="resource_registry.resources.web"):
        registries({"resources": {"web": "OS::Nova::Server"}})


def test_as_dict_keeps_only_user_entries_as_given():
    registry = {
        "My::Server": "OS::Nova::Server",
        "resources": {"web": {"hooks": "pre-create", "OS::Nova::Server": "web.yaml"}},
    }
    user, system = registries(registry, global_registry={"Global::Alias": "OS::Nova::Server"})
    assert user.as_dict() == registry
    assert system.as_dict() == {"resources": {}}


def test_remove_item_drops_the_entry_at_its_path():
    user, _ = registries({"My::Stack": "my_stack.yaml"})
    user.remove_item(user.get_resource_info("My::Stack"))
    with pytest.raises(exception.EntityNotFound):
        user.get_resource_info("My::Stack")


def test_narrowing_keeps_what_is_nested_under_the_resource_and_matching_patterns():
    user, _ = registries(
        {
            "resources": {
                "nested": {"child": {"hooks": "pre-create"}, "hooks": "pre-update"},
                "nest*": {"other": {"hooks": "pre-delete"}},
                "unrelated": {"x": {"hooks": "pre-create"}},
            }
        }
    )
    child = user.for_child("nested")
    assert child.as_dict()["resources"] == {
        "other": {"hooks": "pre-delete"},
        "child": {"hooks": "pre-create"},
    }
