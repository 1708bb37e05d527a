"""ssl: the request scheme from X-Forwarded-Proto."""

import webob

from heat.api.middleware import ssl
from tests.unit.common.middleware_helpers import Echo, make_conf


def _scheme(tmp_path, headers, options=None):
    echo = Echo()
    webob.Request.blank("/", headers=headers).get_response(
        ssl.SSLMiddleware(echo, make_conf(tmp_path), options)
    )
    return echo.request.scheme


def test_forwarded_https_sets_the_scheme(tmp_path):
    assert _scheme(tmp_path, {"X-Forwarded-Proto": "https"}) == "https"


def test_header_name_is_configurable(tmp_path):
    options = {"secure_proxy_ssl_header": "X-Scheme"}
    assert _scheme(tmp_path, {"X-Scheme": "https"}, options) == "https"


def test_without_header_the_scheme_is_kept(tmp_path):
    assert _scheme(tmp_path, {}) == "http"
