"""An api-paste.ini of OpenStack Heat 27 works unchanged; one of an older release is refused
naming the line to change (fixtures in paste_files/)."""

import pathlib

import pytest
import webob

from heat.common import exception, wsgi
from heat.common.wsgi import paste_references
from heat.db import api as db_api
from tests.unit.api.conftest import TENANT, call

PASTE_FILES = pathlib.Path(__file__).parent / "paste_files"
UPSTREAM_27 = str(PASTE_FILES / "openstack-heat-27.ini")
LIBERTY = str(PASTE_FILES / "openstack-heat-liberty.ini")
NATIVE_FLAVORS = (None, "default", "standalone", "custombackend", "noauth")
CFN_FLAVORS = (None, "default", "standalone")


def load(conf, app_name, flavor, path=UPSTREAM_27):
    conf.set_override("flavor", flavor, group="paste_deploy")
    return wsgi.paste_deploy_app(path, app_name, conf)


@pytest.mark.parametrize("flavor", NATIVE_FLAVORS)
def test_native_api_answers_the_versions_document_in_every_flavor(conf, flavor):
    response = call(load(conf, "heat-api", flavor), "GET", "/")
    assert response.status_int == 300
    assert response.json["versions"][0]["id"] == "v1.0"


@pytest.mark.parametrize("flavor", CFN_FLAVORS)
def test_cfn_api_answers_the_versions_document_in_every_flavor(conf, flavor):
    response = call(load(conf, "heat-api-cfn", flavor), "GET", "/")
    assert response.status_int == 300
    assert response.json["versions"][0]["id"] == "v1.0"


@pytest.mark.parametrize(("app_name", "flavor"), [("heat-api", "noauth"), ("heat-api-cfn", None)])
def test_healthcheck_answers_beside_the_api(conf, app_name, flavor):
    response = call(load(conf, app_name, flavor), "GET", "/healthcheck")
    assert (response.status_int, response.content_type) == (200, "text/plain")


def test_noauth_lists_stacks_of_a_real_engine(real_conf):
    from heat.cmd import engine_setup

    engine = engine_setup.build_engine(real_conf)
    engine.start()
    try:
        response = call(load(real_conf, "heat-api", "noauth"), "GET", "/v1/%s/stacks" % TENANT)
    finally:
        engine.stop()
        db_api.get_engine().dispose()
    assert response.status_int == 200, response.body
    assert response.json == {"stacks": []}


def test_osprofiler_filter_passes_requests_through(conf, engine, tmp_path):
    engine.answers["list_stacks"] = []
    paste = tmp_path / "api-paste.ini"
    paste.write_text(
        pathlib.Path(UPSTREAM_27)
        .read_text()
        .replace("versionnegotiation apiv1app", "versionnegotiation osprofiler apiv1app")
    )
    app = load(conf, "heat-api", "noauth", str(paste))
    response = call(app, "GET", "/v1/%s/stacks" % TENANT)
    assert (response.status_int, response.json) == (200, {"stacks": []})
    assert engine.last_call("list_stacks")


def test_default_flavor_asks_keystone_for_a_token(conf):
    response = call(load(conf, "heat-api", "default"), "GET", "/v1/%s/stacks" % TENANT)
    assert response.status_int == 401
    assert "keystone.test" in response.headers["WWW-Authenticate"]


def test_standalone_flavor_wants_a_user_and_password(conf):
    response = call(load(conf, "heat-api", "standalone"), "GET", "/v1/%s/stacks" % TENANT)
    assert response.status_int == 401
    assert "X-Auth-User" in response.json["explanation"]


def test_custombackend_flavor_asks_the_engine(conf, engine):
    engine.answers["authenticated_to_backend"] = False
    response = call(load(conf, "heat-api", "custombackend"), "GET", "/v1/%s/stacks" % TENANT)
    assert response.status_int == 401
    assert engine.last_call("authenticated_to_backend")


def test_cfn_versioned_query_reaches_ec2_authentication(conf):
    app = load(conf, "heat-api-cfn", "standalone")
    response = webob.Request.blank("/v1/?Action=ListStacks").get_response(app)
    assert response.status_int == 400
    assert b"<Code>IncompleteSignature</Code>" in response.body


def test_flavor_the_composite_lacks_names_the_sections_looked_for(conf):
    with pytest.raises(exception.PasteAppNotFound) as raised:
        load(conf, "heat-api-cfn", "noauth")
    message = str(raised.value)
    assert "no section named heat-api-cfn-noauth" in message
    assert "heat-api-cfn has no 'noauth' pipeline (it has default, standalone)" in message


def test_flavor_of_neither_kind_is_not_found(conf, tmp_path):
    paste = tmp_path / "paste.ini"
    paste.write_text("[app:other]\npaste.app_factory = heat.api.cfn:API\n")
    with pytest.raises(exception.PasteAppNotFound, match="no section named heat-api-x or heat-api"):
        load(conf, "heat-api", "x", str(paste))


def test_url_map_of_earlier_releases_mounts_the_api_and_healthcheck(conf, tmp_path):
    paste = tmp_path / "api-paste.ini"
    paste.write_text(
        pathlib.Path(UPSTREAM_27)
        .read_text()
        .replace("use = egg:Paste#urlmap", "paste.composite_factory = heat.api:root_app_factory")
    )
    app = load(conf, "heat-api", "standalone", str(paste))
    assert call(app, "GET", "/").status_int == 300
    assert call(app, "GET", "/healthcheck").status_int == 200


def test_older_file_is_refused_naming_the_line_to_change(conf):
    with pytest.raises(exception.PasteFactoryUnavailable) as raised:
        load(conf, "heat-api", None, LIBERTY)
    message = str(raised.value)
    assert message.startswith(LIBERTY + " names Paste factories")
    assert (
        "line 102, [filter:request_id]: paste.filter_factory = "
        "heat.openstack.common.middleware.request_id:RequestIdMiddleware.factory "
        "(No module named 'heat.openstack'); "
        "use oslo_middleware.request_id:RequestId.factory instead"
    ) in message
    assert len(message.splitlines()) == 2


def test_older_file_works_once_that_line_is_changed(conf, tmp_path):
    paste = tmp_path / "api-paste.ini"
    paste.write_text(
        pathlib.Path(LIBERTY)
        .read_text()
        .replace(
            "heat.openstack.common.middleware.request_id:RequestIdMiddleware.factory",
            "oslo_middleware.request_id:RequestId.factory",
        )
    )
    response = call(load(conf, "heat-api", "standalone", str(paste)), "GET", "/")
    assert response.status_int == 300


@pytest.mark.parametrize("app_name", ["heat-api-cfn", "heat-api-cloudwatch"])
def test_older_file_serves_its_query_apis(conf, app_name):
    assert callable(load(conf, app_name, "standalone", LIBERTY))


def test_unavailable_factories_skips_those_that_import(tmp_path):
    paste = tmp_path / "paste.ini"
    paste.write_text(
        "[app:a]\npaste.app_factory = heat.api.cfn:API\n"
        "# paste.app_factory = gone.module:thing\n"
        "[filter:b]\npaste.filter_factory = heat.common.wsgi:filter_factory\n"
        "heat.filter_factory = heat.api.openstack:no_such_filter\n"
    )
    found = paste_references.unavailable_factories(str(paste))
    assert [(item.line_number, item.section) for item in found] == [(6, "filter:b")]
    assert "no_such_filter" in found[0].error


def test_configuration_object_is_its_own_configuration(conf):
    assert wsgi.conf_from(conf) is conf
