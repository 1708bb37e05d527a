"""Metric samples and alarm history: visible with their rule, history kept short."""

from heat.db import api as db_api
from tests.unit.db import rows


def _rule(context, name="cpu-high"):
    values = {"name": name, "tenant": context.project_id, "rule": {}, "state": "NODATA"}
    return db_api.watch_rule_create(context, values)


def _sample(context, rule, value, **values):
    data = {"Namespace": "ns", "CPU": {"Value": value}}
    return db_api.watch_data_create(context, {"watch_rule_id": rule["id"], "data": data, **values})


def _history(context, rule, summary, item_type="StateUpdate", keep=100):
    values = {"watch_rule_id": rule["id"], "item_type": item_type, "summary": summary}
    db_api.watch_history_create(context, values, keep=keep)


def test_samples_carry_their_rule_name(user_context):
    _sample(user_context, _rule(user_context), "1")
    (sample,) = db_api.watch_data_get_all(user_context)
    assert sample["watch_name"] == "cpu-high"
    assert sample["data"]["CPU"] == {"Value": "1"}


def test_samples_of_other_projects_are_not_listed(user_context, other_context):
    _sample(user_context, _rule(user_context), "1")
    assert db_api.watch_data_get_all(other_context) == []


def test_samples_since_a_time(user_context):
    rule = _rule(user_context)
    _sample(user_context, rule, "old", created_at=rows.ago(minutes=10))
    _sample(user_context, rule, "new")
    since = rows.ago(minutes=1)
    recent = db_api.watch_data_get_all_by_watch_rule_id(user_context, rule["id"], since)
    assert [sample["data"]["CPU"]["Value"] for sample in recent] == ["new"]
    assert len(db_api.watch_data_get_all(user_context, since)) == 1


def test_history_is_newest_first_with_names(user_context):
    rule = _rule(user_context)
    _history(user_context, rule, "first")
    _history(user_context, rule, "second")
    entries = db_api.watch_history_get_all(user_context)
    assert [(e["watch_name"], e["summary"]) for e in entries] == [
        ("cpu-high", "second"),
        ("cpu-high", "first"),
    ]


def test_history_filters_and_pages(user_context):
    rule = _rule(user_context)
    for summary in ("a", "b", "c"):
        _history(user_context, rule, summary)
    _history(user_context, rule, "configured", item_type="ConfigurationUpdate")
    filters = {"item_type": "StateUpdate"}
    page = db_api.watch_history_get_all(user_context, rule["id"], filters, limit=2)
    assert [entry["summary"] for entry in page] == ["c", "b"]
    rest = db_api.watch_history_get_all(user_context, rule["id"], filters, marker=page[-1]["id"])
    assert [entry["summary"] for entry in rest] == ["a"]
    oldest = db_api.watch_history_get_all(user_context, filters=filters, limit=1, ascending=True)
    assert [entry["summary"] for entry in oldest] == ["a"]


def test_history_of_other_projects_is_not_listed(user_context, other_context):
    _history(user_context, _rule(user_context), "mine")
    assert db_api.watch_history_get_all(other_context) == []


def test_a_rule_keeps_only_its_newest_history(user_context):
    rule = _rule(user_context)
    other = _rule(user_context, "other")
    _history(user_context, other, "kept")
    for summary in "abcde":
        _history(user_context, rule, summary, keep=3)
    entries = db_api.watch_history_get_all(user_context, rule["id"])
    assert [entry["summary"] for entry in entries] == ["e", "d", "c"]
    assert len(db_api.watch_history_get_all(user_context, other["id"])) == 1
