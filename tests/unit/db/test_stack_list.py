"""Listing and counting stacks: scoping, visibility, tags, filters, sorting and pages."""

import pytest

from heat.common import exception
from heat.db import api as db_api
from tests.unit.db import rows


def names(stacks):
    return [stack.name for stack in stacks]


def test_lists_only_the_project_stacks(user_context, other_context):
    rows.make_stack(user_context, name="mine")
    rows.make_stack(other_context, name="theirs")
    assert names(db_api.stack_get_all(user_context)) == ["mine"]


def test_admin_lists_every_project(user_context, other_context, admin_context):
    rows.make_stack(user_context, name="mine")
    rows.make_stack(other_context, name="theirs")
    assert sorted(names(db_api.stack_get_all(admin_context))) == ["mine", "theirs"]


def test_default_order_is_newest_first(user_context):
    rows.make_stack(user_context, name="old", created_at=rows.ago(hours=2))
    rows.make_stack(user_context, name="new", created_at=rows.ago(hours=1))
    assert names(db_api.stack_get_all(user_context)) == ["new", "old"]


def test_nested_stacks_are_hidden_unless_asked(user_context):
    parent = rows.make_stack(user_context, name="parent")
    rows.make_stack(user_context, name="child", owner_id=parent.id)
    assert names(db_api.stack_get_all(user_context)) == ["parent"]
    assert sorted(names(db_api.stack_get_all(user_context, show_nested=True))) == [
        "child",
        "parent",
    ]


def test_backup_stacks_are_never_listed(user_context):
    parent = rows.make_stack(user_context, name="parent")
    rows.make_stack(user_context, name="parent*", owner_id=parent.id, backup=True)
    assert names(db_api.stack_get_all(user_context, show_nested=True)) == ["parent"]


def test_deleted_stacks_are_hidden_unless_asked(user_context):
    stack = rows.make_stack(user_context, name="gone")
    db_api.stack_delete(user_context, stack.id)
    assert db_api.stack_get_all(user_context) == []
    assert names(db_api.stack_get_all(user_context, show_deleted=True)) == ["gone"]


def _tagged(context):
    for name, tags in (("ab", ["a", "b"]), ("a", ["a"]), ("c", ["c"]), ("none", [])):
        stack = rows.make_stack(context, name=name)
        db_api.stack_tags_set(context, stack.id, tags)


@pytest.mark.parametrize(
    ("selection", "expected"),
    [
        ({"tags": ["a", "b"]}, ["ab"]),
        ({"tags_any": ["b", "c"]}, ["ab", "c"]),
        ({"not_tags": ["a", "b"]}, ["a", "c", "none"]),
        ({"not_tags_any": ["b", "c"]}, ["a", "none"]),
    ],
)
def test_tag_filters(user_context, selection, expected):
    _tagged(user_context)
    assert sorted(names(db_api.stack_get_all(user_context, **selection))) == expected


def test_hidden_tags_hide_stacks_unless_show_hidden(user_context):
    _tagged(user_context)
    visible = db_api.stack_get_all(user_context, hidden_tags=["c"])
    assert sorted(names(visible)) == ["a", "ab", "none"]
    everything = db_api.stack_get_all(user_context, hidden_tags=["c"], show_hidden=True)
    assert len(everything) == 4


def test_filters_match_a_value_or_a_list(user_context):
    rows.make_stack(user_context, name="one", status="FAILED")
    rows.make_stack(user_context, name="two", status="COMPLETE")
    rows.make_stack(user_context, name="three", status="IN_PROGRESS")
    failed = db_api.stack_get_all(user_context, filters={"status": "FAILED"})
    assert names(failed) == ["one"]
    either = db_api.stack_get_all(user_context, filters={"name": ["one", "three"]})
    assert sorted(names(either)) == ["one", "three"]


def test_unknown_filter_is_invalid(user_context):
    with pytest.raises(exception.Invalid):
        db_api.stack_get_all(user_context, filters={"colour": "red"})


def test_sort_by_stack_name_ascending(user_context):
    for name in ("b", "c", "a"):
        rows.make_stack(user_context, name=name)
    stacks = db_api.stack_get_all(user_context, sort_keys=["stack_name"])
    assert names(stacks) == ["a", "b", "c"]


def test_sort_direction_applies_to_the_keys(user_context):
    for name in ("b", "c", "a"):
        rows.make_stack(user_context, name=name)
    stacks = db_api.stack_get_all(user_context, sort_keys="stack_name", sort_dir="desc")
    assert names(stacks) == ["c", "b", "a"]


def test_unknown_sort_key_is_invalid_and_names_the_valid_ones(user_context):
    with pytest.raises(exception.Invalid, match="stack_name"):
        db_api.stack_get_all(user_context, sort_keys=["colour"])


def test_unknown_sort_direction_is_invalid(user_context):
    with pytest.raises(exception.Invalid):
        db_api.stack_get_all(user_context, sort_dir="sideways")


def test_marker_and_limit_page_through_the_list(user_context):
    for name in ("a", "b", "c", "d"):
        rows.make_stack(user_context, name=name)
    first = db_api.stack_get_all(user_context, limit=2, sort_keys=["stack_name"])
    second = db_api.stack_get_all(
        user_context, limit=2, sort_keys=["stack_name"], marker=first[-1].id
    )
    assert (names(first), names(second)) == (["a", "b"], ["c", "d"])


def test_count_ignores_pages_and_honours_the_selection(user_context):
    parent = rows.make_stack(user_context, name="parent")
    rows.make_stack(user_context, name="child", owner_id=parent.id)
    rows.make_stack(user_context, name="other")
    assert db_api.stack_count_all(user_context) == 2
    assert db_api.stack_count_all(user_context, show_nested=True) == 3
    assert db_api.stack_count_all(user_context, filters={"name": "other"}) == 1
