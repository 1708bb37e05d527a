"""boto3's CloudWatch client (Query protocol) parses what the app answers over real HTTP."""

import datetime
import threading
import wsgiref.simple_server

import pytest

from heat.common import exception
from tests.unit.api.cloudwatch.conftest import MEMBER

cloudwatch_client = pytest.importorskip("tests.fixtures.cloudwatch_client")
botocore_exceptions = pytest.importorskip("botocore.exceptions")

pytestmark = pytest.mark.filterwarnings("ignore:Policy .* was deprecated:UserWarning")

WATCH = {
    "actions_enabled": True,
    "actions": ["arn:openstack:heat::t:stacks/s/1/resources/policy"],
    "updated_time": "2024-05-01T10:00:00Z",
    "name": "web-cpu",
    "comparison": "GreaterThanThreshold",
    "dimensions": [{"Name": "Group", "Value": "web"}],
    "periods": "1",
    "metric_name": "CPU",
    "namespace": "system/linux",
    "ok_actions": [],
    "period": "60",
    "state_reason": "Threshold Crossed",
    "state_reason_data": {"recentDatapoints": [95.0]},
    "state_updated_time": "2024-05-01T10:01:00Z",
    "state_value": "ALARM",
    "statistic": "Average",
    "threshold": "80",
    "unit": None,
    "stack_id": "5b1c",
}


class _QuietHandler(wsgiref.simple_server.WSGIRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture
def cloudwatch(app, monkeypatch, tmp_path):
    """A boto3 CloudWatch client of the app served on a local port; callers are members."""
    monkeypatch.setenv("AWS_CONFIG_FILE", str(tmp_path / "none"))
    monkeypatch.setenv("AWS_SHARED_CREDENTIALS_FILE", str(tmp_path / "none"))

    def as_member(environ, start_response):
        environ["context"] = MEMBER
        return app(environ, start_response)

    server = wsgiref.simple_server.make_server(
        "127.0.0.1", 0, as_member, handler_class=_QuietHandler
    )
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}).start()
    url = "http://127.0.0.1:%d/v1" % server.server_address[1]
    yield cloudwatch_client.client(url, "AKID", "secret", tmp_path / "models")
    server.shutdown()
    server.server_close()


def test_boto3_describes_alarms(cloudwatch, engine):
    engine.answers["show_watch"] = [WATCH]
    (alarm,) = cloudwatch.describe_alarms()["MetricAlarms"]
    assert (alarm["AlarmName"], alarm["StateValue"]) == ("web-cpu", "ALARM")
    assert (alarm["Period"], alarm["EvaluationPeriods"], alarm["Threshold"]) == (60, 1, 80.0)
    assert alarm["StateReasonData"] == '{"recentDatapoints": [95.0]}'
    assert alarm["StateUpdatedTimestamp"].minute == 1
    assert alarm["Dimensions"][-1] == {"Name": "StackId", "Value": "5b1c"}


def test_boto3_puts_an_alarm(cloudwatch, engine):
    cloudwatch.put_metric_alarm(
        AlarmName="mem",
        MetricName="Memory",
        Namespace="system/linux",
        Statistic="Maximum",
        Period=60,
        EvaluationPeriods=1,
        Threshold=90.0,
        ComparisonOperator="GreaterThanThreshold",
        AlarmActions=["arn:openstack:heat::t:stacks/s/1/resources/policy"],
    )
    sent = engine.call_of("put_watch")["rule"]
    assert (sent["Period"], sent["Threshold"]) == (60, 90.0)
    assert sent["AlarmActions"] == ["arn:openstack:heat::t:stacks/s/1/resources/policy"]


def test_boto3_gets_statistics(cloudwatch, engine):
    point = {"timestamp": "2024-05-01T10:05:00Z", "unit": "Percent", "statistics": {"Sum": 3.0}}
    engine.answers["show_watch_statistics"] = [point]
    answer = cloudwatch.get_metric_statistics(
        Namespace="system/linux",
        MetricName="CPU",
        StartTime=datetime.datetime(2024, 5, 1, 10, 0, tzinfo=datetime.timezone.utc),
        EndTime=datetime.datetime(2024, 5, 1, 11, 0, tzinfo=datetime.timezone.utc),
        Period=300,
        Statistics=["Sum"],
    )
    (datapoint,) = answer["Datapoints"]
    assert (datapoint["Sum"], datapoint["Unit"], datapoint["Timestamp"].minute) == (
        3.0,
        "Percent",
        5,
    )
    assert engine.call_of("show_watch_statistics")["start_time"] == "2024-05-01T10:00:00Z"


def test_boto3_describes_history(cloudwatch, engine):
    entry = {
        "id": 3,
        "watch_name": "web-cpu",
        "timestamp": "2024-05-01T10:00:00Z",
        "item_type": "Action",
        "summary": "Signalled policy of stack s (ALARM)",
        "data": {"resource": "policy"},
    }
    engine.answers["list_watch_history"] = {"items": [entry], "next_marker": "3"}
    answer = cloudwatch.describe_alarm_history(AlarmName="web-cpu", MaxRecords=1)
    (item,) = answer["AlarmHistoryItems"]
    assert (item["HistoryItemType"], item["HistoryData"]) == ("Action", '{"resource": "policy"}')
    assert answer["NextToken"] == "3"


def test_boto3_sees_aws_error_codes(cloudwatch, engine):
    engine.answers["delete_watches"] = exception.EntityNotFound(entity="Watch Rule", name="x")
    with pytest.raises(botocore_exceptions.ClientError) as raised:
        cloudwatch.delete_alarms(AlarmNames=["x"])
    assert raised.value.response["Error"]["Code"] == "InvalidParameterValue"
    assert "The Watch Rule (x) could not be found" in raised.value.response["Error"]["Message"]
