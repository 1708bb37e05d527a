"""CloudWatch actions on metric samples: PutMetricData, ListMetrics, GetMetricStatistics."""

import pytest

from tests.unit.api.cloudwatch.conftest import STACK_USER, error_code, result

pytestmark = pytest.mark.filterwarnings("ignore:Policy .* was deprecated:UserWarning")

SAMPLE = {
    "watch_name": "web-cpu",
    "metric_name": "CPUUtilization",
    "namespace": "system/linux",
    "timestamp": "2024-05-01T10:00:30Z",
    "data": {"Unit": "Percent", "Value": "95", "Dimensions": {"AlarmName": "web-cpu"}},
}


def test_list_metrics_reports_samples_with_dimensions(call, engine):
    engine.answers["show_watch_metric"] = [SAMPLE]
    (metric,) = result(call("ListMetrics"), "ListMetrics")["Metrics"]
    assert metric["MetricName"] == "CPUUtilization"
    assert metric["Namespace"] == "system/linux"
    assert metric["Dimensions"] == [
        {"Name": "AlarmName", "Value": "web-cpu"},
        {"Name": "Timestamp", "Value": "2024-05-01T10:00:30Z"},
        {"Name": "Unit", "Value": "Percent"},
        {"Name": "Value", "Value": "95"},
        {"Name": "Dimensions", "Value": '{"AlarmName": "web-cpu"}'},
    ]


def test_list_metrics_filters_by_name_and_namespace(call, engine):
    engine.answers["show_watch_metric"] = [SAMPLE, dict(SAMPLE, metric_name="MemoryUsage")]
    metrics = result(call("ListMetrics", MetricName="MemoryUsage"), "ListMetrics")["Metrics"]
    assert [metric["MetricName"] for metric in metrics] == ["MemoryUsage"]
    assert result(call("ListMetrics", Namespace="other"), "ListMetrics") == {"Metrics": []}


def test_put_metric_data_sends_each_sample_to_its_alarm(call, engine):
    response = call(
        "PutMetricData",
        Namespace="system/linux",
        **{
            "MetricData.member.1.MetricName": "CPUUtilization",
            "MetricData.member.1.Unit": "Percent",
            "MetricData.member.1.Value": "95",
            "MetricData.member.1.Dimensions.member.1.Name": "AlarmName",
            "MetricData.member.1.Dimensions.member.1.Value": "web-cpu",
            "MetricData.member.2.MetricName": "MemoryUsage",
            "MetricData.member.2.Value": "5",
        },
    )
    assert result(response, "PutMetricData") == {"ResponseMetadata": None}
    calls = [kwargs for name, _context, kwargs in engine.calls if name == "create_watch_data"]
    assert calls == [
        {
            "watch_name": "web-cpu",
            "stats_data": {
                "Namespace": "system/linux",
                "CPUUtilization": {
                    "Unit": "Percent",
                    "Value": "95",
                    "Dimensions": {"AlarmName": "web-cpu"},
                },
            },
        },
        {
            "watch_name": None,
            "stats_data": {
                "Namespace": "system/linux",
                "MemoryUsage": {"Unit": None, "Value": "5", "Dimensions": {}},
            },
        },
    ]


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


STATISTICS = {
    "Namespace": "system/linux",
    "MetricName": "CPUUtilization",
    "StartTime": "2024-05-01T10:00:00Z",
    "EndTime": "2024-05-01T11:00:00Z",
    "Period": "300",
    "Statistics.member.1": "Average",
    "Statistics.member.2": "Maximum",
}


def test_get_metric_statistics_shapes_datapoints(call, engine):
    engine.answers["show_watch_statistics"] = [
        {
            "timestamp": "2024-05-01T10:05:00Z",
            "unit": "Percent",
            "statistics": {"Average": 50.0, "Maximum": 90.0},
        }
    ]
    answer = result(call("GetMetricStatistics", **STATISTICS), "GetMetricStatistics")
    assert answer == {
        "Label": "CPUUtilization",
        "Datapoints": [
            {
                "Timestamp": "2024-05-01T10:05:00Z",
                "Average": 50.0,
                "Maximum": 90.0,
                "Unit": "Percent",
            }
        ],
    }
    assert engine.call_of("show_watch_statistics") == {
        "namespace": "system/linux",
        "metric_name": "CPUUtilization",
        "start_time": "2024-05-01T10:00:00Z",
        "end_time": "2024-05-01T11:00:00Z",
        "period": 300,
        "statistics": ["Average", "Maximum"],
        "dimensions": None,
        "unit": None,
    }


@pytest.mark.parametrize(
    "change, code",
    [
        ({"Statistics.member.1": None, "Statistics.member.2": None}, "MissingParameter"),
        ({"StartTime": None}, "MissingParameter"),
        ({"Period": "-1"}, "InvalidParameterValue"),
        ({"ExtendedStatistics.member.1": "p90"}, "InvalidParameterValue"),
    ],
)
def test_get_metric_statistics_checks_its_parameters(call, engine, change, code):
    params = {k: v for k, v in dict(STATISTICS, **change).items() if v is not None}
    assert error_code(call("GetMetricStatistics", **params)) == code
    assert engine.calls == []
