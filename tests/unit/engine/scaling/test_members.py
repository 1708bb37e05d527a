"""Which members a scaling group keeps, removes and gives a new definition."""

import datetime
from types import SimpleNamespace

import pytest

from heat.common import exception
from heat.engine.scaling import members

OLD, NEW = {"type": "T", "properties": {"v": 1}}, {"type": "T", "properties": {"v": 2}}


def member(name, minutes, status="COMPLETE"):
    created = datetime.datetime(2026, 1, 1) + datetime.timedelta(minutes=minutes)
    return SimpleNamespace(name=name, created_time=created, status=status)


def names():
    counter = iter("xyz")
    return lambda: next(counter)


def test_failed_members_go_first_then_the_oldest():
    found = [member("b", 2), member("a", 3), member("c", 1), member("f", 9, "FAILED")]
    assert members.removal_order(found) == ["f", "c", "b", "a"]
    assert [item.name for item in members.in_service(found)] == ["c", "b", "a"]


def test_shrinking_keeps_the_last_ones():
    existing = [("a", OLD), ("b", OLD), ("c", OLD)]
    assert members.resized(existing, OLD, 2) == [("b", OLD), ("c", OLD)]
    assert members.resized(existing, OLD, 0) == []


def test_growing_adds_members_with_the_new_definition():
    existing = [("a", OLD)]
    assert members.resized(existing, NEW, 3, make_name=names()) == [
        ("a", OLD),
        ("x", NEW),
        ("y", NEW),
    ]


def test_replace_counts_new_members_then_updates_the_oldest_kept():
    existing = [("a", OLD), ("b", OLD), ("c", OLD)]
    assert members.resized(existing, NEW, 3, replace=2) == [("a", NEW), ("b", NEW), ("c", OLD)]
    grown = members.resized(existing, NEW, 4, replace=2, make_name=names())
    assert grown == [("a", NEW), ("b", OLD), ("c", OLD), ("x", NEW)]


def test_a_definition_leaves_out_unknown_values():
    resource = {"type": "T", "properties": {"a": None, "b": 1}, "metadata": {}}
    assert members.definition(resource, []) == {"type": "T", "properties": {"b": 1}}


@pytest.mark.parametrize(
    ("resource", "message"),
    [({"type": "T", "colour": "red"}, "colour"), ({"properties": {}}, 'missing "type"')],
)
def test_a_bad_definition_names_its_path(resource, message):
    with pytest.raises(exception.StackValidationFailed, match=message) as failure:
        members.definition(resource, ["resources", "g", "properties", "resource"])
    assert str(failure.value).startswith("resources.g.properties.resource")
