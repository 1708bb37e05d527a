"""OS::Heat wait conditions on the split deployment, signalled the ways their handle offers.

TOKEN_SIGNAL (the default) hands out a token of the handle's stack user and the native
API's signal URL, joined in the ``curl_cli`` command line; HEAT_SIGNAL the user's own
credentials; CFN_SIGNAL a pre-signed URL of heat-api-cfn; NO_SIGNAL nothing at all.
"""

import json
import shlex
import subprocess

import pytest
import requests

from tests.functional.aws import native


@pytest.fixture(scope="module")
def demo_native(aws_heat, keystone):
    """demo's stacks on the native API, deleted when the module ends."""
    yield from native.demo_stacks(aws_heat, keystone)


def run_curl_cli(curl_cli: str, body: dict) -> str:
    """Run the handle's ``curl_cli`` in a shell with ``--data-binary <body>``; its output."""
    command = "%s --data-binary %s" % (curl_cli, shlex.quote(json.dumps(body)))
    result = subprocess.run(command, shell=True, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_curl_cli_completes_the_wait_condition(demo_native):
    stack = demo_native.create("native_wait.yaml")
    curl_cli = demo_native.attribute(stack, "handle", "curl_cli")
    output = run_curl_cli(curl_cli, {"status": "SUCCESS", "data": "ok"})
    assert output.startswith("HTTP/1.1 200"), output
    demo_native.wait_for(stack, "CREATE_COMPLETE")
    assert json.loads(demo_native.outputs(stack)["data"]) == {"1": "ok"}


def test_token_signal_attributes(demo_native):
    stack = demo_native.create("native_wait.yaml")
    attributes = demo_native.created_resource(stack, "handle")["attributes"]
    assert attributes["endpoint"].endswith("/resources/handle/signal")
    assert attributes["token"] in attributes["curl_cli"]
    assert json.loads(attributes["signal"]) is None
    run_curl_cli(attributes["curl_cli"], {})
    demo_native.wait_for(stack, "CREATE_COMPLETE")


def test_signals_without_ids_are_numbered(demo_native):
    stack = demo_native.create("native_wait.yaml", {"count": 2})
    curl_cli = demo_native.attribute(stack, "handle", "curl_cli")
    run_curl_cli(curl_cli, {"data": "one"})
    run_curl_cli(curl_cli, {"data": "two"})
    demo_native.wait_for(stack, "CREATE_COMPLETE")
    assert json.loads(demo_native.outputs(stack)["data"]) == {"1": "one", "2": "two"}


def test_failure_signal_fails_with_the_default_reason(demo_native):
    stack = demo_native.create("native_wait.yaml")
    run_curl_cli(demo_native.attribute(stack, "handle", "curl_cli"), {"status": "FAILURE"})
    shown = demo_native.wait_for(stack, "CREATE_FAILED")
    assert shown["stack_status_reason"] == (
        "Resource CREATE failed: WaitConditionFailure: resources.wait: Signal 1 received"
    )


def test_heat_signal_with_the_handle_users_credentials(demo_native, keystone):
    stack = demo_native.create("native_wait.yaml", {"transport": "HEAT_SIGNAL"})
    signal = json.loads(demo_native.attribute(stack, "handle", "signal"))
    expected = {"alarm_url", "auth_url", "username", "user_id", "password", "project_id"}
    assert expected | {"domain_id", "region_name"} == set(signal)
    assert signal["project_id"] in signal["alarm_url"]
    token = native.stack_user_token(keystone, signal)
    answer = native.signal_with_token(signal["alarm_url"], token, {"id": "h", "data": "via heat"})
    assert answer.status_code == 200, answer.text
    demo_native.wait_for(stack, "CREATE_COMPLETE")
    assert json.loads(demo_native.outputs(stack)["data"]) == {"h": "via heat"}


def test_cfn_signal_transport_puts_native_fields_to_the_presigned_url(demo_native):
    stack = demo_native.create("native_wait.yaml", {"transport": "CFN_SIGNAL"})
    signal = json.loads(demo_native.attribute(stack, "handle", "signal"))
    assert "/v1/waitcondition/arn%3Aopenstack%3Aheat%3A%3A" in signal["alarm_url"]
    answer = requests.put(signal["alarm_url"], json={"data": "cfn"}, timeout=60)
    assert answer.status_code == 200, answer.text
    assert answer.json() == {
        "resource": "handle",
        "metadata": {"1": {"status": "SUCCESS", "reason": "Signal 1 received", "data": "cfn"}},
    }
    demo_native.wait_for(stack, "CREATE_COMPLETE")


def test_no_signal_needs_no_signal(demo_native):
    stack = demo_native.create("native_wait.yaml", {"transport": "NO_SIGNAL"})
    demo_native.wait_for(stack, "CREATE_COMPLETE")
    assert json.loads(demo_native.outputs(stack)["data"]) == {"1": None}


def test_swift_signals_are_refused_without_swift(demo_native):
    answer = demo_native.call(
        "POST",
        "/v1/%s/stacks" % demo_native.user.project_id,
        json={
            "stack_name": "temp-url",
            "template": {
                "heat_template_version": "2021-04-16",
                "resources": {
                    "handle": {
                        "type": "OS::Heat::WaitConditionHandle",
                        "properties": {"signal_transport": "TEMP_URL_SIGNAL"},
                    }
                },
            },
        },
    )
    assert answer.status_code == 400
    assert "Service swift is not available" in answer.json()["error"]["message"]
