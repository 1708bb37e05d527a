"""The /ui application of heat-api: its files, its configuration and its login's errors
(a real login is in tests/functional/test_web_view.py, against a real Keystone)."""

import pytest

from tests.fixtures.services import free_port
from tests.unit.api.conftest import call, make_conf


@pytest.fixture
def keystone_app(tmp_path, load_app):
    return load_app("heat-api")


def test_the_page_and_its_files_are_served_without_a_token(keystone_app):
    for path, media_type, text in (
        ("/ui/", "text/html", 'src="view.js"'),
        ("/ui/view.js", "text/javascript", "function layout(resources)"),
        ("/ui/view.css", "text/css", "svg .node"),
    ):
        answer = call(keystone_app, "GET", path)
        assert (answer.status_int, answer.content_type) == (200, media_type), path
        assert text in answer.text
        assert answer.headers["Cache-Control"] == "no-cache"
    assert call(keystone_app, "GET", "/ui/nothing.js").status_int == 404
    refused = call(keystone_app, "POST", "/ui/view.js", body={})
    assert (refused.status_int, refused.headers["Allow"]) == (405, "GET, HEAD")


def test_the_page_logs_in_behind_keystone_only(keystone_app, app):
    assert call(keystone_app, "GET", "/ui/config.json").json == {"login": True}
    assert call(app, "GET", "/ui/config.json").json == {"login": False}
    answer = call(app, "POST", "/ui/tokens", body={"username": "u", "password": "p"})
    assert answer.status_int == 404
    assert "needs no token" in answer.json["error"]["message"]


@pytest.mark.parametrize(
    "body",
    [None, {"username": "u"}, {"username": "", "password": "p"}, {"username": 3, "password": "p"}],
)
def test_a_login_without_a_name_and_password_is_a_400(keystone_app, body):
    answer = call(
        keystone_app, "POST", "/ui/tokens", body=body, raw_body=b"[" if body is None else None
    )
    assert answer.status_int == 400
    assert answer.json["error"]["message"] == "A login needs a username and a password."


def test_a_keystone_that_cannot_be_reached_is_a_502(tmp_path):
    from heat.common import wsgi
    from tests.unit.api.conftest import PASTE_FILE

    unreachable = "http://127.0.0.1:%d/v3" % free_port()
    conf = make_conf(tmp_path, "[clients_keystone]", "auth_uri = %s" % unreachable)
    ui = wsgi.paste_deploy_app(PASTE_FILE, "heat-api", conf)
    answer = call(ui, "POST", "/ui/tokens", body={"username": "u", "password": "p"})
    assert answer.status_int == 502
    assert "Keystone could not be asked" in answer.json["error"]["message"]
    assert call(ui, "GET", "/ui/tokens").status_int == 405
