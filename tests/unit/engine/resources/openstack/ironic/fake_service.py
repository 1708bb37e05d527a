"""A tiny threaded HTTP server answering JSON requests from a route table, recording each
request as ``(method, path, headers, body)``: the base of the fake Ironic and Blazar."""

import http.server
import json
import re
import threading
from typing import Any
from urllib import parse

# Answer = (status, body or None, extra headers)
Answer = tuple[int, Any, dict[str, str]]


class FakeService:
    """Serves on 127.0.0.1 in a thread; ``url`` is its root. Subclasses fill ``routes`` with
    ``(method, path pattern, handler(body, *groups))`` and may check each request in
    :meth:`refuse`."""

    def __init__(self) -> None:
        self.requests: list[tuple[str, str, dict[str, str], Any]] = []
        self.routes: list[tuple[str, str, Any]] = []
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.url = "http://127.0.0.1:%d" % self.server.server_address[1]
        self.thread = threading.Thread(
            target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )

    def __enter__(self) -> "FakeService":
        self.thread.start()
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.server.shutdown()
        self.server.server_close()

    def made(self, method: str | None = None) -> list[tuple[str, str, Any]]:
        """``(method, path, body)`` of the requests received (of ``method``), in order."""
        return [
            (verb, path, body)
            for verb, path, _headers, body in self.requests
            if method in (None, verb)
        ]

    def fault(self, status: int, message: str) -> Answer:
        """The service's error answer."""
        raise NotImplementedError

    def refuse(self, method: str, headers: dict[str, str]) -> Answer | None:
        """An answer refusing the request before routing it, or None to route it."""
        return None

    def answer(self, method: str, path: str, headers: dict[str, str], body: Any) -> Answer:
        refused = self.refuse(method, headers)
        if refused is not None:
            return refused
        route = path.split("?", 1)[0]
        for route_method, pattern, handler in self.routes:
            match = re.fullmatch(pattern, route)
            if match and route_method == method:
                answer = handler(body, *map(parse.unquote, match.groups()))
                return answer if len(answer) == 3 else (*answer, {})
        return self.fault(404, "No route %s %s" % (method, path))

    def _handler(self) -> type:
        fake = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def _serve(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length).decode() if length else ""
                body = json.loads(raw) if raw else None
                headers = {key.lower(): value for key, value in self.headers.items()}
                fake.requests.append((self.command, self.path, headers, body))
                status, answer, extra = fake.answer(self.command, self.path, headers, body)
                data = b"" if answer is None else json.dumps(answer).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                for key, value in extra.items():
                    self.send_header(key, value)
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = _serve  # noqa: N815 (the server's names)

            def log_message(self, *args: Any) -> None:
                pass

        return Handler
