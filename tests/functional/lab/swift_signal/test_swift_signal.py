"""OS::Heat::SwiftSignalHandle and OS::Heat::SwiftSignal against the lab's Swift: the server's
part is played by plain HTTP PUTs to the handle's temporary URL, as curl in a guest does."""

import json
import time

import requests


def template(count: int = 1, timeout: int = 60) -> dict:
    return {
        "heat_template_version": "2021-04-16",
        "resources": {
            "handle": {"type": "OS::Heat::SwiftSignalHandle"},
            "signal": {
                "type": "OS::Heat::SwiftSignal",
                "properties": {
                    "handle": {"get_resource": "handle"},
                    "count": count,
                    "timeout": timeout,
                },
            },
        },
        "outputs": {
            "data": {"value": {"get_attr": ["signal", "data"]}},
            "curl": {"value": {"get_attr": ["handle", "curl_cli"]}},
            "token": {"value": {"get_attr": ["handle", "token"]}},
        },
    }


def handle_url(stacks, identity) -> str:
    """The handle's URL, once the handle is made (the signal is waiting then)."""
    return stacks.attributes_once_made(identity, "handle")["endpoint"]


def signal(url: str, body: str = "") -> None:
    """PUT a signal as a server would: no token, only the URL."""
    requests.put(url, data=body, timeout=10).raise_for_status()


def test_one_signal_completes_the_wait_with_its_data(demo_stacks):
    identity = demo_stacks.start_create(template())
    try:
        url = handle_url(demo_stacks, identity)
        signal(url, json.dumps({"status": "SUCCESS", "data": "ready"}))
        assert demo_stacks.wait(identity)[:2] == ("CREATE", "COMPLETE")
        outputs = demo_stacks.outputs(identity)
        assert json.loads(outputs["data"]) == {"1": "ready"}
        assert outputs["curl"] == "curl -i -X PUT '%s'" % url
        assert outputs["token"] == ""
    finally:
        demo_stacks.delete(identity)


def test_the_wait_needs_count_signals(demo_stacks, versioned_writes):
    identity = demo_stacks.start_create(template(count=2))
    try:
        url = handle_url(demo_stacks, identity)
        signal(url)
        time.sleep(1)
        assert demo_stacks.state(identity)[:2] == ("CREATE", "IN_PROGRESS")
        signal(url, json.dumps({"id": "second", "data": {"b": 2}}))
        assert demo_stacks.wait(identity)[:2] == ("CREATE", "COMPLETE")
        assert json.loads(demo_stacks.outputs(identity)["data"]) == {"1": None, "second": {"b": 2}}
    finally:
        demo_stacks.delete(identity)


def test_a_failure_signal_fails_the_wait_with_its_reason(demo_stacks):
    identity = demo_stacks.start_create(template())
    try:
        signal(
            handle_url(demo_stacks, identity),
            json.dumps({"status": "FAILURE", "reason": "no disk"}),
        )
        action, status, reason = demo_stacks.wait(identity)
        assert (action, status) == ("CREATE", "FAILED")
        assert "SwiftSignalFailure" in reason and "no disk" in reason
    finally:
        demo_stacks.delete(identity)


def test_no_signal_in_time_fails_the_wait(demo_stacks):
    identity = demo_stacks.start_create(template(timeout=2))
    try:
        action, status, reason = demo_stacks.wait(identity)
        assert (action, status) == ("CREATE", "FAILED")
        assert "SwiftSignalTimeout" in reason and "0 of 1 received" in reason
    finally:
        demo_stacks.delete(identity)


def test_the_url_allows_put_only(demo_stacks):
    identity = demo_stacks.start_create(template(timeout=30))
    try:
        url = handle_url(demo_stacks, identity)
        assert requests.get(url, timeout=10).status_code == 401
        assert (
            requests.put(url.replace("temp_url_sig=", "temp_url_sig=0"), timeout=10).status_code
            == 401
        )
    finally:
        demo_stacks.delete(identity)


def test_deleting_the_stack_removes_the_signals_and_their_container(demo_stacks, demo_cloud):
    identity = demo_stacks.start_create(template())
    signal(handle_url(demo_stacks, identity))
    demo_stacks.wait(identity)
    container = identity["stack_id"]
    assert [obj.name for obj in demo_cloud.object_store.objects(container)]
    demo_stacks.delete(identity)
    assert demo_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")
    assert container not in [item.name for item in demo_cloud.object_store.containers()]


def test_a_stack_deleted_while_it_waits_leaves_no_container(demo_stacks, demo_cloud):
    identity = demo_stacks.start_create(template(timeout=60))
    handle_url(demo_stacks, identity)
    demo_stacks.delete(identity)
    assert demo_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")
    names = [item.name for item in demo_cloud.object_store.containers()]
    assert identity["stack_id"] not in names
