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
