"""Metric samples: listing them and their statistics per period."""

import datetime

import pytest

from heat.common import exception
from heat.db import api as db_api

DEFINITION = {
    "MetricName": "Memory",
    "Namespace": "system/linux",
    "Statistic": "Maximum",
    "Period": 60,
    "Threshold": 90.0,
    "ComparisonOperator": "GreaterThanThreshold",
}
START = datetime.datetime(2024, 5, 1, 10, 0, 0)


def sample(value, seconds, unit="Percent", dimensions=None, namespace="system/linux"):
    data = {"Value": str(value), "Unit": unit, "Dimensions": dimensions or {}}
    return {"Namespace": namespace, "Memory": data}, START + datetime.timedelta(seconds=seconds)


@pytest.fixture
def samples(engine, context):
    """Samples of two alarms of the Memory metric at known times."""
    rules = [engine.put_watch(context, name, DEFINITION) for name in ("a", "b")]
    ids = [db_api.watch_rule_get_by_name(context, rule["name"])["id"] for rule in rules]

    def add(data, created_at, rule=0):
        values = {"watch_rule_id": ids[rule], "data": data, "created_at": created_at}
        db_api.watch_data_create(context, values)

    return add


def statistics(engine, context, **options):
    arguments = {
        "start_time": "2024-05-01T10:00:00Z",
        "end_time": "2024-05-01T10:05:00Z",
        "period": 60,
        "statistics": ["SampleCount", "Average", "Maximum"],
        **options,
    }
    return engine.show_watch_statistics(context, "system/linux", "Memory", **arguments)


def test_one_datapoint_per_period_holding_samples(engine, context, samples):
    for value, seconds in ((10, 5), (30, 50), (70, 130)):
        samples(*sample(value, seconds))
    points = statistics(engine, context)
    assert [point["timestamp"] for point in points] == [
        "2024-05-01T10:00:00Z",
        "2024-05-01T10:02:00Z",
    ]
    assert points[0]["statistics"] == {"SampleCount": 2, "Average": 20, "Maximum": 30}
    assert points[0]["unit"] == "Percent"


def test_a_sample_stored_for_two_alarms_counts_once(engine, context, samples):
    data, created_at = sample(10, 5)
    samples(data, created_at, rule=0)
    samples(data, created_at, rule=1)
    (point,) = statistics(engine, context)
    assert point["statistics"]["SampleCount"] == 1


def test_samples_outside_the_time_namespace_unit_or_dimensions_are_left_out(
    engine, context, samples
):
    samples(*sample(1, -5))
    samples(*sample(1, 300))
    samples(*sample(1, 5, namespace="other"))
    samples(*sample(1, 5, unit="Bytes"))
    samples(*sample(1, 5, dimensions={"Group": "db"}))
    samples(*sample(7, 5, dimensions={"Group": "web"}))
    points = statistics(engine, context, unit="Percent", dimensions={"Group": "web"})
    assert [point["statistics"]["Maximum"] for point in points] == [7]


@pytest.mark.parametrize(
    "options, message",
    [
        ({"end_time": "2024-05-01T09:00:00Z"}, "EndTime must be later"),
        ({"start_time": "yesterday"}, "StartTime is not an ISO 8601 time"),
        ({"statistics": ["p99"]}, "Statistics must be some of"),
        ({"period": 0}, "Period"),
    ],
)
def test_bad_requests_are_invalid(engine, context, options, message):
    with pytest.raises(exception.Invalid, match=message):
        statistics(engine, context, **options)


def test_listed_samples_carry_alarm_metric_and_time(engine, context, samples):
    samples(*sample(10, 5))
    (listed,) = engine.show_watch_metric(context, "system/linux", "Memory")
    assert listed["watch_name"] == "a"
    assert listed["timestamp"] == "2024-05-01T10:00:05Z"
    assert listed["data"]["Value"] == "10"
    assert engine.show_watch_metric(context, "other") == []
