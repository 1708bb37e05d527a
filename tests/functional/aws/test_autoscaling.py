"""Scaling groups resized by their policies, end to end on the split deployment.

HOT policies are signalled through their pre-signed ``alarm_url`` (no credentials but
the URL's signature, checked by Keystone) and their native ``signal_url`` (a token of
demo). AWS policies are signalled by alarms the engine evaluates: ``cfn-push-stats``
(heat-cfntools, with the server's access key) and boto3's PutMetricData feed them.
"""

import pathlib

import pytest
import requests

from tests.functional.aws.cloudwatch import wait_until

TEMPLATES = pathlib.Path(__file__).resolve().parents[2] / "templates" / "autoscaling"


def size_becomes(alarm_stacks, stack, wanted: int) -> None:
    wait_until(
        lambda: alarm_stacks.outputs(stack)["size"] == wanted,
        what="the group of %s to have %d members" % (stack.name, wanted),
    )


def signal_events(alarm_stacks, stack, resource: str) -> list[dict]:
    events = alarm_stacks.get(stack, "/resources/%s/events" % resource)["events"]
    return [event for event in events if event["resource_status"].startswith("SIGNAL")]


@pytest.fixture(scope="module")
def policies(alarm_stacks):
    return alarm_stacks.create("policies.yaml", directory=TEMPLATES)


def test_the_alarm_url_grows_the_group_up_to_its_maximum(alarm_stacks, policies):
    url = policies.outputs["grow_alarm_url"]
    assert "Signature=" in url and "Timestamp" not in url  # pre-signed, never expiring
    assert alarm_stacks.outputs(policies)["size"] == 1
    for wanted in (2, 3):
        answer = requests.post(url, timeout=30)
        assert answer.status_code == 200, answer.text
        size_becomes(alarm_stacks, policies, wanted)
    # Each signal is recorded once the group it grew has its new size.
    wait_until(
        lambda: len(signal_events(alarm_stacks, policies, "grow")) == 2,
        what="the two grow signal events",
    )
    # At the maximum the signal changes nothing and, as upstream, records no event.
    assert requests.post(url, timeout=30).status_code == 200
    assert alarm_stacks.outputs(policies)["size"] == 3
    metadata = alarm_stacks.get(policies, "/resources/group/metadata")["metadata"]
    assert metadata["scaling_in_progress"] is False
    assert list(metadata["cooldown_end"].values()) == ["change_in_capacity : 1"]


def test_a_tampered_alarm_url_is_refused(alarm_stacks, policies):
    url = policies.outputs["grow_alarm_url"].replace("Signature=", "Signature=x")
    answer = requests.post(url, timeout=30)
    assert answer.status_code == 403, answer.text


def test_the_signal_url_shrinks_the_group_with_a_token(alarm_stacks, keystone):
    stack = alarm_stacks.create("policies.yaml", directory=TEMPLATES)
    assert requests.post(stack.outputs["grow_alarm_url"], timeout=30).status_code == 200
    size_becomes(alarm_stacks, stack, 2)
    url = stack.outputs["shrink_signal_url"]
    assert url.endswith("/resources/shrink/signal")
    headers = {"X-Auth-Token": keystone.user_token(keystone.demo)}
    answer = requests.post(url, headers=headers, json={}, timeout=30)
    assert answer.status_code == 200, answer.text
    size_becomes(alarm_stacks, stack, 1)
    without_token = requests.post(url, json={}, timeout=30)
    assert without_token.status_code == 401


def test_the_cooldown_spaces_adjustments_out(alarm_stacks):
    stack = alarm_stacks.create("policies.yaml", directory=TEMPLATES, cooldown="600")
    url = stack.outputs["grow_alarm_url"]
    # Creating the group started no cooldown of its own: the first signal grows it.
    assert requests.post(url, timeout=30).status_code == 200
    size_becomes(alarm_stacks, stack, 2)
    assert requests.post(url, timeout=30).status_code == 200
    wait_until(
        lambda: (
            alarm_stacks.get(stack, "/resources/group/metadata")["metadata"].get(
                "scaling_in_progress"
            )
            is False
        ),
        what="the adjustment to end",
    )
    assert alarm_stacks.outputs(stack)["size"] == 2
    wait_until(lambda: signal_events(alarm_stacks, stack, "grow"), what="the grow signal event")
    assert len(signal_events(alarm_stacks, stack, "grow")) == 1


def test_alarms_fed_by_cfn_push_stats_and_put_metric_data_scale_the_group(
    aws_heat, agents, alarm_stacks, cloudwatch, tmp_path
):
    stack = alarm_stacks.create("alarms.yaml", directory=TEMPLATES)
    credentials = tmp_path / "cfn-credentials"
    credentials.write_text(
        "AWSAccessKeyId=%s\nAWSSecretKey=%s\n"
        % (stack.outputs["access_key"], stack.outputs["secret_key"])
    )
    high, low = stack.outputs["high_alarm"], stack.outputs["low_alarm"]

    def pushed_until(wanted: int):
        push = ("--metric", "CPUUtilization", "--units", "Percent", "--value", "95")
        ran = agents.push_stats(aws_heat.cloudwatch_url, credentials, "--watch", high, *push)
        assert ran.returncode == 0, ran.stderr
        # While the alarm stays in ALARM its action fires again each period.
        return alarm_stacks.outputs(stack)["size"] >= wanted

    wait_until(lambda: pushed_until(2), what="cfn-push-stats to grow the group")
    (alarm,) = cloudwatch.describe_alarms(AlarmNames=[high])["MetricAlarms"]
    assert alarm["AlarmActions"] == [stack.outputs["scale_up_url"]]
    # Once the pushes stop, a slow machine may see a whole period pass without a sample and
    # the alarm fall to INSUFFICIENT_DATA: its history, not its state now, shows it alarmed.
    history = cloudwatch.describe_alarm_history(AlarmName=high, HistoryItemType="StateUpdate")
    summaries = [item["HistorySummary"] for item in history["AlarmHistoryItems"]]
    assert any(summary.endswith(" to ALARM") for summary in summaries), summaries

    def put_until(wanted: int):
        cloudwatch.put_metric_data(
            Namespace="system/linux",
            MetricData=[
                {
                    "MetricName": "CPUUtilization",
                    "Value": 3.0,
                    "Unit": "Percent",
                    "Dimensions": [{"Name": "AlarmName", "Value": low}],
                }
            ],
        )
        return alarm_stacks.outputs(stack)["size"] == wanted

    wait_until(lambda: put_until(1), what="PutMetricData to shrink the group")
    assert signal_events(alarm_stacks, stack, "scale_up")
    # The policy records its signal once the group it adjusted has its new size.
    wait_until(
        lambda: signal_events(alarm_stacks, stack, "scale_down"), what="the scale_down signal event"
    )
