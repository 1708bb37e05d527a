"""Request body rules through the pipeline: bad or over-deep JSON is 400, an oversized body
413, a missing body 400 where the route needs one."""

import pytest

from heat.common.wsgi import serializers
from tests.unit.api.conftest import TENANT, call, make_conf

STACKS = "/v1/%s/stacks" % TENANT
MALFORMED = (
    "The server could not comply with the request since it is either malformed or "
    "otherwise incorrect."
)


def test_invalid_json_is_400_with_the_parsers_message(app, engine):
    response = call(app, "POST", STACKS, raw_body=b'{"stack_name": ', headers=_json())
    assert response.status_int == 400
    assert response.json["error"]["type"] == "HTTPBadRequest"
    assert response.json["error"]["message"] == "Expecting value: line 1 column 16 (char 15)"


@pytest.mark.parametrize("opening", ['{"a":', '{"a": ['])
def test_json_nested_a_thousand_deep_is_400_before_parsing(app, engine, opening):
    closing = "".join("]" if char == "[" else "}" for char in reversed(opening) if char in "[{")
    raw = (opening * 1000 + "1" + closing * 1000).encode()
    response = call(app, "POST", STACKS, raw_body=raw, headers=_json())
    assert response.status_int == 400
    assert response.json["error"]["message"] == "JSON body is nested deeper than 100 levels."
    assert engine.calls == []


def test_brackets_inside_strings_do_not_count_as_depth():
    deep_text = ('{"a": "%s\\", "b": "\\"}' % ("[" * 500)).encode()
    assert not serializers.nested_deeper_than(deep_text, 2)
    nested = b'{"a": {"b": [{"c": 1}]}}'
    assert serializers.nested_deeper_than(nested, 3)
    assert not serializers.nested_deeper_than(nested, 4)


@pytest.mark.parametrize("raw", [b"", b"5", b"[1]", b"null", b'"text"'])
def test_a_route_that_needs_a_body_answers_400_without_a_json_object(app, engine, raw):
    response = call(app, "POST", "/v1/%s/software_configs" % TENANT, raw_body=raw, headers=_json())
    assert (response.status_int, response.json["error"]["message"]) == (400, MALFORMED)
    assert engine.calls == []


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


def test_non_json_content_type_body_is_no_body(app, engine):
    headers = {"Content-Type": "application/xml"}
    response = call(app, "POST", STACKS, raw_body=b"{not json", headers=headers)
    assert response.json["error"]["message"] == MALFORMED


def test_actions_without_a_body_name_no_action(app, engine):
    response = call(app, "POST", STACKS + "/web/5b1c/actions")
    assert _message(response) == "No action specified"


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


def test_adopt_data_nested_a_thousand_deep_is_no_adopt_template(app, engine):
    adopt_data = "[" * 1000 + "]" * 1000
    response = call(app, "PATCH", STACKS + "/web/5b1c", {"adopt_stack_data": adopt_data})
    assert response.status_int == 202
    _, arguments = engine.last_call("update_stack")
    assert arguments["template"] is None
