"""The engine's periodic evaluation: an alarm whose metric crosses its threshold goes to
ALARM and signals the resource its AlarmActions name; back under it, it goes to OK."""

from tests.functional.aws.cloudwatch import wait_until
from tests.functional.aws.test_cloudwatch_metrics import push


def state_after_pushing(cloudwatch, alarm, value, wanted):
    """Push ``value`` every half second (as cfn-push-stats would) until the alarm is in
    the ``wanted`` state; the alarm."""

    def pushed_and_reached():
        push(cloudwatch, alarm, value)
        (described,) = cloudwatch.describe_alarms(AlarmNames=[alarm])["MetricAlarms"]
        return described if described["StateValue"] == wanted else None

    return wait_until(pushed_and_reached, what="alarm %s to be %s" % (alarm, wanted))


def test_crossing_the_threshold_alarms_and_signals(cloudwatch, alarm_stacks):
    stack = alarm_stacks.create(period="2")
    alarm = state_after_pushing(cloudwatch, stack.alarm, 95.0, "ALARM")
    assert alarm["StateReason"].startswith("Threshold Crossed: 1 period(s) of Maximum [95]")
    signals = wait_until(lambda: alarm_stacks.signals(stack), what="the recorder's signal")
    assert signals[0] == {"alarm": stack.alarm, "state": "ALARM"}
    alarm = state_after_pushing(cloudwatch, stack.alarm, 5.0, "OK")
    assert alarm["StateReason"].startswith("Threshold Crossed: 0 of 1 period(s)")
    items = cloudwatch.describe_alarm_history(AlarmName=stack.alarm, HistoryItemType="StateUpdate")
    summaries = [item["HistorySummary"] for item in items["AlarmHistoryItems"]]
    # Without a sample for a whole period (a slow machine) the alarm may pass through
    # INSUFFICIENT_DATA, before or after it went OK.
    assert any(summary.endswith(" to OK") for summary in summaries), summaries
    assert "Alarm updated from INSUFFICIENT_DATA to ALARM" in summaries
