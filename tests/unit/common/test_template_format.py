"""Template and environment documents given as text."""

import pytest

from heat.common import exception, template_format


def test_yaml_dates_stay_strings():
    template = template_format.parse("heat_template_version: 2021-04-16\n")
    assert template == {"heat_template_version": "2021-04-16"}


def test_json_template_is_parsed():
    assert template_format.parse('{"AWSTemplateFormatVersion": "2010-09-09"}')


def test_template_without_version_is_refused():
    with pytest.raises(ValueError, match="version"):
        template_format.parse("resources: {}\n")


def test_oversized_template_exceeds_the_request_limit():
    with pytest.raises(exception.RequestLimitExceeded):
        template_format.parse("heat_template_version: 2021-04-16\n", max_size=10)


def test_environment_with_unknown_section_is_refused():
    with pytest.raises(ValueError, match="wrong section"):
        template_format.parse_environment("colours: {}\n")


def test_missing_environment_sections_are_defaulted():
    environment = template_format.default_for_missing({"parameters": {"a": 1}})
    assert environment["parameters"] == {"a": 1}
    assert environment["event_sinks"] == []


def test_yaml_flow_mapping_is_not_mistaken_for_json():
    template = template_format.parse("{heat_template_version: 2016-10-14, resources: {}}")
    assert template == {"heat_template_version": "2016-10-14", "resources": {}}


def test_non_mapping_template_is_refused():
    with pytest.raises(ValueError, match="not a JSON object or YAML mapping"):
        template_format.parse("- heat_template_version\n")


def test_oversized_template_error_names_the_limit():
    with pytest.raises(exception.RequestLimitExceeded, match=r"maximum allowed size \(10 bytes\)"):
        template_format.parse("heat_template_version: 2021-04-16\n", max_size=10)


def test_template_keys_keep_their_order():
    template = template_format.parse(
        "heat_template_version: 2021-04-16\nresources:\n  z: {}\n  a: {}\n  m: {}\n"
    )
    assert list(template["resources"]) == ["z", "a", "m"]


def test_parse_error_names_the_template_url():
    with pytest.raises(ValueError, match="Error parsing template http://x/t.yaml"):
        template_format.parse("resources: [\n", url="http://x/t.yaml")


def test_simple_parse_does_not_need_a_version():
    assert template_format.simple_parse("resources: {}\n") == {"resources": {}}


def test_json_template_converts_to_yaml_in_key_order():
    converted = template_format.convert_json_to_yaml('{"b": 1, "a": {"d": "x", "c": [1, 2]}}')
    assert converted == "b: 1\na:\n  d: x\n  c:\n  - 1\n  - 2\n"
