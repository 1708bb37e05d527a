"""A rule's definition as its document gives it, and which samples are its."""

import datetime

import pytest

from heat.common import exception
from heat.engine.watch import definition
from heat.engine.watch.definition import RuleDefinition

RULE = {
    "MetricName": "CPU",
    "Namespace": "system/linux",
    "Statistic": "Maximum",
    "Period": "300",
    "Threshold": "0.5",
    "ComparisonOperator": "LessThanThreshold",
    "Dimensions": [{"Name": "Group", "Value": "web"}],
}


def test_template_strings_are_read_as_numbers():
    parsed = RuleDefinition.from_rule(RULE)
    assert parsed.period == datetime.timedelta(seconds=300)
    assert parsed.threshold == 0.5
    assert parsed.evaluation_periods == 1
    assert parsed.dimensions == {"Group": "web"}


@pytest.mark.parametrize(
    "key, value",
    [
        ("MetricName", None),
        ("Statistic", "Median"),
        ("Period", "0"),
        ("Period", "1.5"),
        ("EvaluationPeriods", "many"),
        ("Threshold", "high"),
        ("ComparisonOperator", "Equal"),
    ],
)
def test_unusable_values_are_invalid_naming_their_key(key, value):
    with pytest.raises(exception.Invalid, match=key):
        RuleDefinition.from_rule(dict(RULE, **{key: value}))


def test_sample_value_of_the_metric():
    parsed = RuleDefinition.from_rule(RULE)
    assert parsed.sample_value({"CPU": {"Value": "0.25"}}) == 0.25
    assert parsed.sample_value({"Memory": {"Value": "1"}}) is None
    assert parsed.sample_value({"CPU": {"Value": "n/a"}}) is None


def test_a_sample_matches_with_the_rules_dimensions():
    sample = {"Namespace": "ns", "CPU": {"Value": "1", "Dimensions": {"Group": "web", "X": "y"}}}
    assert definition.matches(RULE, sample)
    assert not definition.matches(dict(RULE, MetricName="Memory"), sample)
    other = {"CPU": {"Value": "1", "Dimensions": [{"Group": "db"}]}}
    assert not definition.matches(RULE, other)


def test_dimension_pairs_of_either_shape():
    assert definition.dimension_pairs([{"Name": "a", "Value": 1}]) == {"a": "1"}
    assert definition.dimension_pairs({"a": "b"}) == {"a": "b"}
    assert definition.dimension_pairs([{"a": "b"}]) == {"a": "b"}
    assert definition.dimension_pairs(None) == {}
