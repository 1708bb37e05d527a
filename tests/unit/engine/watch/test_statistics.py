"""Evaluating a rule: statistics, periods, comparisons and the verdict."""

import datetime

import pytest

from heat.engine.watch import statistics
from heat.engine.watch.definition import RuleDefinition

NOW = datetime.datetime(2024, 5, 1, 10, 0, 0)
RULE = {
    "MetricName": "CPU",
    "Statistic": "Average",
    "Period": "60",
    "EvaluationPeriods": "1",
    "Threshold": "80",
    "ComparisonOperator": "GreaterThanThreshold",
}


def at(seconds_ago, value):
    return NOW - datetime.timedelta(seconds=seconds_ago), value


def verdict(samples, **rule):
    return statistics.evaluate(RuleDefinition.from_rule(dict(RULE, **rule)), samples, NOW)


@pytest.mark.parametrize(
    "name, expected",
    [("SampleCount", 3), ("Average", 2), ("Sum", 6), ("Minimum", 1), ("Maximum", 3)],
)
def test_statistics(name, expected):
    assert statistics.statistic(name, [1.0, 2.0, 3.0]) == expected


def test_no_values_have_no_statistic_but_a_zero_count():
    assert statistics.statistic("Average", []) is None
    assert statistics.statistic("SampleCount", []) == 0


def test_samples_fall_in_their_periods_newest_first():
    period = datetime.timedelta(seconds=60)
    samples = [at(10, 1), at(60, 2), at(61, 3), at(170, 4), at(500, 5), at(-5, 6)]
    assert statistics.period_values(samples, NOW, period, 3) == [[1, 2, 6], [3], [4]]


def test_crossing_the_threshold_is_alarm():
    result = verdict([at(10, 90), at(20, 85)])
    assert result.state == "ALARM"
    assert result.reason.startswith("Threshold Crossed: 1 period(s) of Average [87.5]")
    assert result.data["recentDatapoints"] == [87.5]


def test_below_the_threshold_is_normal():
    assert verdict([at(10, 50)]).state == "NORMAL"


def test_no_sample_in_the_last_period_is_nodata():
    result = verdict([at(90, 99)])
    assert result.state == "NODATA"
    assert result.reason.startswith("Insufficient Data")


def test_a_count_of_zero_is_data():
    assert verdict([], Statistic="SampleCount", ComparisonOperator="LessThanThreshold").state == (
        "ALARM"
    )


def test_alarm_needs_every_evaluation_period_to_breach():
    rule = {"EvaluationPeriods": "2"}
    assert verdict([at(10, 90), at(70, 90)], **rule).state == "ALARM"
    assert verdict([at(10, 90), at(70, 10)], **rule).state == "NORMAL"
    assert verdict([at(10, 90)], **rule).state == "NORMAL"


@pytest.mark.parametrize(
    "operator, value, state",
    [
        ("GreaterThanOrEqualToThreshold", 80, "ALARM"),
        ("GreaterThanThreshold", 80, "NORMAL"),
        ("LessThanThreshold", 79, "ALARM"),
        ("LessThanOrEqualToThreshold", 81, "NORMAL"),
    ],
)
def test_comparison_operators(operator, value, state):
    assert verdict([at(1, value)], ComparisonOperator=operator).state == state
