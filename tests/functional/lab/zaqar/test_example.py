"""The Zaqar example of the docs (doc/examples/zaqar-queues.yaml), as written, against the
lab's Zaqar: a client with only the signed URL posts to the queue."""

import pathlib
import uuid

import requests

from heat.common import template_format

EXAMPLE = pathlib.Path(__file__).resolve().parents[4] / "doc" / "examples" / "zaqar-queues.yaml"


def test_the_zaqar_example_is_created_as_it_says(demo_stacks, demo_cloud):
    template = template_format.parse(EXAMPLE.read_text())
    identity = demo_stacks.create(template, parameters={"webhook": "http://127.0.0.1:9/hook"})
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    outputs = demo_stacks.outputs(identity)
    queue = outputs["queue"]
    assert outputs["queue_href"].endswith("/v2/queues/%s" % queue)
    headers = {
        "Client-ID": str(uuid.uuid4()),
        "URL-Signature": outputs["signature"],
        "URL-Expires": outputs["expires"],
        "URL-Methods": "POST",
        "URL-Paths": "/v2/queues/%s/messages" % queue,
        "X-Project-ID": outputs["project"],
    }
    posted = requests.post(
        outputs["queue_href"] + "/messages",
        json={"messages": [{"body": {"image": "cat.png"}, "ttl": 300}]},
        headers=headers,
        timeout=30,
    )
    assert posted.status_code == 201, posted.text
    demo_stacks.delete(identity)
