"""Software configs and deployments through the REST API and the real engine."""

import pytest

from tests.unit.api.conftest import TENANT, call

CONFIGS = "/v1/%s/software_configs" % TENANT
DEPLOYMENTS = "/v1/%s/software_deployments" % TENANT
SERVER = "9f3c0e2a-2f4e-4a39-9d2c-2c1d3a0b7e11"


def make_config(app, name="cfg", **fields):
    body = {
        "name": name,
        "group": "script",
        "config": "#!/bin/sh\necho hi",
        "inputs": [{"name": "foo"}],
        "outputs": [{"name": "result"}],
        "options": {},
        **fields,
    }
    answer = call(app, "POST", CONFIGS, body)
    assert answer.status_code == 200, answer.text
    return answer.json["software_config"]


def make_deployment(app, config_id, server_id=SERVER, **fields):
    body = {
        "config_id": config_id,
        "server_id": server_id,
        "action": "CREATE",
        "status": "IN_PROGRESS",
        "status_reason": "Deploy data available",
        "input_values": {"foo": "bar"},
        **fields,
    }
    answer = call(app, "POST", DEPLOYMENTS, body)
    assert answer.status_code == 200, answer.text
    return answer.json["software_deployment"]


# -- configs ----------------------------------------------------------------------------------


def test_a_config_is_stored_with_its_inputs_and_outputs_normalised(real_app):
    config = make_config(real_app)
    assert config["name"] == "cfg"
    assert config["group"] == "script"
    assert config["config"] == "#!/bin/sh\necho hi"
    assert config["inputs"] == [{"name": "foo", "type": "String"}]
    assert config["outputs"] == [{"name": "result", "type": "String", "error_output": False}]
    assert config["options"] == {}
    assert config["creation_time"].endswith("Z")
    shown = call(real_app, "GET", "%s/%s" % (CONFIGS, config["id"])).json["software_config"]
    assert shown == config


def test_listing_gives_the_short_form_in_pages(real_app):
    first, second = make_config(real_app, "a"), make_config(real_app, "b")
    listed = call(real_app, "GET", CONFIGS).json["software_configs"]
    assert [item["id"] for item in listed] == [first["id"], second["id"]]
    # The short form; noauth contexts are admins, who also see each config's project.
    assert set(listed[0]) == {"id", "name", "group", "creation_time", "project"}
    assert listed[0]["project"] == TENANT
    page = call(real_app, "GET", CONFIGS + "?limit=1&marker=%s" % first["id"]).json
    assert [item["id"] for item in page["software_configs"]] == [second["id"]]


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"inputs": {"name": "foo"}}, "must be in a list"),
        ({"outputs": ["result"]}, "must be a dict"),
        ({"inputs": [{"type": "String"}]}, "name"),
        ({"inputs": [{"name": "n", "type": "Number", "default": "many"}]}, "many"),
        ({"outputs": [{"name": "r", "type": "Text"}]}, "Text"),
    ],
)
def test_invalid_inputs_or_outputs_are_refused(real_app, fields, message):
    body = {"name": "bad", "group": "script", "config": "", **fields}
    answer = call(real_app, "POST", CONFIGS, body)
    assert answer.status_code == 400, answer.text
    assert message in answer.json["error"]["message"]


def test_a_deleted_config_is_gone(real_app):
    config = make_config(real_app)
    assert call(real_app, "DELETE", "%s/%s" % (CONFIGS, config["id"])).status_code == 204
    answer = call(real_app, "GET", "%s/%s" % (CONFIGS, config["id"]))
    assert answer.status_code == 404
    assert answer.json["error"]["message"] == "Software config with id %s not found" % config["id"]


def test_a_config_in_use_is_not_deleted(real_app):
    config = make_config(real_app)
    make_deployment(real_app, config["id"])
    answer = call(real_app, "DELETE", "%s/%s" % (CONFIGS, config["id"]))
    assert answer.status_code == 400
    assert answer.json["error"]["type"] == "InvalidRestrictedAction"
    assert "can not be deleted as it is referenced" in answer.json["error"]["message"]


# -- deployments ------------------------------------------------------------------------------


def test_a_deployment_is_listed_by_server_and_shown(real_app):
    config = make_config(real_app)
    deployment = make_deployment(real_app, config["id"])
    make_deployment(real_app, config["id"], server_id="another-server")
    assert deployment["config_id"] == config["id"]
    assert deployment["status"] == "IN_PROGRESS"
    assert deployment["input_values"] == {"foo": "bar"}
    assert "updated_time" not in deployment
    listed = call(real_app, "GET", DEPLOYMENTS + "?server_id=%s" % SERVER).json
    assert listed["software_deployments"] == [deployment]
    assert len(call(real_app, "GET", DEPLOYMENTS).json["software_deployments"]) == 2
    shown = call(real_app, "GET", "%s/%s" % (DEPLOYMENTS, deployment["id"])).json
    assert shown["software_deployment"] == deployment


def test_metadata_lists_the_servers_configs_by_name(real_app):
    for name in ("zeta", "alpha"):
        make_deployment(real_app, make_config(real_app, name)["id"])
    answer = call(real_app, "GET", DEPLOYMENTS + "/metadata/%s" % SERVER)
    assert answer.status_code == 200, answer.text
    assert [config["name"] for config in answer.json["metadata"]] == ["alpha", "zeta"]


def test_an_update_sets_what_it_gives(real_app):
    config = make_config(real_app)
    deployment = make_deployment(real_app, config["id"])
    body = {"status": "COMPLETE", "status_reason": "done", "output_values": {"result": "ok"}}
    answer = call(real_app, "PUT", "%s/%s" % (DEPLOYMENTS, deployment["id"]), body)
    assert answer.status_code == 200, answer.text
    updated = answer.json["software_deployment"]
    assert (updated["status"], updated["status_reason"]) == ("COMPLETE", "done")
    assert updated["output_values"] == {"result": "ok"}
    assert updated["input_values"] == {"foo": "bar"}
    assert updated["updated_time"].endswith("Z")


def test_a_deleted_deployment_is_gone(real_app):
    deployment = make_deployment(real_app, make_config(real_app)["id"])
    path = "%s/%s" % (DEPLOYMENTS, deployment["id"])
    assert call(real_app, "DELETE", path).status_code == 204
    answer = call(real_app, "GET", path)
    assert answer.status_code == 404
    assert answer.json["error"]["message"] == "Deployment with id %s not found" % deployment["id"]


def test_a_deployment_of_an_unknown_config_is_refused(real_app):
    body = {"config_id": "no-such-config", "server_id": SERVER, "action": "CREATE"}
    answer = call(real_app, "POST", DEPLOYMENTS, body)
    assert answer.status_code == 404
    assert "no-such-config" in answer.json["error"]["message"]
