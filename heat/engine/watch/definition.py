"""What a watch rule watches and how it decides, read from its rule document.

The rule document holds the alarm's properties under their AWS names, as
``AWS::CloudWatch::Alarm`` and PutMetricAlarm give them (numbers may be strings, as in
templates). A sample is a dict ``{"Namespace": ..., <MetricName>: {"Value", "Unit",
"Dimensions"}}`` as PutMetricData stores it.
"""

import dataclasses
import datetime
from collections.abc import Mapping
from typing import Any

from heat.common import exception, identifier
from heat.common.i18n import _

ACTION_KEYS = ("AlarmActions", "OKActions", "InsufficientDataActions")
STATISTICS = ("SampleCount", "Average", "Sum", "Minimum", "Maximum")
COMPARISONS = (
    "GreaterThanOrEqualToThreshold",
    "GreaterThanThreshold",
    "LessThanThreshold",
    "LessThanOrEqualToThreshold",
)
UNITS = (
    "Seconds", "Microseconds", "Milliseconds", "Bytes", "Kilobytes", "Megabytes", "Gigabytes",
    "Terabytes", "Bits", "Kilobits", "Megabits", "Gigabits", "Terabits", "Percent", "Count",
    "Bytes/Second", "Kilobytes/Second", "Megabytes/Second", "Gigabytes/Second",
    "Terabytes/Second", "Bits/Second", "Kilobits/Second", "Megabits/Second",
    "Gigabits/Second", "Terabits/Second", "Count/Second",
)  # fmt: skip


def _invalid(key: str, value: Any, expected: str) -> exception.Invalid:
    return exception.Invalid(
        reason=_("%(key)s must be %(expected)s, not %(value)r")
        % {"key": key, "expected": expected, "value": value}
    )


def _positive_integer(rule: Mapping[str, Any], key: str, default: int | None = None) -> int:
    value = rule.get(key, default)
    try:
        number = int(str(value))
    except ValueError:
        raise _invalid(key, value, _("a positive integer"))
    if number < 1:
        raise _invalid(key, value, _("a positive integer"))
    return number


def _choice(rule: Mapping[str, Any], key: str, choices: tuple[str, ...]) -> str:
    value = rule.get(key)
    if value not in choices:
        raise _invalid(key, value, _("one of %s") % ", ".join(choices))
    return value


def dimension_pairs(dimensions: Any) -> dict[str, str]:
    """``[{"Name", "Value"}]`` (or one ``{name: value}`` dict, as samples carry them) as a
    dict."""
    if isinstance(dimensions, Mapping):
        return {str(key): str(value) for key, value in dimensions.items()}
    pairs = {}
    for item in dimensions or []:
        if isinstance(item, Mapping) and "Name" in item:
            pairs[str(item["Name"])] = str(item.get("Value"))
        elif isinstance(item, Mapping):
            pairs.update(dimension_pairs(item))
    return pairs


@dataclasses.dataclass(frozen=True)
class RuleDefinition:
    """The evaluated parts of a rule: metric, statistic, periods, threshold, comparison."""

    metric_name: str
    namespace: str | None
    statistic: str
    period: datetime.timedelta
    evaluation_periods: int
    threshold: float
    comparison: str
    dimensions: dict[str, str]

    @classmethod
    def from_rule(cls, rule: Mapping[str, Any]) -> "RuleDefinition":
        """The definition of a rule document; Invalid naming the first unusable key."""
        metric_name = rule.get("MetricName")
        if not metric_name or not isinstance(metric_name, str):
            raise _invalid("MetricName", metric_name, _("a metric name"))
        try:
            threshold = float(rule.get("Threshold"))  # type: ignore[arg-type]
        except (TypeError, ValueError):
            raise _invalid("Threshold", rule.get("Threshold"), _("a number"))
        return cls(
            metric_name=metric_name,
            namespace=rule.get("Namespace"),
            statistic=_choice(rule, "Statistic", STATISTICS),
            period=datetime.timedelta(seconds=_positive_integer(rule, "Period")),
            evaluation_periods=_positive_integer(rule, "EvaluationPeriods", 1),
            threshold=threshold,
            comparison=_choice(rule, "ComparisonOperator", COMPARISONS),
            dimensions=dimension_pairs(rule.get("Dimensions")),
        )

    def sample_value(self, sample: Mapping[str, Any]) -> float | None:
        """The value a sample gives this rule's metric, or None when it gives none."""
        metric = sample.get(self.metric_name)
        if not isinstance(metric, Mapping):
            return None
        try:
            return float(metric.get("Value"))  # type: ignore[arg-type]
        except (TypeError, ValueError):
            return None


def matches(rule: Mapping[str, Any], sample: Mapping[str, Any]) -> bool:
    """Whether a sample sent to no alarm in particular is for the rule (document) ``rule``:
    it carries the rule's metric, with every dimension the rule names."""
    metric_name = rule.get("MetricName")
    metric = sample.get(metric_name) if isinstance(metric_name, str) else None
    if not isinstance(metric, Mapping):
        return False
    given = dimension_pairs(metric.get("Dimensions"))
    wanted = dimension_pairs(rule.get("Dimensions"))
    return all(given.get(name) == value for name, value in wanted.items())


def _check_actions(document: Mapping[str, Any], project_id: str) -> None:
    for key in ACTION_KEYS:
        for action in document.get(key) or []:
            try:
                identity = identifier.HeatIdentifier.from_arn(str(action))
            except ValueError:
                identity = None
            if identity is None or not identity.path.startswith("/resources/"):
                raise exception.Invalid(
                    reason=_("%(key)s: %(action)s is not the ARN of a stack resource")
                    % {"key": key, "action": action}
                )
            if identity.tenant != project_id:
                raise exception.Invalid(reason=_("%s names a stack of another project") % action)


def check_alarm(document: Mapping[str, Any], project_id: str) -> None:
    """Invalid unless an alarm made through the API (not by a stack) could be evaluated:
    a known unit, and actions that are ARNs of resources of stacks of ``project_id``."""
    RuleDefinition.from_rule(document)
    unit = document.get("Unit")
    if unit is not None and unit not in UNITS:
        raise exception.Invalid(reason=_("Unit must be one of %s") % ", ".join(UNITS))
    _check_actions(document, project_id)
