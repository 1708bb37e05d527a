"""Stack calls through the noauth pipeline: shaping of engine answers, body and query rules."""

from heat.common import exception
from tests.unit.api.conftest import TENANT, call, engine_stack

STACKS = "/v1/%s/stacks" % TENANT
STACK = STACKS + "/web/5b1c"
HOT = {"heat_template_version": "2021-04-16", "resources": {}}


def test_index_shapes_engine_stacks_as_summaries(app, engine):
    engine.answers["list_stacks"] = [engine_stack()]
    stack = call(app, "GET", STACKS).json["stacks"][0]
    assert stack["id"] == "5b1c"
    assert stack["stack_status"] == "CREATE_COMPLETE"
    assert stack["links"] == [
        {"href": "http://localhost/v1/%s/stacks/web/5b1c" % TENANT, "rel": "self"}
    ]
    assert "parameters" not in stack and "stack_action" not in stack


def test_index_shows_project_to_admins(app, engine):
    engine.answers["list_stacks"] = [engine_stack()]
    assert call(app, "GET", STACKS).json["stacks"][0]["project"] == TENANT


def test_index_links_next_page_when_page_is_full(app, engine):
    engine.answers["list_stacks"] = [engine_stack()]
    body = call(app, "GET", STACKS + "?limit=1&sort_keys=stack_name").json
    assert body["links"] == [
        {
            "rel": "next",
            "href": "http://localhost%s?limit=1&sort_keys=stack_name&marker=5b1c" % STACKS,
        }
    ]


def test_index_has_no_next_link_on_a_short_page(app, engine):
    engine.answers["list_stacks"] = [engine_stack()]
    assert "links" not in call(app, "GET", STACKS + "?limit=2").json


def test_index_counts_with_count(app, engine):
    engine.answers["list_stacks"] = []
    engine.answers["count_stacks"] = 3
    assert call(app, "GET", STACKS + "?with_count=true").json == {"stacks": [], "count": 3}


def test_index_passes_query_to_engine(app, engine):
    engine.answers["list_stacks"] = []
    call(app, "GET", STACKS + "?limit=5&show_deleted=True&tags=a,b&status=FAILED&status=X")
    _, arguments = engine.last_call("list_stacks")
    assert arguments["limit"] == 5
    assert arguments["show_deleted"] is True
    assert arguments["tags"] == ["a", "b"]
    assert arguments["filters"] == {"status": ["FAILED", "X"]}


def test_index_refuses_a_non_boolean_flag(app, engine):
    response = call(app, "GET", STACKS + "?show_deleted=yes")
    assert response.status_int == 400
    assert response.json["error"]["message"] == (
        'Unrecognized value "yes" for "show_deleted", acceptable values are: true, false.'
    )


def test_index_refuses_a_non_integer_limit(app, engine):
    response = call(app, "GET", STACKS + "?limit=1.5")
    assert response.status_int == 400
    assert response.json["error"]["type"] == "HTTPBadRequest"


def test_show_formats_the_stack(app, engine):
    engine.answers["show_stack"] = [engine_stack(outputs=[{"output_key": "url"}])]
    stack = call(app, "GET", STACK).json["stack"]
    assert stack["stack_status"] == "CREATE_COMPLETE"
    assert stack["outputs"] == [{"output_key": "url"}]
    _, arguments = engine.last_call("show_stack")
    assert arguments["stack_identity"]["stack_name"] == "web"
    assert arguments["resolve_outputs"] is True


def test_create_answers_201_with_location(app, engine):
    engine.answers["create_stack"] = engine_stack()["stack_identity"]
    response = call(app, "POST", STACKS, {"stack_name": "web", "template": HOT})
    assert response.status_int == 201
    assert response.location == "http://localhost/v1/%s/stacks/web/5b1c" % TENANT
    assert response.json["stack"]["id"] == "5b1c"


def test_create_sends_template_environment_and_args(app, engine):
    engine.answers["create_stack"] = engine_stack()["stack_identity"]
    body = {
        "stack_name": "web",
        "template": "heat_template_version: 2021-04-16\nresources: {}\n",
        "parameters": {"flavor": "m1.small"},
        "timeout_mins": "30",
        "tags": "prod,web",
    }
    call(app, "POST", STACKS, body)
    _, arguments = engine.last_call("create_stack")
    assert arguments["template"] == HOT
    assert arguments["params"]["parameters"] == {"flavor": "m1.small"}
    assert arguments["args"] == {"timeout_mins": 30, "tags": ["prod", "web"]}


def test_create_without_name_is_400(app, engine):
    response = call(app, "POST", STACKS, {"template": HOT})
    assert response.status_int == 400
    assert response.json["error"]["message"] == "No stack name specified"


def test_create_without_template_is_400(app, engine):
    response = call(app, "POST", STACKS, {"stack_name": "web"})
    assert response.json["error"]["message"] == "No template specified"


def test_create_with_unparsable_template_is_400(app, engine):
    response = call(app, "POST", STACKS, {"stack_name": "web", "template": "a: [b"})
    assert response.status_int == 400
    assert response.json["error"]["message"].startswith("Template not in valid format:")


def test_create_refuses_converge(app, engine):
    body = {"stack_name": "web", "template": HOT, "converge": True}
    assert call(app, "POST", STACKS, body).status_int == 400


def test_engine_conflict_is_409(app, engine):
    engine.errors["create_stack"] = exception.StackExists(stack_name="web")
    response = call(app, "POST", STACKS, {"stack_name": "web", "template": HOT})
    assert response.status_int == 409
    assert response.json["error"]["message"] == "The Stack (web) already exists."


def test_lookup_redirects_to_the_canonical_url(app, engine):
    engine.answers["identify_stack"] = engine_stack()["stack_identity"]
    response = call(app, "GET", STACKS + "/web/resources?nested_depth=1")
    assert response.status_int == 302
    assert response.location == "http://localhost%s/resources?nested_depth=1" % STACK


def test_lookup_by_arn_needs_no_engine_call(app, engine):
    arn = "arn:openstack:heat::%s:stacks/web/5b1c" % TENANT
    response = call(app, "DELETE", STACKS + "/" + arn)
    assert response.status_int == 302
    assert response.location == "http://localhost" + STACK
    assert not [name for name, _, _ in engine.calls if name == "identify_stack"]


def test_update_answers_202(app, engine):
    response = call(app, "PUT", STACK, {"template": HOT, "converge": True})
    assert response.status_int == 202
    _, arguments = engine.last_call("update_stack")
    assert arguments["args"] == {"converge": True}


def test_patch_keeps_existing(app, engine):
    assert call(app, "PATCH", STACK, {"parameters": {"a": "b"}}).status_int == 202
    _, arguments = engine.last_call("update_stack")
    assert arguments["template"] is None
    assert arguments["args"] == {"existing": True}


def test_delete_answers_204(app, engine):
    assert call(app, "DELETE", STACK).status_int == 204


def test_template_is_answered_as_stored(app, engine):
    engine.answers["get_template"] = HOT
    assert call(app, "GET", STACK + "/template").json == HOT


def test_create_with_unfetchable_template_url_is_400(app, engine):
    body = {"stack_name": "web", "template_url": "ftp://example.test/web.yaml"}
    response = call(app, "POST", STACKS, body)
    assert response.status_int == 400
    assert response.json["error"]["message"].startswith("Could not retrieve template:")
