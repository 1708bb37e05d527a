"""AWS wait conditions on the split deployment, completed by real in-server tools.

A stack's ``AWS::CloudFormation::WaitConditionHandle`` gives a URL pre-signed with its own
stack user's EC2 keypair; ``cfn-signal`` (heat-cfntools) or curl PUTs the signal there,
heat-api-cfn checks the signature with Keystone and the engine keeps the signal in the
handle's metadata, where the waiting wait condition finds it.
"""

import json
import subprocess
import time

import pytest
import requests

from tests.functional.aws import native

SIGNAL = {"Status": "SUCCESS", "Reason": "done", "UniqueId": "1", "Data": "x"}


@pytest.fixture(scope="module")
def demo_native(aws_heat, keystone):
    """demo's stacks on the native API, deleted when the module ends."""
    yield from native.demo_stacks(aws_heat, keystone)


def curl_put(url: str, body) -> subprocess.CompletedProcess:
    """PUT the JSON ``body`` to ``url`` with curl as cfn-signal does (no content type)."""
    command = ["curl", "-s", "-X", "PUT", "-H", "Content-Type:", "--data-binary"]
    return subprocess.run(
        [*command, json.dumps(body), url], capture_output=True, text=True, timeout=60, check=True
    )


def put(url: str, body) -> requests.Response:
    return requests.put(url, data=json.dumps(body), timeout=60)


def handle_url(demo_native, stack) -> str:
    """The handle's pre-signed URL, as the stand-in server ``url`` was given it."""
    return demo_native.attribute(stack, "url", "value")


def test_cfn_signal_completes_the_wait_condition(demo_native, agents):
    stack = demo_native.create("aws_wait.yaml")
    url = handle_url(demo_native, stack)
    command = [agents.cfn_signal, "-i", "web-1", "-r", "configured", "-d", "ready", url]
    result = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    demo_native.wait_for(stack, "CREATE_COMPLETE")
    assert json.loads(demo_native.outputs(stack)["Data"]) == {"web-1": "ready"}


def test_curl_put_completes_it_and_is_answered_the_metadata(demo_native):
    stack = demo_native.create("aws_wait.yaml")
    answer = curl_put(handle_url(demo_native, stack), SIGNAL)
    assert json.loads(answer.stdout) == {
        "resource": "handle",
        "metadata": {"1": {"Status": "SUCCESS", "Reason": "done", "Data": "x"}},
    }
    demo_native.wait_for(stack, "CREATE_COMPLETE")
    assert json.loads(demo_native.outputs(stack)["Data"]) == {"1": "x"}


def test_count_waits_for_that_many_unique_ids(demo_native):
    stack = demo_native.create("aws_wait.yaml", {"Count": 3})
    url = handle_url(demo_native, stack)
    put(url, dict(SIGNAL, UniqueId="a", Data="first"))
    put(url, dict(SIGNAL, UniqueId="b"))
    answer = put(url, dict(SIGNAL, UniqueId="a", Data="again"))
    assert sorted(answer.json()["metadata"]) == ["a", "b"]
    time.sleep(2)
    assert demo_native.show(stack)["stack_status"] == "CREATE_IN_PROGRESS"
    put(url, dict(SIGNAL, UniqueId="c"))
    demo_native.wait_for(stack, "CREATE_COMPLETE")
    data = json.loads(demo_native.outputs(stack)["Data"])
    assert data == {"a": "again", "b": "x", "c": "x"}


def test_failure_signal_fails_the_stack_with_its_reason(demo_native):
    stack = demo_native.create("aws_wait.yaml")
    put(handle_url(demo_native, stack), dict(SIGNAL, Status="FAILURE", Reason="disk full"))
    shown = demo_native.wait_for(stack, "CREATE_FAILED")
    assert shown["stack_status_reason"] == (
        "Resource CREATE failed: WaitConditionFailure: resources.wait: disk full"
    )


def test_too_few_signals_in_time_fail_the_stack(demo_native):
    stack = demo_native.create("aws_wait.yaml", {"Timeout": 1})
    shown = demo_native.wait_for(stack, "CREATE_FAILED")
    assert shown["stack_status_reason"] == (
        "Resource CREATE failed: WaitConditionTimeout: resources.wait: 0 of 1 received"
    )


def test_timeout_reason_lists_the_signals_received(demo_native):
    stack = demo_native.create("aws_wait.yaml", {"Count": 2, "Timeout": 4})
    put(handle_url(demo_native, stack), dict(SIGNAL, Reason="web up"))
    shown = demo_native.wait_for(stack, "CREATE_FAILED")
    assert shown["stack_status_reason"].endswith("resources.wait: 1 of 2 received - web up")


def test_signal_without_the_four_fields_is_refused(demo_native):
    stack = demo_native.create("aws_wait.yaml")
    url = handle_url(demo_native, stack)
    answer = put(url, {"Status": "SUCCESS", "Reason": "done", "UniqueId": "1"})
    assert answer.status_code == 400
    error = answer.json()["ErrorResponse"]["Error"]
    assert error["Code"] == "InvalidParameterValue"
    assert error["Message"].endswith("Metadata format invalid")
    put(url, SIGNAL)
    demo_native.wait_for(stack, "CREATE_COMPLETE")


def test_update_replaces_an_update_handle_and_waits_again(demo_native, keystone):
    stack = demo_native.create("update_wait.yaml")
    first_url = handle_url(demo_native, stack)
    first_user = demo_native.resource(stack, "handle")["physical_resource_id"]
    put(first_url, SIGNAL)
    demo_native.wait_for(stack, "CREATE_COMPLETE")
    demo_native.update(stack, "update_wait.yaml")
    demo_native.wait_for_resource(stack, "url", "UPDATE_COMPLETE")
    second_url = demo_native.resource(stack, "url")["attributes"]["value"]
    assert second_url != first_url
    assert demo_native.show(stack)["stack_status"] == "UPDATE_IN_PROGRESS"
    put(second_url, dict(SIGNAL, Data="after update"))
    demo_native.wait_for(stack, "UPDATE_COMPLETE")
    assert json.loads(demo_native.outputs(stack)["Data"]) == {"1": "after update"}
    assert native.keystone_admin_get(keystone, "/users/%s" % first_user).status_code == 404
