"""Errors raised by the engine reach the client as Heat's error body with the mapped status."""

from heat.common import exception
from tests.unit.api.conftest import TENANT, call

STACK = "/v1/%s/stacks/web/5b1c" % TENANT


def test_engine_entity_not_found_is_404(app, engine):
    engine.errors["show_stack"] = exception.EntityNotFound(entity="Stack", name="web")
    response = call(app, "GET", STACK)
    assert response.status_int == 404
    assert response.json["error"] == {
        "type": "EntityNotFound",
        "message": "The Stack (web) could not be found.",
        "traceback": None,
    }


def test_engine_not_supported_is_400(app, engine):
    engine.errors["abandon_stack"] = exception.NotSupported(feature="Stack Abandon")
    response = call(app, "DELETE", STACK + "/abandon")
    assert response.status_int == 400
    assert response.json["error"]["type"] == "NotSupported"
    assert response.json["error"]["message"] == "Stack Abandon is not supported."


def test_engine_unexpected_error_is_500_without_details(app, engine):
    engine.errors["get_files"] = KeyError("secret")
    response = call(app, "GET", STACK + "/files")
    assert response.status_int == 500
    assert "message" not in response.json["error"]
