"""Evaluating a rule over its samples: statistics per period, comparison, the verdict.

Pure functions over ``(time, value)`` samples. The last ``EvaluationPeriods`` periods
before ``now`` are evaluated, newest first: a period with no samples has no data (but a
``SampleCount`` of zero), one whose statistic compares true against the threshold
breaches. The rule is in ALARM when every period breaches, NODATA when the newest period
has no data, and NORMAL otherwise. With one period this is 2014 Heat's evaluation.
"""

import dataclasses
import datetime
import math
import operator
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from heat.engine.watch import states
from heat.engine.watch.definition import RuleDefinition

Sample = tuple[datetime.datetime, float]

STATISTIC_FUNCTIONS: dict[str, Callable[[Sequence[float]], float]] = {
    "SampleCount": lambda values: float(len(values)),
    "Average": lambda values: sum(values) / len(values),
    "Sum": lambda values: float(sum(values)),
    "Minimum": min,
    "Maximum": max,
}
COMPARISON_FUNCTIONS: dict[str, Callable[[float, float], bool]] = {
    "GreaterThanOrEqualToThreshold": operator.ge,
    "GreaterThanThreshold": operator.gt,
    "LessThanThreshold": operator.lt,
    "LessThanOrEqualToThreshold": operator.le,
}
COMPARISON_WORDS = {
    "GreaterThanOrEqualToThreshold": "greater than or equal to",
    "GreaterThanThreshold": "greater than",
    "LessThanThreshold": "less than",
    "LessThanOrEqualToThreshold": "less than or equal to",
}


def statistic(name: str, values: Sequence[float]) -> float | None:
    """The statistic ``name`` of ``values``; None when there are none (except SampleCount)."""
    if not values and name != "SampleCount":
        return None
    return STATISTIC_FUNCTIONS[name](values)


def period_values(
    samples: Iterable[Sample], now: datetime.datetime, period: datetime.timedelta, count: int
) -> list[list[float]]:
    """The values of each of the ``count`` periods ending at ``now``, newest first; a
    period holds the samples after its start, up to and including its end."""
    periods: list[list[float]] = [[] for _ in range(count)]
    for time, value in samples:
        # A sample from the future (clocks differ) counts in the newest period.
        index = max(math.ceil((now - time) / period) - 1, 0)
        if index < count:
            periods[index].append(value)
    return periods


@dataclasses.dataclass(frozen=True)
class Verdict:
    """The state a rule evaluates to, why (text), and the data behind it."""

    state: str
    reason: str
    data: dict[str, Any]


def evaluate(
    definition: RuleDefinition, samples: Iterable[Sample], now: datetime.datetime
) -> Verdict:
    """The state of a rule with these samples at ``now``."""
    periods = period_values(samples, now, definition.period, definition.evaluation_periods)
    results = [statistic(definition.statistic, values) for values in periods]
    compare = COMPARISON_FUNCTIONS[definition.comparison]
    seconds = int(definition.period.total_seconds())
    data = {
        "version": "1.0",
        "queryDate": now.strftime("%Y-%m-%dT%H:%M:%S.000+0000"),
        "statistic": definition.statistic,
        "period": seconds,
        "recentDatapoints": [value for value in results if value is not None],
        "threshold": definition.threshold,
    }
    if results[0] is None:
        reason = "Insufficient Data: no datapoint in the last period of %d seconds." % seconds
        return Verdict(states.NODATA, reason, data)
    breaching = [value is not None and compare(value, definition.threshold) for value in results]
    state = states.ALARM if all(breaching) else states.NORMAL
    return Verdict(state, _reason(definition, results, breaching, state), data)


def _reason(
    definition: RuleDefinition, results: list[float | None], breaching: list[bool], state: str
) -> str:
    values = ", ".join("%g" % value for value in results if value is not None)
    count = "%d" % len(results)
    if state != states.ALARM:
        count = "%d of %s" % (breaching.count(True), count)
    return "Threshold Crossed: %s period(s) of %s [%s] %s the threshold (%g)." % (
        count,
        definition.statistic,
        values,
        COMPARISON_WORDS[definition.comparison],
        definition.threshold,
    )
