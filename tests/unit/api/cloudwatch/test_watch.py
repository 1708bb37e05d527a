"""CloudWatch actions on alarms: describe, set state, put, delete, enable, for metric."""

import xml.etree.ElementTree as ElementTree

import pytest

from heat.common import exception
from tests.unit.api.aws import engine_stub
from tests.unit.api.cloudwatch.conftest import READER, STACK_USER, error_code, result

pytestmark = pytest.mark.filterwarnings("ignore:Policy .* was deprecated:UserWarning")

WATCH = {
    "actions_enabled": True,
    "actions": ["http://heat/signal/scale-up"],
    "topic": None,
    "updated_time": "2024-05-01T10:00:00Z",
    "description": "CPU high",
    "name": "web-cpu",
    "comparison": "GreaterThanThreshold",
    "dimensions": [{"Name": "AutoScalingGroupName", "Value": "asg"}],
    "periods": "1",
    "insufficient_actions": [],
    "metric_name": "CPUUtilization",
    "namespace": "system/linux",
    "ok_actions": [],
    "period": "60",
    "state_reason": "",
    "state_reason_data": "",
    "state_updated_time": "2024-05-01T10:01:00Z",
    "state_value": "NORMAL",
    "statistic": "Average",
    "threshold": "80",
    "unit": "Percent",
    "stack_id": "5b1c",
}


def test_describe_alarms_shape(call, engine):
    engine.answers["show_watch"] = [WATCH]
    (alarm,) = result(call("DescribeAlarms", AlarmName="web-cpu"), "DescribeAlarms")["MetricAlarms"]
    assert engine.call_of("show_watch") == {"watch_name": "web-cpu"}
    assert alarm["AlarmName"] == "web-cpu"
    assert alarm["ComparisonOperator"] == "GreaterThanThreshold"
    assert alarm["StateValue"] == "OK"
    assert alarm["Dimensions"] == [
        {"Name": "AutoScalingGroupName", "Value": "asg"},
        {"Name": "StackId", "Value": "5b1c"},
    ]


def test_describe_alarms_without_name_asks_for_all(call, engine):
    engine.answers["show_watch"] = []
    assert result(call("DescribeAlarms"), "DescribeAlarms") == {"MetricAlarms": []}
    assert engine.call_of("show_watch") == {"watch_name": None}


def test_describe_alarms_xml_omits_unset_fields(app, engine):
    engine.answers["show_watch"] = [WATCH]
    request = engine_stub.query_request({"Action": "DescribeAlarms"}, READER)
    root = ElementTree.fromstring(request.get_response(app).body)
    alarm = root.find("DescribeAlarmsResult/MetricAlarms/member")
    assert alarm.find("AlarmArn") is None
    assert alarm.findtext("ActionsEnabled") == "true"


def test_stack_user_may_not_describe_alarms(call, engine):
    response = call("DescribeAlarms", caller=STACK_USER)
    assert response.status_int == 403
    assert error_code(response) == "AccessDenied"
    assert engine.calls == []


@pytest.mark.parametrize(
    "aws_state, engine_state",
    [("OK", "NORMAL"), ("ALARM", "ALARM"), ("INSUFFICIENT_DATA", "NODATA")],
)
def test_set_alarm_state_maps_states(call, engine, aws_state, engine_state):
    response = call("SetAlarmState", AlarmName="web-cpu", StateValue=aws_state, StateReason="r")
    assert result(response, "SetAlarmState") == ""
    assert engine.call_of("set_watch_state") == {
        "watch_name": "web-cpu",
        "state": engine_state,
        "state_reason": "r",
    }


def test_set_alarm_state_without_reason_is_2014s_call(call, engine):
    call("SetAlarmState", AlarmName="web-cpu", StateValue="OK")
    assert engine.call_of("set_watch_state") == {"watch_name": "web-cpu", "state": "NORMAL"}


def test_set_alarm_state_refuses_other_states(call, engine):
    response = call("SetAlarmState", AlarmName="web-cpu", StateValue="SUSPENDED")
    assert response.status_int == 400
    assert error_code(response) == "InvalidParameterValue"
    assert engine.calls == []


def test_unknown_alarm_is_invalid_parameter_value(call, engine):
    engine.answers["set_watch_state"] = exception.EntityNotFound(entity="Watch Rule", name="x")
    response = call("SetAlarmState", AlarmName="x", StateValue="OK")
    assert error_code(response) == "InvalidParameterValue"


def test_changing_alarms_is_for_members(call, engine):
    response = call("PutMetricAlarm", caller=READER, AlarmName="a")
    assert error_code(response) == "AccessDenied"
    assert engine.calls == []


def test_unknown_action_is_invalid_action(call):
    assert error_code(call("ListDashboards")) == "InvalidAction"


def test_describe_alarms_filters_by_names_prefix_and_state(call, engine):
    engine.answers["show_watch"] = [
        WATCH,
        dict(WATCH, name="web-mem", state_value="ALARM"),
        dict(WATCH, name="db-cpu"),
    ]

    def names(**params):
        alarms = result(call("DescribeAlarms", **params), "DescribeAlarms")["MetricAlarms"]
        return [alarm["AlarmName"] for alarm in alarms]

    assert names(AlarmNamePrefix="web") == ["web-cpu", "web-mem"]
    assert names(StateValue="ALARM") == ["web-mem"]
    assert names(**{"AlarmNames.member.1": "db-cpu", "AlarmNames.member.2": "x"}) == ["db-cpu"]


def test_describe_alarms_of_unknown_state_is_invalid(call):
    response = call("DescribeAlarms", StateValue="BROKEN")
    assert error_code(response) == "InvalidParameterValue"


PUT_ALARM = {
    "AlarmName": "mem-high",
    "MetricName": "Memory",
    "Namespace": "system/linux",
    "Statistic": "Maximum",
    "Period": "60",
    "EvaluationPeriods": "2",
    "Threshold": "90.5",
    "ComparisonOperator": "GreaterThanThreshold",
    "ActionsEnabled": "false",
    "AlarmActions.member.1": "arn:openstack:heat::t:stacks/s/1/resources/policy",
    "Dimensions.member.1.Name": "Group",
    "Dimensions.member.1.Value": "web",
}


def test_put_metric_alarm_sends_the_definition(call, engine):
    assert result(call("PutMetricAlarm", **PUT_ALARM), "PutMetricAlarm") == ""
    sent = engine.call_of("put_watch")
    assert sent["watch_name"] == "mem-high"
    assert sent["rule"] == {
        "MetricName": "Memory",
        "Namespace": "system/linux",
        "Statistic": "Maximum",
        "ComparisonOperator": "GreaterThanThreshold",
        "Period": 60,
        "EvaluationPeriods": 2,
        "Threshold": 90.5,
        "ActionsEnabled": False,
        "AlarmDescription": None,
        "Unit": None,
        "Dimensions": [{"Name": "Group", "Value": "web"}],
        "AlarmActions": ["arn:openstack:heat::t:stacks/s/1/resources/policy"],
        "OKActions": [],
        "InsufficientDataActions": [],
    }


@pytest.mark.parametrize(
    "change, code",
    [
        ({"Threshold": None}, "MissingParameter"),
        ({"Period": "0"}, "InvalidParameterValue"),
        ({"Threshold": "high"}, "InvalidParameterValue"),
        ({"ActionsEnabled": "maybe"}, "InvalidParameterValue"),
        ({"ExtendedStatistic": "p99"}, "InvalidParameterValue"),
    ],
)
def test_put_metric_alarm_checks_its_parameters(call, engine, change, code):
    params = {key: value for key, value in dict(PUT_ALARM, **change).items() if value is not None}
    assert error_code(call("PutMetricAlarm", **params)) == code
    assert engine.calls == []


def test_engine_refusal_is_invalid_parameter_value(call, engine):
    engine.answers["put_watch"] = exception.Invalid(reason="Unit must be one of ...")
    response = call("PutMetricAlarm", **PUT_ALARM)
    assert error_code(response) == "InvalidParameterValue"
    assert "Unit must be one of" in response.json["ErrorResponse"]["Error"]["Message"]


def test_delete_alarms_names_them_all(call, engine):
    names = {"AlarmNames.member.1": "a", "AlarmNames.member.2": "b"}
    assert result(call("DeleteAlarms", **names), "DeleteAlarms") == ""
    assert engine.call_of("delete_watches") == {"watch_names": ["a", "b"]}
    assert error_code(call("DeleteAlarms")) == "MissingParameter"


@pytest.mark.parametrize(
    "action, enabled", [("EnableAlarmActions", True), ("DisableAlarmActions", False)]
)
def test_enable_and_disable_alarm_actions(call, engine, action, enabled):
    assert result(call(action, **{"AlarmNames.member.1": "a"}), action) == ""
    assert engine.call_of("set_watch_actions_enabled") == {"watch_names": ["a"], "enabled": enabled}


def test_describe_alarms_for_metric_sends_the_filters(call, engine):
    engine.answers["show_watches_for_metric"] = [WATCH]
    response = call(
        "DescribeAlarmsForMetric",
        MetricName="CPUUtilization",
        Namespace="system/linux",
        Period="60",
        **{"Dimensions.member.1.Name": "AutoScalingGroupName", "Dimensions.member.1.Value": "asg"},
    )
    (alarm,) = result(response, "DescribeAlarmsForMetric")["MetricAlarms"]
    assert alarm["AlarmName"] == "web-cpu"
    assert engine.call_of("show_watches_for_metric") == {
        "namespace": "system/linux",
        "metric_name": "CPUUtilization",
        "filters": {
            "statistic": None,
            "period": 60,
            "unit": None,
            "dimensions": {"AutoScalingGroupName": "asg"},
        },
    }
