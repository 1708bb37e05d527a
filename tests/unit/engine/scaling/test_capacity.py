"""The size a policy's adjustment takes a group to, as OpenStack Heat computes it."""

import pytest

from heat.engine.scaling.capacity import new_capacity


@pytest.mark.parametrize(
    ("current", "adjustment", "kind", "step", "expected"),
    [
        (2, 3, "change_in_capacity", None, 5),
        (2, -1, "ChangeInCapacity", None, 1),
        (2, 4, "exact_capacity", None, 4),
        (2, 7, "ExactCapacity", None, 7),
        # A percentage moves by at least one member...
        (2, 10, "percent_change_in_capacity", None, 3),
        (2, -10, "PercentChangeInCapacity", None, 1),
        # ...and by whole members, rounded towards no change.
        (10, 25, "percent_change_in_capacity", None, 12),
        (10, -25, "percent_change_in_capacity", None, 8),
        # ...and by at least the minimum step.
        (10, 10, "percent_change_in_capacity", 3, 13),
        (10, -10, "percent_change_in_capacity", 3, 7),
        (10, 50, "percent_change_in_capacity", 3, 15),
    ],
)
def test_adjustments(current, adjustment, kind, step, expected):
    assert new_capacity(current, adjustment, kind, 0, 20, step) == expected


@pytest.mark.parametrize(
    ("adjustment", "kind", "expected"),
    [(10, "change_in_capacity", 6), (-10, "change_in_capacity", 2), (0, "exact_capacity", 2)],
)
def test_the_result_stays_within_the_bounds(adjustment, kind, expected):
    assert new_capacity(4, adjustment, kind, 2, 6) == expected


def test_an_unknown_adjustment_type_is_refused():
    with pytest.raises(ValueError, match="Unknown adjustment type"):
        new_capacity(1, 1, "double", 0, 10)
