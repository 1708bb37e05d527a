"""The v1 route table: every route, OPTIONS and 405 answers, unknown paths and the request id."""

from heat.api.openstack.v1 import route_table
from tests.unit.api.conftest import TENANT, call

STACK = "/v1/%s/stacks/web/5b1c" % TENANT


def test_route_table_has_the_68_routes_of_the_api():
    # Upstream's 62, and GET .../drift.
    assert len(route_table.ROUTES) == 68


def test_every_route_names_a_controller_action():
    from heat.api.openstack.v1 import CONTROLLERS

    for _, _, name, action, *_ in route_table.ROUTES:
        if name != "versions":
            assert callable(getattr(CONTROLLERS[name], action)), (name, action)


def test_unknown_path_is_404_with_heat_error_body(app):
    response = call(app, "GET", "/v1/%s/nothing" % TENANT)
    assert response.status_int == 404
    assert response.json == {
        "code": 404,
        "title": "Not Found",
        "explanation": "The resource could not be found.",
        "error": {
            "type": "HTTPNotFound",
            "message": "The resource could not be found.",
            "traceback": None,
        },
    }


def test_options_answers_204_with_the_routed_methods(app):
    response = call(app, "OPTIONS", "/v1/%s/stacks" % TENANT)
    assert response.status_int == 204
    assert response.headers["Allow"] == "GET,POST"


def test_options_of_a_stack_lists_its_methods(app):
    response = call(app, "OPTIONS", STACK)
    assert response.headers["Allow"] == "GET,PUT,PATCH,DELETE"


def test_unrouted_method_is_405_with_allow(app):
    response = call(app, "DELETE", "/v1/%s/build_info" % TENANT)
    assert response.status_int == 405
    assert response.headers["Allow"] == "GET"
    assert response.json["error"]["type"] == "HTTPMethodNotAllowed"


def test_every_answer_has_a_request_id(app):
    for method, path in (("GET", "/"), ("GET", "/v1/t/nothing"), ("HEAD", STACK)):
        response = call(app, method, path)
        assert response.headers["x-openstack-request-id"].startswith("req-"), path


def test_get_v1_root_answers_the_versions_document(app):
    assert call(app, "GET", "/v1/").status_int == 300
