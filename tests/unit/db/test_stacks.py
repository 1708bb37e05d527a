"""Single stacks and their tags through heat.db.api."""

import datetime

import pytest

from heat.common import exception
from heat.db import api as db_api
from heat.db.sqlalchemy import models
from tests.unit.db import rows


def test_create_generates_an_id_and_loads_the_template(user_context):
    stack = rows.make_stack(user_context)
    assert len(stack.id) == 36
    assert stack.raw_template.template == {"heat_template_version": "2021-04-16"}


def test_get_returns_the_stack_to_its_project(user_context):
    stack = rows.make_stack(user_context, name="web")
    assert db_api.stack_get(user_context, stack.id).name == "web"


def test_get_hides_the_stack_from_other_projects(user_context, other_context):
    stack = rows.make_stack(user_context)
    assert db_api.stack_get(other_context, stack.id) is None


def test_get_shows_the_stack_to_its_stack_user_project(user_context, other_context):
    stack = rows.make_stack(user_context, stack_user_project_id="project-b")
    assert db_api.stack_get(other_context, stack.id) is not None


def test_get_shows_any_stack_to_admins(user_context, admin_context):
    stack = rows.make_stack(user_context)
    assert db_api.stack_get(admin_context, stack.id) is not None


def test_get_unknown_stack_returns_none(user_context):
    assert db_api.stack_get(user_context, "missing") is None


def test_get_by_name_finds_the_stack_of_the_project(user_context, other_context):
    rows.make_stack(other_context, name="web")
    mine = rows.make_stack(user_context, name="web")
    assert db_api.stack_get_by_name(user_context, "web").id == mine.id


def test_get_by_name_ignores_deleted_stacks(user_context):
    stack = rows.make_stack(user_context, name="web")
    db_api.stack_delete(user_context, stack.id)
    assert db_api.stack_get_by_name(user_context, "web") is None


def test_update_sets_values_and_leaves_updated_at_to_the_caller(user_context):
    """A traversal's bookkeeping on a new stack must not show it as updated (as upstream,
    whose stack store writes ``updated_at`` with every change)."""
    stack = rows.make_stack(user_context)
    assert db_api.stack_update(user_context, stack.id, {"status": "FAILED"}) is True
    updated = db_api.stack_get(user_context, stack.id)
    assert updated.status == "FAILED" and updated.updated_at is None
    now = datetime.datetime(2026, 1, 2, 3, 4, 5)
    assert db_api.stack_update(user_context, stack.id, {"updated_at": now}) is True
    assert db_api.stack_get(user_context, stack.id).updated_at == now


def test_update_with_another_traversal_changes_nothing(user_context):
    stack = rows.make_stack(user_context, current_traversal="t1")
    changed = db_api.stack_update(user_context, stack.id, {"status": "FAILED"}, exp_trvsl="t2")
    assert changed is False
    assert db_api.stack_get(user_context, stack.id).status == "COMPLETE"


def test_update_of_unknown_stack_raises_not_found(user_context):
    with pytest.raises(exception.NotFound):
        db_api.stack_update(user_context, "missing", {"status": "FAILED"})


def test_delete_is_soft(user_context):
    stack = rows.make_stack(user_context)
    db_api.stack_delete(user_context, stack.id)
    assert db_api.stack_get(user_context, stack.id) is None
    assert db_api.stack_get(user_context, stack.id, show_deleted=True).deleted_at is not None


def test_delete_removes_the_resources_and_their_data(user_context):
    stack = rows.make_stack(user_context)
    rows.add(models.Resource(stack_id=stack.id, name="r", data=[models.ResourceData(key="k")]))
    db_api.stack_delete(user_context, stack.id)
    assert rows.count(models.Resource) == 0
    assert rows.count(models.ResourceData) == 0


def test_delete_of_unknown_stack_raises_not_found(user_context):
    with pytest.raises(exception.NotFound):
        db_api.stack_delete(user_context, "missing")


def test_tags_are_returned_in_the_order_set(user_context):
    stack = rows.make_stack(user_context)
    db_api.stack_tags_set(user_context, stack.id, ["b", "a"])
    assert db_api.stack_tags_get(user_context, stack.id) == ["b", "a"]


def test_setting_tags_replaces_the_old_ones(user_context):
    stack = rows.make_stack(user_context)
    db_api.stack_tags_set(user_context, stack.id, ["old"])
    db_api.stack_tags_set(user_context, stack.id, ["new"])
    assert db_api.stack_tags_get(user_context, stack.id) == ["new"]


def test_stack_comes_with_its_tags(user_context):
    stack = rows.make_stack(user_context)
    db_api.stack_tags_set(user_context, stack.id, ["x"])
    assert [tag.tag for tag in db_api.stack_get(user_context, stack.id).tags] == ["x"]


def test_children_by_owner_are_the_live_nested_stacks(user_context):
    parent = rows.make_stack(user_context, name="parent")
    child = rows.make_stack(user_context, name="child", owner_id=parent.id)
    rows.make_stack(user_context, name="parent*", owner_id=parent.id, backup=True)
    gone = rows.make_stack(user_context, name="gone", owner_id=parent.id)
    db_api.stack_delete(user_context, gone.id)
    children = db_api.stack_get_all_by_owner_id(user_context, parent.id)
    assert [stack.id for stack in children] == [child.id]
    assert children[0].raw_template.template is not None


def test_the_root_of_a_nested_stack_is_found_through_its_owners(user_context):
    root = rows.make_stack(user_context, name="root")
    child = rows.make_stack(user_context, name="child", owner_id=root.id)
    grandchild = rows.make_stack(user_context, name="grandchild", owner_id=child.id)
    assert db_api.stack_root_id(user_context, grandchild.id) == root.id
    assert db_api.stack_root_id(user_context, root.id) == root.id


def test_status_is_action_status_reason_and_update_time(user_context):
    stack = rows.make_stack(user_context, status_reason="done")
    assert db_api.stack_get_status(user_context, stack.id) == ("CREATE", "COMPLETE", "done", None)


def test_status_of_unknown_stack_raises_not_found(user_context):
    with pytest.raises(exception.NotFound, match="Stack with id missing not found"):
        db_api.stack_get_status(user_context, "missing")


def test_in_progress_stacks_of_every_project_and_depth(user_context, other_context, admin_context):
    mine = rows.make_stack(user_context, status="IN_PROGRESS")
    nested = rows.make_stack(other_context, status="IN_PROGRESS", owner_id=mine.id)
    rows.make_stack(user_context, name="done")
    deleted = rows.make_stack(user_context, name="deleted", status="IN_PROGRESS")
    db_api.stack_delete(user_context, deleted.id)
    found = db_api.stack_get_all_in_progress(admin_context)
    assert {stack.id for stack in found} == {mine.id, nested.id}
