"""Metric samples: storing them for rules, listing them, and their statistics.

Samples are kept per rule, so only metrics some alarm watches are stored (as in 2014
Heat). A sample sent to no alarm in particular is stored for every rule of the caller's
that watches its metric and dimensions, once per rule but at one time, so statistics
count it once.
"""

import datetime
import json
from collections.abc import Mapping, Sequence
from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.db import api as db_api
from heat.engine import api_format
from heat.engine.watch import definition, rules, states, statistics
from heat.rpc import api as rpc_api


def _takes_samples(rule: rules.Rule) -> bool:
    return states.current(rule["state"]) not in states.INACTIVE


def create_watch_data(
    context: Any, watch_name: str | None, stats_data: Mapping[str, Any]
) -> Mapping[str, Any]:
    """Store a sample for the rule ``watch_name``, or for every rule that can use it;
    EntityNotFound when there is no such rule. A rule ignores samples while suspended and
    samples without its metric."""
    if watch_name:
        candidates = [rules.by_name(context, watch_name)]
    else:
        candidates = [
            rule
            for rule in db_api.watch_rule_get_all(context)
            if _takes_samples(rule) and definition.matches(rule["rule"] or {}, stats_data)
        ]
        if not candidates:
            raise exception.EntityNotFound(entity="Watch Rule", name="Unknown")
    now = rules.now()
    for rule in candidates:
        metric_name = (rule["rule"] or {}).get("MetricName")
        if _takes_samples(rule) and isinstance(metric_name, str) and metric_name in stats_data:
            values = {"watch_rule_id": rule["id"], "data": dict(stats_data), "created_at": now}
            db_api.watch_data_create(context, values)
    return stats_data


def show_watch_metric(
    context: Any, metric_namespace: str | None = None, metric_name: str | None = None
) -> list[dict[str, Any]]:
    """Every stored sample of the caller's rules, optionally of one namespace and metric."""
    found = []
    for sample in db_api.watch_data_get_all(context):
        shaped = rules.format_watch_data(sample)
        if shaped is None:
            continue
        if (
            metric_namespace is not None
            and shaped[rpc_api.WATCH_DATA_NAMESPACE] != metric_namespace
        ):
            continue
        if metric_name is not None and shaped[rpc_api.WATCH_DATA_METRIC] != metric_name:
            continue
        found.append(shaped)
    return found


def _point(
    data: Mapping[str, Any], metric_name: str, dimensions: Mapping[str, str], unit: str | None
) -> tuple[float, str | None] | None:
    """The value and unit a sample gives the metric, if it has the dimensions and unit."""
    metric = data.get(metric_name)
    if not isinstance(metric, Mapping):
        return None
    given = definition.dimension_pairs(metric.get("Dimensions"))
    if any(given.get(name) != value for name, value in dimensions.items()):
        return None
    if unit is not None and metric.get("Unit") != unit:
        return None
    try:
        return float(metric.get("Value")), metric.get("Unit")  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return None


def _check_statistics_request(
    start: datetime.datetime, end: datetime.datetime, period: int, names: Sequence[str]
) -> None:
    if end <= start:
        raise exception.Invalid(reason=_("EndTime must be later than StartTime"))
    if period < 1:
        raise exception.Invalid(reason=_("Period must be a positive number of seconds"))
    unknown = [name for name in names if name not in rpc_api.WATCH_STATISTICS]
    if unknown or not names:
        raise exception.Invalid(
            reason=_("Statistics must be some of %s") % ", ".join(rpc_api.WATCH_STATISTICS)
        )


def show_watch_statistics(
    context: Any,
    namespace: str,
    metric_name: str,
    start_time: str,
    end_time: str,
    period: int,
    statistic_names: Sequence[str],
    dimensions: Mapping[str, str] | None = None,
    unit: str | None = None,
) -> list[dict[str, Any]]:
    """One datapoint per ``period`` seconds from ``start_time`` (ISO 8601) before
    ``end_time`` that holds samples: its start, unit and the statistics asked for."""
    start = rules.parse_time(start_time, "StartTime")
    end = rules.parse_time(end_time, "EndTime")
    _check_statistics_request(start, end, period, statistic_names)
    points: dict[tuple, tuple[datetime.datetime, float, str | None]] = {}
    for sample in db_api.watch_data_get_all(context, since=start):
        data = sample["data"] or {}
        point = _point(data, metric_name, dimensions or {}, unit)
        if sample["created_at"] >= end or data.get("Namespace") != namespace or point is None:
            continue
        # One sample sent to several rules is stored once per rule, at the same time.
        key = (sample["created_at"], json.dumps(data, sort_keys=True))
        points[key] = (sample["created_at"], *point)
    buckets: dict[int, list[tuple[float, str | None]]] = {}
    step = datetime.timedelta(seconds=period)
    for time, value, sample_unit in points.values():
        buckets.setdefault((time - start) // step, []).append((value, sample_unit))
    return [_datapoint(start + index * step, buckets[index], statistic_names, unit)
            for index in sorted(buckets)]  # fmt: skip


def _datapoint(
    time: datetime.datetime,
    points: list[tuple[float, str | None]],
    names: Sequence[str],
    unit: str | None,
) -> dict[str, Any]:
    values = [value for value, _unit in points]
    return {
        rpc_api.WATCH_DATAPOINT_TIME: api_format.time(time),
        rpc_api.WATCH_DATAPOINT_UNIT: unit or points[0][1] or "None",
        rpc_api.WATCH_DATAPOINT_VALUES: {
            name: statistics.statistic(name, values) for name in names
        },
    }
