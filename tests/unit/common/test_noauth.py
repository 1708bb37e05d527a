"""noauth: an administrator identity for every request."""

import json

import webob

from heat.common import noauth
from tests.unit.common.middleware_helpers import Echo, make_conf


def _headers_seen(conf, path, headers=None):
    echo = Echo()
    noauth.NoAuthProtocol(echo, conf)(
        webob.Request.blank(path, headers=headers or {}).environ, lambda *args: None
    )
    return echo.request.headers, echo.request.environ


def test_project_comes_from_the_url(tmp_path):
    headers, _ = _headers_seen(make_conf(tmp_path), "/7a1f/stacks")
    assert headers["X-Project-Id"] == "7a1f"
    assert headers["X-Roles"] == "admin,member,reader"
    assert headers["X-User-Id"] == "admin"


def test_project_is_admin_without_one_in_the_url(tmp_path):
    headers, _ = _headers_seen(make_conf(tmp_path), "/v1/")
    assert headers["X-Project-Id"] == "admin"


def test_token_response_file_gives_the_identity(tmp_path):
    token = {
        "token": {
            "user": {"id": "u9", "name": "bob"},
            "project": {"id": "p9"},
            "roles": [{"name": "member"}],
        }
    }
    token_file = tmp_path / "token.json"
    token_file.write_text(json.dumps(token))
    conf = make_conf(tmp_path, "[noauth]", "token_response = %s" % token_file)
    headers, environ = _headers_seen(conf, "/7a1f/stacks")
    assert (headers["X-User-Id"], headers["X-Project-Id"], headers["X-Roles"]) == (
        "u9",
        "p9",
        "member",
    )
    assert environ["keystone.token_info"] == token
