"""build_info, services, template catalogue and software config calls."""

from heat.common import wsgi
from tests.unit.api.conftest import PASTE_FILE, TENANT, call

T = "/v1/%s" % TENANT


def test_build_info_reports_api_and_engine_revisions(app, engine, conf):
    engine.answers["get_revision"] = "engine-rev"
    assert call(app, "GET", T + "/build_info").json == {
        "api": {"revision": "unknown"},
        "engine": {"revision": "engine-rev"},
    }


def test_services_lists_engines(app, engine):
    engine.answers["list_services"] = [{"binary": "heat-engine", "status": "up"}]
    assert call(app, "GET", T + "/services").json == {
        "services": [{"binary": "heat-engine", "status": "up"}]
    }


def test_services_without_engine_is_503(conf):
    conf.set_override("rpc_response_timeout", 0.2)
    app = wsgi.paste_deploy_app(PASTE_FILE, "heat-api-noauth", conf)
    response = call(app, "GET", T + "/services")
    assert response.status_int == 503
    assert response.json["error"]["message"] == "All heat engines are down."


def test_template_versions(app, engine):
    engine.answers["list_template_versions"] = [{"version": "v", "type": "hot"}]
    assert call(app, "GET", T + "/template_versions").json == {
        "template_versions": [{"version": "v", "type": "hot"}]
    }


def test_generate_template_refuses_unknown_type(app, engine):
    response = call(app, "GET", T + "/resource_types/OS::Heat::None/template?template_type=xml")
    assert response.status_int == 400


def test_resource_types_refuse_unknown_support_status(app, engine):
    assert call(app, "GET", T + "/resource_types?support_status=MAYBE").status_int == 400


def test_validate_answers_the_engine_result(app, engine):
    engine.answers["validate_template"] = {"Description": "d", "Parameters": {}}
    body = {"template": {"heat_template_version": "2021-04-16"}}
    assert call(app, "POST", T + "/validate", body).json == {"Description": "d", "Parameters": {}}


def test_software_config_create_and_delete(app, engine):
    engine.answers["create_software_config"] = {"id": "c1", "name": "cfg"}
    response = call(app, "POST", T + "/software_configs", {"name": "cfg", "group": "script"})
    assert response.json == {"software_config": {"id": "c1", "name": "cfg"}}
    assert call(app, "DELETE", T + "/software_configs/c1").status_int == 204


def test_software_deployment_metadata(app, engine):
    engine.answers["metadata_software_deployments"] = [{"name": "cfg"}]
    response = call(app, "GET", T + "/software_deployments/metadata/server-1")
    assert response.json == {"metadata": [{"name": "cfg"}]}
