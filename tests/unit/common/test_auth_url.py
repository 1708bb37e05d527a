"""authurl: which Keystone the request authenticates with."""

from heat.api.middleware import fault
from heat.common import auth_url
from tests.unit.common.middleware_helpers import Echo, make_conf, send

KEYSTONE = "http://keystone.test:5000"


def test_configured_keystone_is_set(tmp_path):
    conf = make_conf(tmp_path, "[clients_keystone]", "auth_uri = %s" % KEYSTONE)
    echo = Echo()
    send(auth_url.AuthUrlFilter(echo, conf), headers={"X-Auth-Url": "http://elsewhere"})
    assert echo.request.headers["X-Auth-Url"] == KEYSTONE


def test_paste_option_wins(tmp_path):
    echo = Echo()
    send(auth_url.AuthUrlFilter(echo, make_conf(tmp_path), {"auth_uri": "http://paste"}))
    assert echo.request.headers["X-Auth-Url"] == "http://paste"


def test_multi_cloud_accepts_an_allowed_keystone(tmp_path):
    conf = make_conf(
        tmp_path, "[auth_password]", "multi_cloud = true", "allowed_auth_uris = %s" % KEYSTONE
    )
    echo = Echo()
    response = send(auth_url.AuthUrlFilter(echo, conf), headers={"X-Auth-Url": KEYSTONE})
    assert response.status_int == 200
    assert echo.request.headers["X-Auth-Url"] == KEYSTONE


def test_multi_cloud_refuses_another_keystone_with_401(tmp_path):
    conf = make_conf(
        tmp_path, "[auth_password]", "multi_cloud = true", "allowed_auth_uris = %s" % KEYSTONE
    )
    pipeline = fault.FaultWrapper(auth_url.AuthUrlFilter(Echo(), conf), conf)
    response = send(pipeline, headers={"X-Auth-Url": "http://evil"})
    assert response.status_int == 401
    assert response.json["error"]["message"] == (
        'X-Auth-Url "http://evil" is not an allowed Keystone endpoint.'
    )
