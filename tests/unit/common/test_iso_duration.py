"""ISO 8601 durations of update policies."""

import pytest

from heat.common import iso_duration


@pytest.mark.parametrize(
    ("duration", "seconds"),
    [("PT0S", 0), ("PT1M30S", 90), ("PT2H", 7200), ("P1DT1S", 86401), ("PT10M", 600)],
)
def test_a_duration_is_counted_in_seconds(duration, seconds):
    assert iso_duration.seconds(duration) == seconds


@pytest.mark.parametrize("duration", ["", "P", "PT", "30", "PT1X", "1M", "P1DT"])
def test_what_is_not_a_duration_is_refused(duration):
    with pytest.raises(ValueError, match="ISO 8601"):
        iso_duration.seconds(duration)
