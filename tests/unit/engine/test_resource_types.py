"""Listing registered resource types with the filters of list_resource_types."""

import types

import pytest

from heat.common import exception
from heat.engine.resource_registry import ResourceRegistry


def plugin(status="SUPPORTED", version=None, doc="A plugin."):
    support = types.SimpleNamespace(status=status, version=version)
    return type("Plugin", (), {"support_status": support, "__doc__": doc})


class TemplateResource:
    """Resources implemented by provider templates."""


@pytest.fixture
def registry():
    registry = ResourceRegistry(template_resource_class=TemplateResource)
    registry.register_class("OS::Nova::Server", plugin(version="2014.1"))
    registry.register_class("OS::Heat::Old", plugin("DEPRECATED", "2015.1"))
    registry.register_class("OS::Heat::Gone", plugin("HIDDEN"))
    registry.load({"AWS::RDS::DBInstance": "file:///t.yaml", "OS::Quantum*": "OS::Neutron*"})
    return registry


def test_classes_and_templates_are_listed_in_name_order_hidden_and_aliases_not(registry):
    assert registry.get_types() == ["AWS::RDS::DBInstance", "OS::Heat::Old", "OS::Nova::Server"]


def test_support_status_filters_exactly(registry):
    assert registry.get_types(support_status="DEPRECATED") == ["OS::Heat::Old"]


def test_hidden_types_are_never_listed(registry):
    assert registry.get_types(support_status="HIDDEN") == []


def test_an_unknown_support_status_is_invalid(registry):
    with pytest.raises(exception.Invalid, match="Invalid support status"):
        registry.get_types(support_status="MAYBE")


def test_type_name_is_a_regular_expression_matched_at_the_start(registry):
    assert registry.get_types(type_name="OS::N") == ["OS::Nova::Server"]
    assert registry.get_types(type_name="Nova") == []


def test_a_bad_regular_expression_lists_nothing(registry):
    assert registry.get_types(type_name="(") == []


def test_version_filters_on_the_support_status_version(registry):
    assert registry.get_types(version="2014.1") == ["OS::Nova::Server"]


def test_descriptions_come_from_the_class_docstring(registry):
    listed = registry.get_types(type_name="AWS", with_description=True)
    assert listed == [
        {
            "resource_type": "AWS::RDS::DBInstance",
            "description": "Resources implemented by provider templates.",
        }
    ]


def test_include_filters_further(registry):
    assert registry.get_types(include=lambda name, cls: "Heat" in name) == ["OS::Heat::Old"]
