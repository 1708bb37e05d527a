"""Storing watch rules, and the shape the RPC API returns rules and samples in.

A rule row is a dict of the ``watch_rule`` columns. Its ``rule`` document holds the
definition (AWS property names) and the runtime keys below, which a new definition does
not replace: whether actions are enabled, and the reason and time of the last change.
"""

import datetime
from collections.abc import Mapping
from typing import Any

from oslo_utils import timeutils

from heat.common import exception
from heat.common.i18n import _
from heat.db import api as db_api
from heat.engine import api_format
from heat.engine.watch import history, states
from heat.rpc import api as rpc_api

Rule = dict[str, Any]

RUNTIME_KEYS = (
    "ActionsEnabled",
    "StateReason",
    "StateReasonData",
    "StateUpdatedTimestamp",
    "AlarmConfigurationUpdatedTimestamp",
)
UPDATED_KEY = "AlarmConfigurationUpdatedTimestamp"

# The keys of show_watch results, read from the rule document.
_FROM_RULE = {
    rpc_api.WATCH_ALARM_ACTIONS: "AlarmActions",
    rpc_api.WATCH_TOPIC: "AlarmArn",
    rpc_api.WATCH_DESCRIPTION: "AlarmDescription",
    rpc_api.WATCH_COMPARISON: "ComparisonOperator",
    rpc_api.WATCH_PERIODS: "EvaluationPeriods",
    rpc_api.WATCH_INSUFFICIENT_ACTIONS: "InsufficientDataActions",
    rpc_api.WATCH_METRIC_NAME: "MetricName",
    rpc_api.WATCH_NAMESPACE: "Namespace",
    rpc_api.WATCH_OK_ACTIONS: "OKActions",
    rpc_api.WATCH_PERIOD: "Period",
    rpc_api.WATCH_STATE_REASON: "StateReason",
    rpc_api.WATCH_STATE_REASON_DATA: "StateReasonData",
    rpc_api.WATCH_STATE_UPDATED_TIME: "StateUpdatedTimestamp",
    rpc_api.WATCH_STATISTIC: "Statistic",
    rpc_api.WATCH_THRESHOLD: "Threshold",
}


def now() -> datetime.datetime:
    """The current UTC time, naive, as the database stores times."""
    return timeutils.utcnow()


def parse_time(value: str, key: str) -> datetime.datetime:
    """An ISO 8601 time as a naive UTC datetime; Invalid naming ``key`` otherwise."""
    try:
        return timeutils.normalize_time(timeutils.parse_isotime(value))
    except ValueError:
        raise exception.Invalid(reason=_("%(key)s is not an ISO 8601 time: %(value)s") % {
            "key": key, "value": value})  # fmt: skip


def by_name(context: Any, name: str) -> Rule:
    """The rule of that name visible to ``context``; EntityNotFound when there is none."""
    rule = db_api.watch_rule_get_by_name(context, name)
    if rule is None:
        raise exception.EntityNotFound(entity="Watch Rule", name=name)
    return rule


def of_stack(context: Any, stack_id: str, name: str) -> Rule | None:
    """The rule ``name`` a resource of the stack made, or None."""
    rules = db_api.watch_rule_get_all_by_stack(context, stack_id)
    return next((rule for rule in rules if rule["name"] == name), None)


def create(
    context: Any, name: str, tenant: str, definition: Mapping[str, Any], stack_id: Any = None
) -> Rule:
    """Store a new rule (NODATA, evaluated one period from now) and note it in its history."""
    document = {**definition, UPDATED_KEY: api_format.time(now())}
    values = {"name": name, "tenant": tenant, "rule": document, "state": states.NODATA}
    rule = db_api.watch_rule_create(context, dict(values, stack_id=stack_id))
    history.record(context, rule, history.CONFIGURATION, "Alarm %s created" % name, document)
    return rule


def update_definition(context: Any, rule: Rule, definition: Mapping[str, Any]) -> Rule:
    """Replace the definition of a rule, keeping the runtime keys it does not give."""
    kept = {key: value for key, value in (rule["rule"] or {}).items() if key in RUNTIME_KEYS}
    document = {**kept, **definition, UPDATED_KEY: api_format.time(now())}
    updated = db_api.watch_rule_update(context, rule["id"], {"rule": document})
    assert updated is not None
    summary = "Alarm %s updated" % rule["name"]
    history.record(context, updated, history.CONFIGURATION, summary, document)
    return updated


def delete(context: Any, rule: Rule) -> None:
    """Remove a rule with its samples and history (gone already is fine)."""
    try:
        db_api.watch_rule_delete(context, rule["id"])
    except exception.EntityNotFound:
        pass


def actions_enabled(rule: Rule) -> bool:
    """Whether the rule fires its actions (alarms of templates do unless disabled)."""
    return (rule["rule"] or {}).get("ActionsEnabled", True) is not False


def format_watch(rule: Rule) -> dict[str, Any]:
    """A rule in the shape show_watch returns it (``stack_id`` only for a stack's rule)."""
    document = rule["rule"] or {}
    result = {key: document.get(name) for key, name in _FROM_RULE.items()}
    result.update(
        {
            rpc_api.WATCH_NAME: rule["name"],
            rpc_api.WATCH_ACTIONS_ENABLED: actions_enabled(rule),
            rpc_api.WATCH_DIMENSIONS: document.get("Dimensions") or [],
            rpc_api.WATCH_UNIT: document.get("Unit", document.get("Units")),
            rpc_api.WATCH_STATE_VALUE: states.current(rule["state"]),
            rpc_api.WATCH_UPDATED_TIME: document.get(UPDATED_KEY)
            or api_format.time(rule["updated_at"] or rule["created_at"]),
        }
    )
    if rule["stack_id"] is not None:
        result[rpc_api.WATCH_STACK_ID] = rule["stack_id"]
    return result


def format_watch_data(sample: Mapping[str, Any]) -> dict[str, Any] | None:
    """A sample in the shape show_watch_metric returns it; None unless it holds exactly
    one metric besides its namespace."""
    data = sample["data"] or {}
    metrics = [(name, value) for name, value in data.items() if name != "Namespace"]
    if len(metrics) != 1:
        return None
    ((metric_name, metric_data),) = metrics
    return {
        rpc_api.WATCH_DATA_ALARM: sample["watch_name"],
        rpc_api.WATCH_DATA_METRIC: metric_name,
        rpc_api.WATCH_DATA_TIME: api_format.time(sample["created_at"]),
        rpc_api.WATCH_DATA_NAMESPACE: data.get("Namespace"),
        rpc_api.WATCH_DATA: metric_data,
    }
