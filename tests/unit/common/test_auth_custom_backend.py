"""custombackendauth: a configured backend decides whether the caller is authenticated."""

from heat.common import custom_backend_auth
from tests.unit.common.middleware_helpers import Echo, make_conf, send


class Backend:
    """Accepts the users named in ``allowed``."""

    def __init__(self, allowed):
        self.allowed = allowed

    def authenticated(self, context):
        return context.user_id in self.allowed


def test_authenticated_request_passes(tmp_path):
    middleware = custom_backend_auth.AuthProtocol(
        Echo(), make_conf(tmp_path), backend=Backend({"u1"})
    )
    assert send(middleware, headers={"X-User-Id": "u1"}).status_int == 200


def test_other_request_is_401(tmp_path):
    middleware = custom_backend_auth.AuthProtocol(
        Echo(), make_conf(tmp_path), backend=Backend({"u1"})
    )
    assert send(middleware, headers={"X-User-Id": "u2"}).status_int == 401


def test_backend_class_comes_from_the_paste_option(tmp_path):
    options = {"backend": "tests.unit.common.test_auth_custom_backend.ConfiguredBackend"}
    middleware = custom_backend_auth.AuthProtocol(Echo(), make_conf(tmp_path), options)
    assert send(middleware).status_int == 200


class ConfiguredBackend:
    """A backend built from the configuration that accepts everybody."""

    def __init__(self, conf):
        self.conf = conf

    def authenticated(self, context):
        return True
