"""Request body rules through the pipeline: bad JSON is 400, an oversized body 413."""

from tests.unit.api.conftest import TENANT, call, make_conf

STACKS = "/v1/%s/stacks" % TENANT


def test_invalid_json_is_400(app, engine):
    response = call(app, "POST", STACKS, raw_body=b'{"stack_name": ', headers=_json())
    assert response.status_int == 400
    assert response.json["error"]["type"] == "HTTPBadRequest"
    assert response.json["error"]["message"].startswith("Invalid JSON")


def test_body_over_max_json_body_size_is_413(tmp_path, engine):
    from heat.common import wsgi
    from tests.unit.api.conftest import PASTE_FILE

    conf = make_conf(tmp_path)
    conf.set_override("max_json_body_size", 10)
    app = wsgi.paste_deploy_app(PASTE_FILE, "heat-api-noauth", conf)
    response = call(app, "POST", STACKS, {"stack_name": "a-long-enough-name"})
    assert response.status_int == 413
    assert response.json["code"] == 413
    assert "exceeds maximum allowed size (10 bytes)" in response.json["error"]["message"]


def test_non_json_content_type_body_is_ignored(app, engine):
    headers = {"Content-Type": "application/xml"}
    response = call(app, "POST", STACKS, raw_body=b"{not json", headers=headers)
    assert response.json["error"]["message"] == "No stack name specified"


def test_actions_need_exactly_one_action(app, engine):
    path = STACKS + "/web/5b1c/actions"
    assert _message(call(app, "POST", path, {})) == "No action specified"
    assert _message(call(app, "POST", path, {"suspend": None, "resume": None})) == (
        "Multiple actions specified"
    )
    assert _message(call(app, "POST", path, {"explode": None})) == (
        "Invalid action explode specified"
    )


def test_action_calls_the_engine_and_answers_null(app, engine):
    response = call(app, "POST", STACKS + "/web/5b1c/actions", {"cancel_without_rollback": None})
    assert (response.status_int, response.body) == (200, b"null")
    _, arguments = engine.last_call("stack_cancel_update")
    assert arguments["cancel_with_rollback"] is False


def _json():
    return {"Content-Type": "application/json"}


def _message(response):
    assert response.status_int == 400
    return response.json["error"]["message"]
