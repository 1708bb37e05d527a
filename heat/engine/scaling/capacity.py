"""The size a scaling group goes to when a policy adjusts it.

Policies name their adjustment type in the spelling of their template dialect (HOT's
``change_in_capacity`` or CloudFormation's ``ChangeInCapacity``); both mean the same.
A percentage change moves by at least one member, and by at least ``min_adjustment_step``
when that is given; the result always stays within the group's bounds.
"""

import math

from heat.common.i18n import _

HOT_TYPES = (CHANGE_IN_CAPACITY, EXACT_CAPACITY, PERCENT_CHANGE_IN_CAPACITY) = (
    "change_in_capacity",
    "exact_capacity",
    "percent_change_in_capacity",
)
CFN_TYPES = (CFN_CHANGE_IN_CAPACITY, CFN_EXACT_CAPACITY, CFN_PERCENT_CHANGE_IN_CAPACITY) = (
    "ChangeInCapacity",
    "ExactCapacity",
    "PercentChangeInCapacity",
)
_HOT_SPELLING = dict(zip(CFN_TYPES, HOT_TYPES, strict=True))


def _percent_step(current: int, percent: float, min_step: int | None) -> int:
    change = current * percent / 100.0
    # Less than one member rounds away from zero, more than one towards it.
    step = math.ceil(abs(change)) if abs(change) < 1 else math.floor(abs(change))
    if min_step:
        step = max(step, min_step)
    return int(math.copysign(step, change)) if change else 0


def new_capacity(
    current: int,
    adjustment: float,
    adjustment_type: str,
    lower: int,
    upper: int,
    min_adjustment_step: int | None = None,
) -> int:
    """The size after adjusting ``current`` members, kept within ``[lower, upper]``."""
    kind = _HOT_SPELLING.get(adjustment_type, adjustment_type)
    if kind == EXACT_CAPACITY:
        wanted = int(adjustment)
    elif kind == PERCENT_CHANGE_IN_CAPACITY:
        wanted = current + _percent_step(current, adjustment, min_adjustment_step)
    elif kind == CHANGE_IN_CAPACITY:
        wanted = current + int(adjustment)
    else:
        raise ValueError("Unknown adjustment type %r" % adjustment_type)
    return max(lower, min(upper, wanted))


def bounds_error(low: int, high: int, desired: int | None) -> str | None:
    """What is wrong with a group's ``(MinSize, MaxSize, DesiredCapacity)``, in upstream's
    words; None when they hold together."""
    if high < low:
        return _("MinSize can not be greater than MaxSize")
    if low < 0:
        return _("The size of AutoScalingGroup can not be less than zero")
    if desired is not None and not low <= desired <= high:
        return _("DesiredCapacity must be between MinSize and MaxSize")
    return None
