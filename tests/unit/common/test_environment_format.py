"""Environment documents given as YAML or JSON text."""

import pytest

from heat.common import environment_format


def test_yaml_sections_are_read():
    environment = environment_format.parse(
        "parameters:\n  flavor: m1.small\nresource_registry:\n  My::Type: OS::Heat::None\n"
    )
    assert environment == {
        "parameters": {"flavor": "m1.small"},
        "resource_registry": {"My::Type": "OS::Heat::None"},
    }


def test_json_text_is_read():
    assert environment_format.parse('{"parameter_defaults": {"a": 1}}') == {
        "parameter_defaults": {"a": 1}
    }


def test_blank_text_is_an_empty_environment():
    assert environment_format.parse("  \n") == {}


def test_dates_stay_strings():
    environment = environment_format.parse("parameters:\n  day: 2016-10-14\n")
    assert environment["parameters"]["day"] == "2016-10-14"


def test_unknown_section_is_named():
    with pytest.raises(ValueError, match='environment has wrong section "colours"'):
        environment_format.parse("colours: {}\n")


def test_empty_section_is_refused():
    with pytest.raises(ValueError, match='environment has empty section "parameters"'):
        environment_format.parse("parameters:\n")


def test_section_of_the_wrong_type_is_refused():
    with pytest.raises(ValueError, match='"event_sinks" must be a list'):
        environment_format.parse("event_sinks: {a: b}\n")


def test_non_mapping_is_refused():
    with pytest.raises(ValueError, match="not a valid YAML mapping"):
        environment_format.parse("- a\n- b\n")


def test_bad_yaml_is_a_value_error():
    with pytest.raises(ValueError, match="Error parsing environment"):
        environment_format.parse("parameters: [unclosed\n")


def test_python_objects_are_not_loaded():
    with pytest.raises(ValueError):
        environment_format.parse("parameters: !!python/object/apply:os.getcwd []\n")


def test_key_order_is_kept():
    environment = environment_format.parse("parameters:\n  z: 1\n  a: 2\n  m: 3\n")
    assert list(environment["parameters"]) == ["z", "a", "m"]


def test_missing_sections_are_added_except_merge_strategies():
    environment = environment_format.default_for_missing({"parameters": {"a": 1}})
    assert environment == {
        "parameters": {"a": 1},
        "parameter_defaults": {},
        "resource_registry": {},
        "event_sinks": [],
        "encrypted_param_names": [],
    }


def test_merge_strategies_section_is_accepted():
    environment = environment_format.parse("parameter_merge_strategies:\n  default: merge\n")
    assert environment == {"parameter_merge_strategies": {"default": "merge"}}
