"""CloudWatch alarms through boto3: a stack's CWLiteAlarm, and alarms of the API's own."""

import botocore.exceptions
import pytest

from tests.functional.aws.cloudwatch import wait_until


@pytest.fixture(scope="module")
def stack(alarm_stacks):
    """A stack of demo holding a CWLiteAlarm whose alarm actions name a recorder."""
    return alarm_stacks.create()


def describe(cloudwatch, name) -> dict:
    (alarm,) = cloudwatch.describe_alarms(AlarmNames=[name])["MetricAlarms"]
    return alarm


def test_the_stacks_alarm_is_described(cloudwatch, stack):
    alarm = describe(cloudwatch, stack.alarm)
    assert alarm["StateValue"] == "INSUFFICIENT_DATA"
    assert (alarm["MetricName"], alarm["Namespace"]) == ("CPUUtilization", "system/linux")
    assert (alarm["Statistic"], alarm["Period"], alarm["Threshold"]) == ("Maximum", 60, 80.0)
    assert alarm["AlarmDescription"] == "CPU too busy"
    assert alarm["ActionsEnabled"] is True
    assert alarm["Dimensions"] == [
        {"Name": "Group", "Value": "web"},
        {"Name": "StackId", "Value": stack.id},
    ]


def test_another_project_does_not_see_it(alt_cloudwatch, stack):
    assert alt_cloudwatch.describe_alarms(AlarmNames=[stack.alarm])["MetricAlarms"] == []
    with pytest.raises(botocore.exceptions.ClientError) as raised:
        alt_cloudwatch.set_alarm_state(AlarmName=stack.alarm, StateValue="OK", StateReason="x")
    assert raised.value.response["Error"]["Code"] == "InvalidParameterValue"


def test_set_alarm_state_signals_the_alarm_actions(cloudwatch, alarm_stacks):
    stack = alarm_stacks.create()
    cloudwatch.set_alarm_state(AlarmName=stack.alarm, StateValue="ALARM", StateReason="testing")
    signals = wait_until(lambda: alarm_stacks.signals(stack), what="the recorder's signal")
    assert signals == [{"alarm": stack.alarm, "state": "ALARM"}]
    alarm = describe(cloudwatch, stack.alarm)
    assert (alarm["StateValue"], alarm["StateReason"]) == ("ALARM", "testing")


def test_disabled_actions_do_not_fire_until_enabled(cloudwatch, alarm_stacks):
    stack = alarm_stacks.create()
    cloudwatch.disable_alarm_actions(AlarmNames=[stack.alarm])
    assert describe(cloudwatch, stack.alarm)["ActionsEnabled"] is False
    cloudwatch.set_alarm_state(AlarmName=stack.alarm, StateValue="ALARM", StateReason="quiet")
    cloudwatch.set_alarm_state(AlarmName=stack.alarm, StateValue="OK", StateReason="calm")
    cloudwatch.enable_alarm_actions(AlarmNames=[stack.alarm])
    cloudwatch.set_alarm_state(AlarmName=stack.alarm, StateValue="ALARM", StateReason="loud")
    signals = wait_until(lambda: alarm_stacks.signals(stack), what="the recorder's signal")
    assert signals == [{"alarm": stack.alarm, "state": "ALARM"}]


def test_history_tells_what_happened(cloudwatch, alarm_stacks):
    stack = alarm_stacks.create()
    cloudwatch.set_alarm_state(AlarmName=stack.alarm, StateValue="ALARM", StateReason="testing")
    wait_until(lambda: alarm_stacks.signals(stack), what="the recorder's signal")
    items = cloudwatch.describe_alarm_history(AlarmName=stack.alarm)["AlarmHistoryItems"]
    summaries = [(item["HistoryItemType"], item["HistorySummary"]) for item in items]
    assert summaries == [
        ("Action", "Signalled recorder of stack %s (ALARM)" % stack.name),
        ("StateUpdate", "Alarm updated from INSUFFICIENT_DATA to ALARM"),
        ("ConfigurationUpdate", "Alarm %s created" % stack.alarm),
    ]
    states = cloudwatch.describe_alarm_history(AlarmName=stack.alarm, HistoryItemType="StateUpdate")
    (state,) = states["AlarmHistoryItems"]
    assert '"stateReason": "testing"' in state["HistoryData"]


def test_the_stacks_alarm_is_changed_only_through_the_stack(cloudwatch, stack):
    with pytest.raises(botocore.exceptions.ClientError) as raised:
        cloudwatch.delete_alarms(AlarmNames=[stack.alarm])
    assert "belongs to stack" in raised.value.response["Error"]["Message"]
    assert describe(cloudwatch, stack.alarm)["AlarmName"] == stack.alarm


def test_put_metric_alarm_then_delete_alarms(cloudwatch, alarm_stacks, stack):
    arn = alarm_stacks.recorder_arn(stack)
    cloudwatch.put_metric_alarm(
        AlarmName="api-disk-full",
        MetricName="DiskUsage",
        Namespace="system/linux",
        Statistic="Average",
        Period=60,
        EvaluationPeriods=2,
        Threshold=95.0,
        ComparisonOperator="GreaterThanOrEqualToThreshold",
        Unit="Percent",
        AlarmActions=[arn],
    )
    alarm = describe(cloudwatch, "api-disk-full")
    assert (alarm["EvaluationPeriods"], alarm["Unit"], alarm["AlarmActions"]) == (
        2,
        "Percent",
        [arn],
    )
    assert "Dimensions" not in alarm or alarm["Dimensions"] == []
    found = cloudwatch.describe_alarms_for_metric(MetricName="DiskUsage", Namespace="system/linux")
    assert [alarm["AlarmName"] for alarm in found["MetricAlarms"]] == ["api-disk-full"]
    cloudwatch.delete_alarms(AlarmNames=["api-disk-full"])
    assert cloudwatch.describe_alarms(AlarmNames=["api-disk-full"])["MetricAlarms"] == []
