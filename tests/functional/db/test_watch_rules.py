"""Watch rules on every backend: per-project names, the evaluation claim, locked updates,
history kept short (times as each backend stores them)."""

import datetime

import pytest

from heat.common import exception
from heat.common.context import RequestContext
from heat.db import api as db_api

PROJECT_A = RequestContext(project_id="project-a", user_id="a")
PROJECT_B = RequestContext(project_id="project-b", user_id="b")


def _rule(context, name="cpu-high"):
    values = {"name": name, "tenant": context.project_id, "rule": {"Period": "60"}}
    return db_api.watch_rule_create(context, dict(values, state="NODATA"))


def test_names_are_unique_per_project(migrated_database):
    _rule(PROJECT_A)
    _rule(PROJECT_B)
    with pytest.raises(exception.Invalid):
        _rule(PROJECT_A)


def test_one_claim_wins_with_the_time_as_stored(migrated_database):
    rule = _rule(PROJECT_A)
    later = rule["last_evaluated"] + datetime.timedelta(seconds=1)
    assert db_api.watch_rule_claim(PROJECT_A, rule["id"], rule["last_evaluated"], later)
    assert not db_api.watch_rule_claim(PROJECT_A, rule["id"], rule["last_evaluated"], later)
    stored = db_api.watch_rule_get(PROJECT_A, rule["id"])["last_evaluated"]
    assert stored == later.replace(microsecond=0)
    assert db_api.watch_rule_claim(PROJECT_A, rule["id"], stored, stored + datetime.timedelta(1))


def test_locked_update_merges_and_checks_the_state(migrated_database):
    rule = _rule(PROJECT_A)
    changed = db_api.watch_rule_update(
        PROJECT_A, rule["id"], {"state": "ALARM"}, {"StateReason": "r"}, {"state": "NODATA"}
    )
    assert (changed["state"], changed["rule"]) == ("ALARM", {"Period": "60", "StateReason": "r"})
    stale = db_api.watch_rule_update(
        PROJECT_A, rule["id"], {"state": "NORMAL"}, None, {"state": "NODATA"}
    )
    assert stale is None


def test_history_keeps_the_newest_entries(migrated_database):
    rule = _rule(PROJECT_A)
    for summary in "abcd":
        values = {"watch_rule_id": rule["id"], "item_type": "Action", "summary": summary}
        db_api.watch_history_create(PROJECT_A, values, keep=2)
    entries = db_api.watch_history_get_all(PROJECT_A, rule["id"])
    assert [entry["summary"] for entry in entries] == ["d", "c"]
    db_api.watch_rule_delete(PROJECT_A, rule["id"])
    assert db_api.watch_history_get_all(PROJECT_A) == []
