"""CloudWatch actions over watch rules and metric samples."""

import xml.etree.ElementTree as ElementTree

import pytest

from heat.common import exception
from tests.unit.api.aws import engine_stub
from tests.unit.api.cloudwatch.conftest import READER, STACK_USER

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
SAMPLE = {
    "watch_name": "web-cpu",
    "metric_name": "CPUUtilization",
    "namespace": "system/linux",
    "timestamp": "2024-05-01T10:00:30Z",
    "data": {"CPUUtilization": {"Unit": "Percent", "Value": "95"}},
}


def result(response, action):
    assert response.status_int == 200, response.body
    return response.json["%sResponse" % action]["%sResult" % action]


def error_code(response):
    return response.json["ErrorResponse"]["Error"]["Code"]


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


def test_list_metrics_reports_samples_with_dimensions(call, engine):
    engine.answers["show_watch_metric"] = [SAMPLE]
    (metric,) = result(call("ListMetrics"), "ListMetrics")["Metrics"]
    assert metric["MetricName"] == "CPUUtilization"
    assert metric["Namespace"] == "system/linux"
    assert metric["Dimensions"] == [
        {"Name": "AlarmName", "Value": "web-cpu"},
        {"Name": "Timestamp", "Value": "2024-05-01T10:00:30Z"},
        {"Name": "CPUUtilization", "Value": {"Unit": "Percent", "Value": "95"}},
    ]


def test_list_metrics_filters_by_name_and_namespace(call, engine):
    engine.answers["show_watch_metric"] = [SAMPLE, dict(SAMPLE, metric_name="MemoryUsage")]
    metrics = result(call("ListMetrics", MetricName="MemoryUsage"), "ListMetrics")["Metrics"]
    assert [metric["MetricName"] for metric in metrics] == ["MemoryUsage"]
    assert result(call("ListMetrics", Namespace="other"), "ListMetrics") == {"Metrics": []}


def test_put_metric_data_sends_the_sample_to_the_alarm(call, engine):
    response = call(
        "PutMetricData",
        Namespace="system/linux",
        **{
            "MetricData.member.1.MetricName": "CPUUtilization",
            "MetricData.member.1.Unit": "Percent",
            "MetricData.member.1.Value": "95",
            "MetricData.member.1.Dimensions.member.1.Name": "AlarmName",
            "MetricData.member.1.Dimensions.member.1.Value": "web-cpu",
        },
    )
    assert result(response, "PutMetricData") == {"ResponseMetadata": None}
    assert engine.call_of("create_watch_data") == {
        "watch_name": "web-cpu",
        "stats_data": {
            "Namespace": "system/linux",
            "CPUUtilization": {
                "Unit": "Percent",
                "Value": "95",
                "Dimensions": {"AlarmName": "web-cpu"},
            },
        },
    }


def test_put_metric_data_without_data_is_missing_parameter(call, engine):
    assert error_code(call("PutMetricData", Namespace="system/linux")) == "MissingParameter"
    assert engine.calls == []


def test_put_metric_data_without_namespace_is_missing_parameter(call):
    assert error_code(call("PutMetricData")) == "MissingParameter"


def test_stack_user_may_put_metric_data(call, engine):
    response = call(
        "PutMetricData",
        caller=STACK_USER,
        Namespace="ns",
        **{"MetricData.member.1.MetricName": "m", "MetricData.member.1.Value": "1"},
    )
    assert response.status_int == 200
    assert engine.call_of("create_watch_data")["watch_name"] is None


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
    assert engine.call_of("set_watch_state") == {"watch_name": "web-cpu", "state": engine_state}


def test_set_alarm_state_refuses_other_states(call, engine):
    response = call("SetAlarmState", AlarmName="web-cpu", StateValue="SUSPENDED")
    assert response.status_int == 400
    assert error_code(response) == "InvalidParameterValue"
    assert engine.calls == []


def test_unknown_alarm_is_invalid_parameter_value(call, engine):
    engine.answers["set_watch_state"] = exception.EntityNotFound(entity="Watch Rule", name="x")
    response = call("SetAlarmState", AlarmName="x", StateValue="OK")
    assert error_code(response) == "InvalidParameterValue"


@pytest.mark.parametrize(
    "action",
    [
        "DeleteAlarms",
        "DescribeAlarmHistory",
        "DescribeAlarmsForMetric",
        "DisableAlarmActions",
        "EnableAlarmActions",
        "GetMetricStatistics",
        "PutMetricAlarm",
    ],
)
def test_unprovided_actions_are_not_implemented(call, action):
    response = call(action)
    assert response.status_int == 500
    error = response.json["ErrorResponse"]["Error"]
    assert (error["Type"], error["Code"]) == ("Server", "APINotImplemented")


def test_unprovided_actions_are_policy_checked_first(call):
    response = call("PutMetricAlarm", caller=READER)
    assert error_code(response) == "AccessDenied"


def test_unknown_action_is_invalid_action(call):
    assert error_code(call("ListDashboards")) == "InvalidAction"
