"""A stack's environment: its sections, its chain to the global environment, nested stacks."""

import pytest

from heat.common import exception
from heat.engine import environment
from heat.engine.environment import Environment


class Server:
    """A stand-in plugin class."""


class RecordingSink:
    """An event sink class that keeps its options."""

    def __init__(self, **options):
        self.options = options


def global_env():
    env = Environment(user_env=False)
    env.event_sink_classes = {"zaqar-queue": RecordingSink}
    env.register_class("OS::Nova::Server", Server)
    return env


def test_sections_become_attributes():
    env = Environment(
        {
            "parameters": {"flavor": "m1.small"},
            "parameter_defaults": {"image": "cirros"},
            "encrypted_param_names": ["password"],
            "parameter_merge_strategies": {"default": "merge"},
            "event_sinks": [{"type": "zaqar-queue", "target": "q"}],
        }
    )
    assert env.params == {"flavor": "m1.small"}
    assert env.param_defaults == {"image": "cirros"}
    assert env.encrypted_param_names == ["password"]
    assert env.param_merge_strategies == {"default": "merge"}
    assert env.event_sinks == [{"type": "zaqar-queue", "target": "q"}]


def test_a_dict_without_sections_is_all_parameters():
    assert Environment({"flavor": "m1.small", "count": 2}).params == {
        "flavor": "m1.small",
        "count": 2,
    }


def test_without_a_parameters_section_other_keys_are_parameters():
    env = Environment({"flavor": "m1.small", "resource_registry": {"My::S": "OS::Nova::Server"}})
    assert env.params == {"flavor": "m1.small"}
    assert env.registry.as_dict()["My::S"] == "OS::Nova::Server"


def test_the_given_dict_is_not_shared():
    given = {"parameters": {"a": 1}}
    Environment(given).params["b"] = 2
    assert given == {"parameters": {"a": 1}}


def test_a_user_environment_finds_global_types():
    env = Environment({"resource_registry": {"My::S": "OS::Nova::Server"}}, global_env=global_env())
    assert env.get_class("My::S") is Server


def test_user_env_as_dict_is_what_the_user_gave_with_every_section():
    given = {
        "parameters": {"password": "secret"},
        "parameter_defaults": {"a": 1},
        "resource_registry": {"My::S": "OS::Nova::Server"},
    }
    env = Environment(given, global_env=global_env())
    assert env.user_env_as_dict() == {
        "resource_registry": {"My::S": "OS::Nova::Server", "resources": {}},
        "parameters": {"password": "secret"},
        "parameter_defaults": {"a": 1},
        "event_sinks": [],
    }


def test_env_as_dict_adds_the_encrypted_parameter_names():
    env = Environment({"encrypted_param_names": ["password"]})
    assert env.env_as_dict()["encrypted_param_names"] == ["password"]


def test_event_sinks_are_built_by_their_type_class():
    env = Environment(
        {"event_sinks": [{"type": "zaqar-queue", "target": "q", "ttl": 60}]},
        global_env=global_env(),
    )
    [sink] = env.get_event_sinks()
    assert isinstance(sink, RecordingSink) and sink.options == {"target": "q", "ttl": 60}


def test_an_unknown_event_sink_type_is_refused():
    with pytest.raises(exception.StackValidationFailed, match='unknown event sink type "kafka"'):
        Environment({"event_sinks": [{"type": "kafka"}]}, global_env=global_env())


def test_an_event_sink_without_type_is_refused():
    with pytest.raises(exception.StackValidationFailed, match="event_sinks"):
        Environment({"event_sinks": ["zaqar-queue"]})


def test_load_adds_to_what_is_there():
    env = Environment({"parameters": {"a": 1}, "parameter_defaults": {"b": 2}})
    env.load({"parameters": {"c": 3}, "parameter_defaults": {"b": 4}})
    assert (env.params, env.param_defaults) == ({"a": 1, "c": 3}, {"b": 4})


def test_a_child_gets_the_parent_registry_and_defaults_but_its_own_parameters():
    parent = Environment(
        {
            "parameters": {"parent_only": 1},
            "parameter_defaults": {"image": "cirros"},
            "resource_registry": {"My::S": "OS::Nova::Server"},
        },
        global_env=global_env(),
    )
    child = environment.get_child_environment(parent, {"size": 2})
    assert child.params == {"size": 2}
    assert child.param_defaults == {"image": "cirros"}
    assert child.get_class("My::S") is Server


def test_child_params_with_sections_are_loaded_over_the_parent():
    parent = Environment({"parameter_defaults": {"a": 1, "b": 1}})
    child = environment.get_child_environment(
        parent, {"parameters": {"x": 1}, "parameter_defaults": {"b": 2}}
    )
    assert (child.params, child.param_defaults) == ({"x": 1}, {"a": 1, "b": 2})


def test_a_child_loses_the_template_entry_it_implements():
    parent = Environment({"resource_registry": {"My::Stack": "my_stack.yaml"}})
    info = parent.get_resource_info("My::Stack")
    child = environment.get_child_environment(parent, {}, item_to_remove=info)
    with pytest.raises(exception.EntityNotFound):
        child.get_resource_info("My::Stack")


def test_a_child_inherits_the_hooks_nested_under_its_resource_name():
    parent = Environment(
        {"resource_registry": {"resources": {"nested": {"server": {"hooks": "pre-create"}}}}}
    )
    child = environment.get_child_environment(parent, None, child_resource_name="nested")
    assert child.registry.matches_hook("server", "pre-create")
    assert not parent.registry.matches_hook("server", "pre-create")
