"""Attribute schemas, the attributes mapping with its cache, and get_attr paths."""

import logging

import pytest

from heat.common import exception
from heat.engine import attributes
from heat.engine.attributes import Schema


class Resolver:
    """Answers attribute values from a dict and counts the calls."""

    def __init__(self, **values):
        self.values = values
        self.calls = []

    def __call__(self, name):
        self.calls.append(name)
        return self.values.get(name)


def test_the_rest_form_has_the_description_and_the_type_in_lower_case():
    schema = Schema("The address.", type=Schema.STRING)
    assert schema.to_dict() == {"description": "The address.", "type": "string"}


def test_the_rest_form_leaves_out_what_is_not_set():
    assert Schema().to_dict() == {}


def test_an_unknown_type_is_a_schema_error():
    with pytest.raises(exception.InvalidSchemaError, match="Invalid type"):
        Schema("x", type="Text")


def test_the_show_attribute_is_a_map():
    assert attributes.BASE_ATTRIBUTES["show"].to_dict() == {
        "description": "Detailed information about resource.",
        "type": "map",
    }


def test_values_come_from_the_resolver_and_are_kept():
    resolver = Resolver(ip="10.0.0.1")
    attrs = attributes.Attributes("server", {"ip": Schema("IP")}, resolver)
    assert attrs["ip"] == "10.0.0.1"
    assert attrs["ip"] == "10.0.0.1"
    assert resolver.calls == ["ip"]


def test_none_is_not_kept_so_a_later_value_is_seen():
    resolver = Resolver()
    attrs = attributes.Attributes("server", {"ip": Schema("IP")}, resolver)
    assert attrs["ip"] is None
    resolver.values["ip"] = "10.0.0.2"
    assert attrs["ip"] == "10.0.0.2"


def test_cache_none_attributes_are_resolved_every_time():
    resolver = Resolver(value="a")
    schema = {"value": Schema("V", cache_mode=Schema.CACHE_NONE)}
    attrs = attributes.Attributes("random", schema, resolver)
    attrs["value"]
    attrs["value"]
    assert resolver.calls == ["value", "value"]


def test_reset_forgets_the_kept_values():
    resolver = Resolver(ip="10.0.0.1")
    attrs = attributes.Attributes("server", {"ip": Schema("IP")}, resolver)
    attrs["ip"]
    attrs.reset_resolved_values()
    attrs["ip"]
    assert resolver.calls == ["ip", "ip"]


def test_kept_values_can_be_read_and_restored():
    attrs = attributes.Attributes("server", {"ip": Schema("IP")}, Resolver(ip="10.0.0.1"))
    attrs["ip"]
    assert attrs.cached_attrs == {"ip": "10.0.0.1"}
    assert attrs.has_new_cached_attrs()
    attrs.cached_attrs = {"ip": "10.0.0.9"}
    assert not attrs.has_new_cached_attrs()
    assert attrs["ip"] == "10.0.0.9"


def test_an_unknown_attribute_names_the_resource():
    attrs = attributes.Attributes("server", {"ip": Schema("IP")}, Resolver())
    with pytest.raises(exception.InvalidTemplateAttribute) as error:
        attrs["port"]
    assert str(error.value) == "The Referenced Attribute (server port) is incorrect."


def test_the_mapping_lists_the_schema_and_get_defaults_for_unknown_names():
    attrs = attributes.Attributes("server", {"ip": Schema("IP")}, Resolver(ip="x"))
    assert list(attrs) == ["ip"]
    assert len(attrs) == 1
    assert "port" not in attrs
    assert attrs.get("port", "none") == "none"
    assert attrs.get("ip") == "x"


def test_a_value_of_the_wrong_type_is_returned_with_a_warning(caplog):
    schema = {"ports": Schema("Ports", type=Schema.LIST)}
    attrs = attributes.Attributes("server", schema, Resolver(ports="80"))
    with caplog.at_level(logging.WARNING):
        assert attrs["ports"] == "80"
    assert "not of type List" in caplog.text


def test_select_follows_keys_and_indexes():
    value = {"networks": [{"ip": "10.0.0.1"}]}
    assert attributes.select_from_attribute(value, ["networks", 0, "ip"]) == "10.0.0.1"


def test_select_without_a_path_is_the_value():
    assert attributes.select_from_attribute({"a": 1}, []) == {"a": 1}


@pytest.mark.parametrize(
    "path", [["missing"], ["networks", 5], ["networks", "first"], ["networks", 0, "ip", 1.5]]
)
def test_select_gives_none_for_a_step_that_cannot_be_taken(path):
    value = {"networks": [{"ip": "10.0.0.1"}]}
    assert attributes.select_from_attribute(value, path) is None


def test_select_cannot_step_into_a_number():
    assert attributes.select_from_attribute(5, ["a"]) is None
