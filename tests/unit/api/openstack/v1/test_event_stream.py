"""The events of a stack as server-sent events, through the REST API and the real engine:
every stored event, then each new one as the engine stores it; a reconnecting client
resumes after its Last-Event-ID; a missing stack is a 404 before any stream."""

import json

from tests.unit.api.conftest import call
from tests.unit.api.openstack.v1.real_stacks import URL, sent, settled

SLOW = {
    "heat_template_version": "2021-04-16",
    "resources": {
        "first": {
            "type": "OS::Heat::TestResource",
            "properties": {"action_wait_secs": {"create": 1}},
        },
        "second": {"type": "OS::Heat::None", "depends_on": ["first"]},
    },
}
STREAM = {"Accept": "text/event-stream"}


def frames(response):
    """(id, kind, data) of each frame of a streamed answer, as it arrives."""
    buffered = b""
    for chunk in response.app_iter:
        buffered += chunk
        while b"\n\n" in buffered:
            text, buffered = buffered.split(b"\n\n", 1)
            fields = dict(
                line.split(": ", 1)
                for line in text.decode().split("\n")
                if not line.startswith(":")
            )
            if fields:
                yield fields.get("id"), fields["event"], json.loads(fields["data"])


def test_a_create_is_followed_live_then_resumed_after_the_last_id(real_app):
    made = sent(real_app, "POST", "/stacks", 201, {"stack_name": "watched", "template": SLOW})
    path = "/stacks/watched/%s" % made.json["stack"]["id"]
    streamed = call(real_app, "GET", URL + path + "/events", headers=STREAM)
    assert streamed.status_int == 200
    assert streamed.content_type == "text/event-stream"
    assert streamed.headers["Cache-Control"] == "no-cache"

    seen = []
    for frame_id, kind, event in frames(streamed):
        assert kind == "heat-event" and frame_id == event["id"]
        seen.append((event["resource_name"], event["resource_status"]))
        if seen[-1] == ("watched", "CREATE_COMPLETE"):
            break
    streamed.app_iter.close()
    # The stream was open before "first" was done: its completion came live, in order.
    assert seen.index(("first", "CREATE_COMPLETE")) < seen.index(("second", "CREATE_COMPLETE"))
    listed = sent(real_app, "GET", path + "/events?sort_dir=asc", 200).json["events"]
    assert seen == [(e["resource_name"], e["resource_status"]) for e in listed]

    resumed = call(
        real_app,
        "GET",
        URL + path + "/events",
        headers={**STREAM, "Last-Event-ID": listed[1]["id"]},
    )
    first_id, _, first = next(frames(resumed))
    resumed.app_iter.close()
    assert first_id == listed[2]["id"] == first["id"]
    assert settled(real_app, path)["stack_status"] == "CREATE_COMPLETE"


def test_a_stream_of_a_missing_stack_is_a_404(real_app):
    answer = call(real_app, "GET", URL + "/stacks/ghost/0d5e/events", headers=STREAM)
    assert (answer.status_int, answer.json["error"]["type"]) == (404, "EntityNotFound")
