"""TEMP_URL_SIGNAL of a native wait condition handle against the lab's Swift: the handle's
``signal`` attribute is a temporary URL that a server (played by plain HTTP PUTs, as curl
in a guest) writes each signal to; the wait condition completes on them, and the object
and the stack's container go with the handle."""

import json

import requests

TEMPLATE = {
    "heat_template_version": "2021-04-16",
    "resources": {
        "handle": {
            "type": "OS::Heat::WaitConditionHandle",
            "properties": {"signal_transport": "TEMP_URL_SIGNAL"},
        },
        "wait": {
            "type": "OS::Heat::WaitCondition",
            "properties": {"handle": {"get_resource": "handle"}, "count": 3, "timeout": 120},
        },
    },
    "outputs": {"data": {"value": {"get_attr": ["wait", "data"]}}},
}


def test_a_handle_is_signalled_through_its_temp_url(demo_stacks, demo_cloud, versioned_writes):
    identity = demo_stacks.start_create(TEMPLATE)
    try:
        url = json.loads(demo_stacks.attributes_once_made(identity, "handle")["signal"])[
            "alarm_url"
        ]
        assert "temp_url_sig=" in url
        for body in ("", json.dumps({"data": "second"}), json.dumps({"id": "c", "data": 3})):
            requests.put(url, data=body, timeout=10).raise_for_status()
        assert demo_stacks.wait(identity)[:2] == ("CREATE", "COMPLETE")
        outputs = json.loads(demo_stacks.outputs(identity)["data"])
        assert outputs == {"1": None, "2": "second", "c": 3}
        assert [each.name for each in demo_cloud.object_store.objects(identity["stack_id"])]
    finally:
        demo_stacks.delete(identity)
    assert demo_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")
    containers = [each.name for each in demo_cloud.object_store.containers()]
    assert identity["stack_id"] not in containers
