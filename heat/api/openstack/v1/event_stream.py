"""A stack's events as server-sent events (``text/event-stream``): the events API, followed.

``GET .../events`` with ``Accept: text/event-stream`` answers every event after ``marker``
(or the ``Last-Event-ID`` a reconnecting client sends), then each new one as it is stored,
one ``event: heat-event`` frame per event whose ``id:`` is the event's id. A stack that
cannot be read is an ordinary error answer (404, 403) before the stream starts. A comment line
keeps an idle connection alive; the stream ends after ``STREAM_SECONDS`` (a client
reconnects from its last id) or, with an ``event: heat-error`` frame, when the stack cannot
be read any more (deleted, or the token's rights are gone).
"""

import json
import time

import webob

from heat.api.openstack.v1.views import events_view

MEDIA_TYPE = "text/event-stream"
POLL_SECONDS = 1.0
KEEPALIVE_SECONDS = 15.0
STREAM_SECONDS = 300.0
PAGE = 200


def wanted(request) -> bool:
    """Whether the client asked for a stream rather than a JSON list."""
    return MEDIA_TYPE in request.headers.get("Accept", "")


def frame(kind: str, data, frame_id: str | None = None) -> bytes:
    lines = ["id: %s" % frame_id] if frame_id else []
    lines += ["event: %s" % kind, "data: %s" % json.dumps(data), "", ""]
    return "\n".join(lines).encode()


class EventStream:
    """The frames of one client's stream; iterated by the WSGI server."""

    def __init__(self, engine_client, context, request, identity, marker, nested_depth):
        self.engine_client = engine_client
        self.context = context
        self.request = request
        self.identity = identity
        self.marker = marker
        self.nested_depth = nested_depth
        self.pending: list[dict] = []

    def open(self) -> "EventStream":
        """Read the first events now, so that a missing stack is a 404, not a stream."""
        self.pending = self._new_events()
        return self

    def _new_events(self) -> list[dict]:
        events = self.engine_client.list_events(
            self.context,
            self.identity,
            marker=self.marker,
            limit=PAGE,
            sort_keys=["created_at"],
            sort_dir="asc",
            nested_depth=self.nested_depth,
        )
        return [events_view.format_event(self.request, event, events_view.SUMMARY_KEYS)
                for event in events]  # fmt: skip

    def __iter__(self):
        started = last_sent = time.monotonic()
        yield b": heat event stream\n\n"
        while time.monotonic() - started < STREAM_SECONDS:
            try:
                events, self.pending = self.pending or self._new_events(), []
            except Exception as error:  # noqa: BLE001 - the status line is sent: say it here
                yield frame("heat-error", {"type": type(error).__name__, "message": str(error)})
                return
            for event in events:
                self.marker = event["id"]
                yield frame("heat-event", event, event["id"])
            if events:
                last_sent = time.monotonic()
                if len(events) == PAGE:
                    continue
            elif time.monotonic() - last_sent >= KEEPALIVE_SECONDS:
                last_sent = time.monotonic()
                yield b": keepalive\n\n"
            time.sleep(POLL_SECONDS)


def response(request, stream: EventStream):
    """The streamed answer: never cached, never buffered by a proxy in between, nor by
    eventlet's server, which otherwise holds frames back until 4 KiB are waiting."""
    request.environ["eventlet.minimum_write_chunk_size"] = 0
    answer = webob.Response(status=200, content_type=MEDIA_TYPE, app_iter=iter(stream))
    answer.headers["Cache-Control"] = "no-cache"
    answer.headers["X-Accel-Buffering"] = "no"
    return answer
