"""The watch_rule table: alarms owned by a project, seen by its stack users, claimed once."""

import datetime

import pytest

from heat.common import exception
from heat.common.context import RequestContext
from heat.db import api as db_api
from heat.db.sqlalchemy import models
from tests.unit.db import rows

RULE = {"MetricName": "CPU", "Period": "60"}


def _rule(context, name="cpu-high", **values):
    values = {"name": name, "tenant": context.project_id, "rule": RULE, "state": "NODATA", **values}
    return db_api.watch_rule_create(context, values)


def test_create_then_get_by_name(user_context):
    created = _rule(user_context)
    found = db_api.watch_rule_get_by_name(user_context, "cpu-high")
    assert found["id"] == created["id"]
    assert found["rule"] == RULE
    assert found["stack_id"] is None


def test_other_projects_do_not_see_a_rule(user_context, other_context):
    rule = _rule(user_context)
    assert db_api.watch_rule_get_by_name(other_context, "cpu-high") is None
    assert db_api.watch_rule_get(other_context, rule["id"]) is None
    assert db_api.watch_rule_get_all(other_context) == []


def test_admin_gets_any_rule_by_id(user_context, admin_context):
    rule = _rule(user_context)
    assert db_api.watch_rule_get(admin_context, rule["id"])["name"] == "cpu-high"


def test_names_are_unique_per_project(user_context, other_context):
    _rule(user_context)
    _rule(other_context)
    with pytest.raises(exception.Invalid, match="cpu-high already exists"):
        _rule(user_context)


def test_stack_user_project_sees_its_stacks_rules(user_context):
    stack = rows.make_stack(user_context, stack_user_project_id="stack-users")
    _rule(user_context, stack_id=stack.id)
    stack_user = RequestContext(project_id="stack-users", user_id="server")
    assert db_api.watch_rule_get_by_name(stack_user, "cpu-high")["stack_id"] == stack.id


def test_rules_of_a_stack(user_context):
    stack = rows.make_stack(user_context)
    _rule(user_context, name="a", stack_id=stack.id)
    _rule(user_context, name="b")
    rules = db_api.watch_rule_get_all_by_stack(user_context, stack.id)
    assert [rule["name"] for rule in rules] == ["a"]


def test_active_rules_leave_out_inactive_states(user_context, admin_context):
    _rule(user_context, name="a")
    _rule(user_context, name="b", state="SUSPENDED")
    active = db_api.watch_rule_get_all_active(admin_context, ["SUSPENDED"])
    assert [rule["name"] for rule in active] == ["a"]


def test_active_rules_are_for_admins_only(user_context):
    with pytest.raises(exception.Forbidden):
        db_api.watch_rule_get_all_active(user_context, [])


def test_update_merges_into_the_rule_document(user_context):
    rule = _rule(user_context)
    updated = db_api.watch_rule_update(
        user_context, rule["id"], {"state": "ALARM"}, {"ActionsEnabled": False}
    )
    assert updated["state"] == "ALARM"
    assert updated["rule"] == dict(RULE, ActionsEnabled=False)


def test_update_expecting_another_state_changes_nothing(user_context):
    rule = _rule(user_context)
    changed = db_api.watch_rule_update(
        user_context, rule["id"], {"state": "ALARM"}, expected={"state": "NORMAL"}
    )
    assert changed is None
    assert db_api.watch_rule_get(user_context, rule["id"])["state"] == "NODATA"


def test_update_of_a_missing_rule_is_not_found(user_context):
    with pytest.raises(exception.EntityNotFound):
        db_api.watch_rule_update(user_context, 42, {"state": "ALARM"})


def test_only_one_claim_of_the_same_evaluation_wins(user_context):
    rule = _rule(user_context)
    seen = rule["last_evaluated"]
    later = seen + datetime.timedelta(seconds=61)
    assert db_api.watch_rule_claim(user_context, rule["id"], seen, later)
    assert not db_api.watch_rule_claim(user_context, rule["id"], seen, later)
    stored = db_api.watch_rule_get(user_context, rule["id"])["last_evaluated"]
    assert stored == later.replace(microsecond=0)


def test_a_claim_within_the_same_second_is_refused(user_context):
    rule = _rule(user_context)
    with pytest.raises(ValueError):
        db_api.watch_rule_claim(user_context, rule["id"], rule["last_evaluated"], rows.ago())


def test_a_never_evaluated_rule_is_claimed_from_null(user_context):
    rule = _rule(user_context)
    db_api.watch_rule_update(user_context, rule["id"], {"last_evaluated": None})
    assert db_api.watch_rule_claim(user_context, rule["id"], None, rows.ago(seconds=0))


def test_delete_takes_samples_and_history_along(user_context):
    rule = _rule(user_context)
    db_api.watch_data_create(user_context, {"watch_rule_id": rule["id"], "data": {}})
    values = {"watch_rule_id": rule["id"], "item_type": "StateUpdate", "summary": "s"}
    db_api.watch_history_create(user_context, values)
    db_api.watch_rule_delete(user_context, rule["id"])
    assert rows.count(models.WatchRule) == rows.count(models.WatchData) == 0
    assert rows.count(models.WatchHistory) == 0
    with pytest.raises(exception.EntityNotFound):
        db_api.watch_rule_delete(user_context, rule["id"])
