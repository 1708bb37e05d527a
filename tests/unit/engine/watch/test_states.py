"""The state machine of watch rules."""

import pytest

from heat.common import exception
from heat.engine.watch import states


@pytest.mark.parametrize(
    "event, old, new",
    [
        ("evaluate", "NODATA", "ALARM"),
        ("evaluate", "ALARM", "NORMAL"),
        ("override", "NORMAL", "ALARM"),
        ("suspend", "ALARM", "SUSPENDED"),
        ("resume", "SUSPENDED", "NODATA"),
    ],
)
def test_allowed_changes(event, old, new):
    states.check(event, old, new)


@pytest.mark.parametrize(
    "event, old, new",
    [
        ("evaluate", "SUSPENDED", "ALARM"),
        ("override", "SUSPENDED", "NORMAL"),
        ("override", "ALARM", "SUSPENDED"),
        ("resume", "ALARM", "NODATA"),
        ("suspend", "CEILOMETER_CONTROLLED", "SUSPENDED"),
    ],
)
def test_refused_changes(event, old, new):
    with pytest.raises(exception.Invalid, match="cannot %s" % event):
        states.check(event, old, new)


def test_a_rule_without_state_has_no_data():
    assert states.current(None) == "NODATA"


def test_cloudwatch_names():
    assert [states.aws_name(s) for s in ("NORMAL", "ALARM", "NODATA", "SUSPENDED")] == [
        "OK",
        "ALARM",
        "INSUFFICIENT_DATA",
        "SUSPENDED",
    ]
