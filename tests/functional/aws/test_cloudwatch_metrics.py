"""Metric samples through boto3: pushed by demo or by a server's stack user, listed,
and aggregated."""

import datetime

import botocore.exceptions
import pytest

from tests.fixtures import cloudwatch_client


def push(cloudwatch, alarm, value, metric="CPUUtilization", **extra):
    dimensions = [{"Name": "AlarmName", "Value": alarm}, {"Name": "Group", "Value": "web"}]
    cloudwatch.put_metric_data(
        Namespace="system/linux",
        MetricData=[
            {"MetricName": metric, "Value": value, "Unit": "Percent", "Dimensions": dimensions}
        ],
        **extra,
    )


@pytest.fixture(scope="module")
def stack(alarm_stacks):
    return alarm_stacks.create()


def test_pushed_samples_are_listed_with_their_alarm(cloudwatch, stack):
    push(cloudwatch, stack.alarm, 42.0)
    metrics = cloudwatch.list_metrics(MetricName="CPUUtilization")["Metrics"]
    mine = [
        metric
        for metric in metrics
        if {"Name": "AlarmName", "Value": stack.alarm} in metric["Dimensions"]
    ]
    assert mine
    assert mine[0]["Namespace"] == "system/linux"
    assert {"Name": "Value", "Value": "42.0"} in mine[0]["Dimensions"]


def test_statistics_of_the_pushed_samples(cloudwatch, alarm_stacks):
    stack = alarm_stacks.create()
    for value in (10.0, 20.0, 60.0):
        push(cloudwatch, stack.alarm, value)
    now = datetime.datetime.now(datetime.timezone.utc)
    answer = cloudwatch.get_metric_statistics(
        Namespace="system/linux",
        MetricName="CPUUtilization",
        Dimensions=[{"Name": "AlarmName", "Value": stack.alarm}],
        StartTime=now - datetime.timedelta(minutes=10),
        EndTime=now + datetime.timedelta(minutes=1),
        Period=3600,
        Statistics=["SampleCount", "Average", "Maximum"],
    )
    (point,) = answer["Datapoints"]
    assert answer["Label"] == "CPUUtilization"
    assert (point["SampleCount"], point["Average"], point["Maximum"]) == (3.0, 30.0, 60.0)
    assert point["Unit"] == "Percent"


def test_samples_for_an_unknown_alarm_are_refused(cloudwatch):
    with pytest.raises(botocore.exceptions.ClientError) as raised:
        push(cloudwatch, "no-such-alarm", 1.0)
    error = raised.value.response["Error"]
    assert error["Code"] == "InvalidParameterValue"
    assert "no-such-alarm" in error["Message"]


def test_a_servers_stack_user_pushes_with_its_access_key(
    aws_heat, alarm_stacks, cloudwatch, tmp_path
):
    stack = alarm_stacks.create("pushed_alarm.yaml")
    access, secret = stack.outputs["access_key"], stack.outputs["secret_key"]
    server = cloudwatch_client.client(aws_heat.cloudwatch_url + "/v1", access, secret, tmp_path)
    push(server, stack.alarm, 97.0, metric="MemoryUtilization")
    metrics = cloudwatch.list_metrics(MetricName="MemoryUtilization")["Metrics"]
    assert any({"Name": "AlarmName", "Value": stack.alarm} in m["Dimensions"] for m in metrics)
    with pytest.raises(botocore.exceptions.ClientError) as raised:
        server.describe_alarms()
    assert raised.value.response["Error"]["Code"] == "AccessDenied"
