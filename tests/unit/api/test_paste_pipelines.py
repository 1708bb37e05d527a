"""Every pipeline of etc/heat/api-paste.ini loads, by name and through [paste_deploy] flavor."""

import importlib.util

import pytest
import webob

from heat.common import exception, wsgi
from tests.unit.api.conftest import PASTE_FILE

NATIVE = ("heat-api", "heat-api-standalone", "heat-api-custombackend", "heat-api-noauth")
QUERY_APIS = (
    "heat-api-cfn",
    "heat-api-cfn-standalone",
    "heat-api-cfn-noauth",
    "heat-api-cloudwatch",
    "heat-api-cloudwatch-standalone",
    "heat-api-cloudwatch-noauth",
)
QUERY_APPS_MISSING = any(
    importlib.util.find_spec(name) is None for name in ("heat.api.cfn", "heat.api.cloudwatch")
)


@pytest.mark.parametrize("name", NATIVE)
def test_native_pipeline_loads(conf, name):
    assert callable(wsgi.paste_deploy_app(PASTE_FILE, name, conf))


@pytest.mark.skipif(QUERY_APPS_MISSING, reason="heat.api.cfn / heat.api.cloudwatch not written yet")
@pytest.mark.parametrize("name", QUERY_APIS)
def test_query_api_pipeline_loads(conf, name):
    assert callable(wsgi.paste_deploy_app(PASTE_FILE, name, conf))


def test_flavor_picks_the_pipeline(conf, engine):
    conf.set_override("flavor", "standalone", group="paste_deploy")
    app = wsgi.paste_deploy_app(PASTE_FILE, "heat-api", conf)
    response = webob.Request.blank("/v1/t/stacks").get_response(app)
    assert response.status_int == 401
    assert "X-Auth-User" in response.json["explanation"]


def test_unknown_pipeline_raises_paste_app_not_found(conf):
    with pytest.raises(exception.PasteAppNotFound, match="heat-api-nope"):
        wsgi.paste_deploy_app(PASTE_FILE, "heat-api-nope", conf)


def test_custombackend_pipeline_asks_the_engine(load_app, engine):
    engine.answers["authenticated_to_backend"] = False
    app = load_app("heat-api-custombackend")
    response = webob.Request.blank("/v1/t/stacks").get_response(app)
    assert response.status_int == 401
    assert engine.last_call("authenticated_to_backend")
