"""A tiny HTTP server standing in for Keystone's ``/v3/auth/tokens`` and ``/v3/ec2tokens``.

It records each request (path, headers, JSON body) and answers ec2tokens with what the
test set in ``ec2_answer``: ``(status, body, headers)``.
"""

import http.server
import json
import threading

SERVICE_TOKEN = "service-token"
USER_TOKEN = "user-token"
TOKEN = {
    "project": {"id": "tenant-1", "name": "demo", "domain": {"id": "default"}},
    "user": {"id": "user-1", "name": "alice", "domain": {"id": "default"}},
    "roles": [{"id": "r1", "name": "member"}, {"id": "r2", "name": "reader"}],
    "expires_at": "2099-01-01T00:00:00.000000Z",
    "issued_at": "2024-01-01T00:00:00.000000Z",
    "methods": ["ec2credential"],
}
ACCEPTED = (200, {"token": TOKEN}, {"X-Subject-Token": USER_TOKEN})


def refused(message, status=401):
    """Keystone's answer refusing credentials with ``message``."""
    return status, {"error": {"code": status, "message": message, "title": "Unauthorized"}}, {}


class FakeKeystone:
    """Serves on 127.0.0.1 in a thread; ``url`` is its root."""

    def __init__(self):
        self.requests: list[tuple[str, dict, object]] = []
        self.ec2_answer = ACCEPTED
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.url = "http://127.0.0.1:%d" % self.server.server_address[1]
        self.thread = threading.Thread(
            target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )

    def _handler(self):
        keystone = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802 (BaseHTTPRequestHandler's name)
                length = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(length) or b"null")
                keystone.requests.append((self.path, dict(self.headers), body))
                if self.path == "/v3/auth/tokens":
                    answer = (201, {"token": TOKEN}, {"X-Subject-Token": SERVICE_TOKEN})
                else:
                    answer = keystone.ec2_answer
                self._answer(*answer)

            def _answer(self, status, body, headers):
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                for name, value in headers.items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args):
                pass

        return Handler

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc_info):
        self.server.shutdown()
        self.server.server_close()

    def ec2_requests(self):
        """``(headers, body)`` of each request to ``/v3/ec2tokens``."""
        return [
            (headers, body) for path, headers, body in self.requests if path.endswith("ec2tokens")
        ]
