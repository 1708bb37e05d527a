"""The watch rule calls of the RPC API: describe, set state, put, delete, enable, history.

Alarms made through the CloudWatch API (PutMetricAlarm) belong to the caller's project
and to no stack; their actions are ARNs of stack resources of that project. An alarm a
stack's template made is changed and deleted only through its stack; its state may be
set and its actions enabled or disabled like any other.
"""

from collections.abc import Iterable, Mapping
from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.db import api as db_api
from heat.engine.runtime import EngineRuntime
from heat.engine.watch import actions, definition, history, rules, states, transitions
from heat.rpc import api as rpc_api

# The keys of a PutMetricAlarm definition the engine keeps.
ALARM_KEYS = (
    "AlarmDescription",
    "ActionsEnabled",
    "OKActions",
    "AlarmActions",
    "InsufficientDataActions",
    "MetricName",
    "Namespace",
    "Statistic",
    "Dimensions",
    "Period",
    "Unit",
    "EvaluationPeriods",
    "Threshold",
    "ComparisonOperator",
)
HISTORY_PAGE = 100


def show_watch(context: Any, watch_name: str | None) -> list[dict[str, Any]]:
    """The alarm ``watch_name``, or every alarm of the caller's."""
    if watch_name:
        return [rules.format_watch(rules.by_name(context, watch_name))]
    return [rules.format_watch(rule) for rule in db_api.watch_rule_get_all(context)]


def set_watch_state(
    runtime: EngineRuntime,
    context: Any,
    watch_name: str,
    state: str,
    state_reason: str | None = None,
) -> dict[str, Any]:
    """Put an alarm in ``state`` until its next evaluation, firing that state's actions
    when the state changes; the alarm after. Rules Ceilometer controls are left alone."""
    rule = rules.by_name(context, watch_name)
    if rule["state"] == states.CEILOMETER_CONTROLLED:
        return rules.format_watch(rule)
    reason = state_reason or _("State set through the CloudWatch API")
    changed = transitions.change_state(context, rule, states.OVERRIDE, state, reason)
    if changed is not None:
        actions.fire(runtime, context, changed, state)
    return rules.format_watch(changed or rules.by_name(context, watch_name))


def _own(context: Any, names: Iterable[str], stack_owned: bool = True) -> list[rules.Rule]:
    """The caller's alarms of these names (all must exist); with ``stack_owned`` False,
    Invalid for an alarm a stack made."""
    found = []
    for name in names:
        rule = db_api.watch_rule_get_by_name(context, name)
        if rule is None or rule["tenant"] != context.project_id:
            raise exception.EntityNotFound(entity="Watch Rule", name=name)
        if not stack_owned and rule["stack_id"] is not None:
            raise exception.Invalid(
                reason=_("Alarm %(name)s belongs to stack %(stack)s; change it with the stack")
                % {"name": name, "stack": rule["stack_id"]}
            )
        found.append(rule)
    return found


def put_watch(context: Any, watch_name: str, rule: Mapping[str, Any]) -> dict[str, Any]:
    """Create the caller's alarm ``watch_name``, or replace its definition; the alarm."""
    document = {key: rule[key] for key in ALARM_KEYS if rule.get(key) is not None}
    definition.check_alarm(document, context.project_id)
    existing = db_api.watch_rule_get_by_name(context, watch_name)
    if existing is None or existing["tenant"] != context.project_id:
        stored = rules.create(context, watch_name, context.project_id, document)
    else:
        (existing,) = _own(context, [watch_name], stack_owned=False)
        stored = rules.update_definition(context, existing, document)
    return rules.format_watch(stored)


def delete_watches(context: Any, watch_names: Iterable[str]) -> None:
    """Delete the caller's alarms; none is deleted when one cannot be."""
    for rule in _own(context, list(watch_names), stack_owned=False):
        rules.delete(context, rule)


def set_watch_actions_enabled(context: Any, watch_names: Iterable[str], enabled: bool) -> None:
    """Enable or disable the actions of the caller's alarms."""
    summary = _("Alarm actions enabled") if enabled else _("Alarm actions disabled")
    for rule in _own(context, list(watch_names)):
        changed = db_api.watch_rule_update(context, rule["id"], {}, {"ActionsEnabled": enabled})
        if changed is not None:
            history.record(context, changed, history.CONFIGURATION, summary)


def _watches_metric(rule: rules.Rule, namespace: str, metric_name: str, filters: Mapping) -> bool:
    document = rule["rule"] or {}
    wanted = {
        "Namespace": namespace,
        "MetricName": metric_name,
        "Statistic": filters.get("statistic"),
        "Unit": filters.get("unit"),
    }
    if "Units" in document:
        document = dict(document, Unit=document["Units"])
    if any(value is not None and document.get(key) != value for key, value in wanted.items()):
        return False
    if filters.get("period") is not None and str(document.get("Period")) != str(filters["period"]):
        return False
    dimensions = filters.get("dimensions")
    return dimensions is None or definition.dimension_pairs(document.get("Dimensions")) == dict(
        dimensions
    )


def show_watches_for_metric(
    context: Any, namespace: str, metric_name: str, filters: Mapping[str, Any] | None = None
) -> list[dict[str, Any]]:
    """The caller's alarms of a metric; ``filters`` may name its ``statistic``, ``period``,
    ``unit`` and (exact) ``dimensions``."""
    return [
        rules.format_watch(rule)
        for rule in db_api.watch_rule_get_all(context)
        if _watches_metric(rule, namespace, metric_name, filters or {})
    ]


def list_watch_history(
    context: Any,
    watch_name: str | None = None,
    filters: Mapping[str, Any] | None = None,
    limit: int | None = None,
    marker: str | None = None,
    ascending: bool = False,
) -> dict[str, Any]:
    """A page of the history of the caller's alarms (or of one): ``filters`` may hold
    ``item_type``, ``start_time`` and ``end_time`` (ISO 8601); ``marker`` is the
    ``next_marker`` of the previous page."""
    filters = filters or {}
    item_type = filters.get("item_type")
    if item_type is not None and item_type not in history.ITEM_TYPES:
        raise exception.Invalid(reason=_("HistoryItemType must be one of %s") % ", ".join(
            history.ITEM_TYPES))  # fmt: skip
    query = {"item_type": item_type}
    for key, name, label in (
        ("since", "start_time", "StartDate"),
        ("until", "end_time", "EndDate"),
    ):
        if filters.get(name):
            query[key] = rules.parse_time(filters[name], label)
    if marker is not None and not str(marker).isdigit():
        raise exception.Invalid(reason=_("NextToken %s is not one this service gave") % marker)
    page = min(limit or HISTORY_PAGE, HISTORY_PAGE)
    rule_id = rules.by_name(context, watch_name)["id"] if watch_name else None
    entries = db_api.watch_history_get_all(
        context, rule_id, query, page + 1, int(marker) if marker else None, ascending
    )
    items = [history.format_entry(entry) for entry in entries[:page]]
    more = len(entries) > page
    return {
        rpc_api.WATCH_HISTORY_ITEMS: items,
        rpc_api.WATCH_HISTORY_NEXT: str(items[-1][rpc_api.WATCH_HISTORY_ID]) if more else None,
    }
