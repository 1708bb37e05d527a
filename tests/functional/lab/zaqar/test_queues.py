"""Zaqar's types against the lab's Zaqar (messages in the lab's Swift): a queue with its
metadata changed in place, a subscription changed in place, a pre-signed queue URL that
lets its holder post without a token, and nothing left after a delete."""

import uuid

import pytest
import requests

from heat.common import exception


def template(resources: dict, outputs: dict) -> dict:
    return {
        "heat_template_version": "2021-04-16",
        "resources": resources,
        "outputs": {name: {"value": value} for name, value in outputs.items()},
    }


def zaqar(cloud, method: str, path: str, **kwargs):
    headers = {"Client-ID": str(uuid.uuid4())}
    return getattr(cloud.message, method)(path, headers=headers, raise_exc=False, **kwargs)


@pytest.fixture
def queue_name():
    return "heat-%s" % uuid.uuid4().hex[:8]


def queue(name, **metadata):
    return {"type": "OS::Zaqar::Queue", "properties": {"name": name, "metadata": metadata}}


def test_a_queue_keeps_its_metadata_changed_in_place(demo_stacks, demo_cloud, queue_name):
    outputs = {
        "ref": {"get_resource": "q"},
        "href": {"get_attr": ["q", "href"]},
        "show": {"get_attr": ["q", "show"]},
    }
    identity = demo_stacks.create(template({"q": queue(queue_name, ttl=60, keep="x")}, outputs))
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    found = demo_stacks.outputs(identity)
    assert found["ref"] == queue_name
    assert found["href"].endswith("/v2/queues/%s" % queue_name)
    stored = zaqar(demo_cloud, "get", "/queues/%s" % queue_name).json()
    assert (stored["ttl"], stored["keep"]) == (60, "x")

    changed = template({"q": queue(queue_name, ttl=120, other=True)}, outputs)
    stack = demo_stacks.update(identity, changed)
    assert (stack["stack_action"], stack["stack_status"]) == ("UPDATE", "COMPLETE")
    stored = zaqar(demo_cloud, "get", "/queues/%s" % queue_name).json()
    assert (stored["ttl"], stored["other"], "keep" in stored) == (120, True, False)
    assert demo_stacks.outputs(identity)["show"] == {"metadata": {"ttl": 120, "other": True}}
    demo_stacks.delete(identity)
    assert "ttl" not in zaqar(demo_cloud, "get", "/queues/%s" % queue_name).json()


def test_a_subscription_is_changed_in_place_and_deleted(demo_stacks, demo_cloud, queue_name):
    subscription = {
        "type": "OS::Zaqar::Subscription",
        "properties": {
            "queue_name": {"get_resource": "q"},
            "subscriber": "http://127.0.0.1:9/hook",
            "ttl": 3600,
        },
    }
    resources = {"q": queue(queue_name), "sub": subscription}
    identity = demo_stacks.create(template(resources, {"id": {"get_resource": "sub"}}))
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    path = "/queues/%s/subscriptions/%s" % (queue_name, demo_stacks.outputs(identity)["id"])
    stored = zaqar(demo_cloud, "get", path).json()
    assert (stored["subscriber"], stored["ttl"]) == ("http://127.0.0.1:9/hook", 3600)

    subscription["properties"].update(subscriber="mailto:ops@example.org", ttl=7200)
    stack = demo_stacks.update(identity, template(resources, {"id": {"get_resource": "sub"}}))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    stored = zaqar(demo_cloud, "get", path).json()
    assert (stored["subscriber"], stored["ttl"]) == ("mailto:ops@example.org", 7200)
    demo_stacks.delete(identity)
    assert zaqar(demo_cloud, "get", path).status_code == 404


def test_a_subscriber_of_an_unknown_type_is_refused(demo_stacks, queue_name):
    subscription = {
        "type": "OS::Zaqar::Subscription",
        "properties": {"queue_name": queue_name, "subscriber": "ftp://x"},
    }
    with pytest.raises(exception.StackValidationFailed, match="The subscriber type of must"):
        demo_stacks.create(template({"sub": subscription}, {}))


def test_a_signed_queue_url_lets_its_holder_post_without_a_token(
    demo_stacks, demo_cloud, queue_name
):
    signed = {
        "type": "OS::Zaqar::SignedQueueURL",
        "properties": {
            "queue": {"get_resource": "q"},
            "paths": ["messages"],
            "methods": ["GET", "POST"],
            "ttl": 3600,
        },
    }
    outputs = {
        name: {"get_attr": ["signed", name]}
        for name in ("signature", "expires", "paths", "methods", "project", "query_str")
    }
    identity = demo_stacks.create(template({"q": queue(queue_name), "signed": signed}, outputs))
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    found = demo_stacks.outputs(identity)
    assert found["paths"] == ["/v2/queues/%s/messages" % queue_name]
    assert found["methods"] == ["GET", "POST"]
    assert found["project"] == demo_cloud.current_project_id
    assert "queue_name=%s" % queue_name in found["query_str"]
    headers = {
        "Client-ID": str(uuid.uuid4()),
        "URL-Signature": found["signature"],
        "URL-Expires": found["expires"],
        "URL-Methods": "GET,POST",
        "URL-Paths": "/v2/queues/%s/messages" % queue_name,
        "X-Project-ID": found["project"],
    }
    root = demo_cloud.message.get_endpoint().rstrip("/")
    posted = requests.post(
        "%s/queues/%s/messages" % (root, queue_name),
        json={"messages": [{"body": {"from": "holder"}, "ttl": 300}]},
        headers=headers,
        timeout=30,
    )
    assert posted.status_code == 201, posted.text
    demo_stacks.delete(identity)
