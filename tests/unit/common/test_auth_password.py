"""authpassword against a small stand-in for Keystone's token endpoint."""

import threading
from wsgiref import simple_server

import pytest
import webob

from heat.common import auth_password
from tests.unit.common.middleware_helpers import Echo, make_conf, send

TOKEN = {
    "token": {
        "methods": ["password"],
        "expires_at": "2099-01-01T00:00:00.000000Z",
        "user": {"id": "u1", "name": "alice", "domain": {"id": "default", "name": "Default"}},
        "project": {"id": "p1", "name": "demo", "domain": {"id": "default", "name": "Default"}},
        "roles": [{"id": "r1", "name": "member"}],
        "catalog": [],
    }
}


class Keystone:
    """Answers POST /v3/auth/tokens: a token for alice/secret, 401 otherwise."""

    def __init__(self):
        self.requests = []

    def __call__(self, environ, start_response):
        request = webob.Request(environ)
        self.requests.append(request.json)
        password = request.json["auth"]["identity"]["password"]["user"]
        if (password["name"], password["password"]) != ("alice", "secret"):
            response = webob.Response(status=401, json_body={"error": {"code": 401}})
        else:
            response = webob.Response(status=201, json_body=TOKEN)
            response.headers["X-Subject-Token"] = "token-1"
        return response(environ, start_response)


@pytest.fixture
def keystone():
    stand_in = Keystone()
    server = simple_server.make_server("127.0.0.1", 0, stand_in, handler_class=_QuietHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    stand_in.url = "http://127.0.0.1:%d/v3" % server.server_port
    yield stand_in
    server.shutdown()
    server.server_close()


class _QuietHandler(simple_server.WSGIRequestHandler):
    def log_message(self, *args):
        pass


def _headers(keystone, password="secret"):
    return {"X-Auth-User": "alice", "X-Auth-Key": password, "X-Auth-Url": keystone.url}


def test_good_password_injects_the_token_and_identity(tmp_path, keystone):
    echo = Echo()
    middleware = auth_password.KeystonePasswordAuthProtocol(echo, make_conf(tmp_path))
    assert send(middleware, "/p1/stacks", _headers(keystone)).status_int == 200
    headers = echo.request.headers
    assert (headers["X-Auth-Token"], headers["X-User-Id"], headers["X-Project-Id"]) == (
        "token-1",
        "u1",
        "p1",
    )
    assert headers["X-Roles"] == "member"
    scope = keystone.requests[0]["auth"]["scope"]["project"]
    assert scope["id"] == "p1"


def test_bad_password_is_401_with_a_challenge(tmp_path, keystone):
    middleware = auth_password.KeystonePasswordAuthProtocol(Echo(), make_conf(tmp_path))
    response = send(middleware, "/p1/stacks", _headers(keystone, "wrong"))
    assert response.status_int == 401
    assert response.headers["WWW-Authenticate"] == 'Keystone uri="%s"' % keystone.url
    assert response.json["explanation"].startswith("Authentication failed")


def test_missing_user_is_401(tmp_path):
    middleware = auth_password.KeystonePasswordAuthProtocol(Echo(), make_conf(tmp_path))
    assert send(middleware, "/p1/stacks").status_int == 401
