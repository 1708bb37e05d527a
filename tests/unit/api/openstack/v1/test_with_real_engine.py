"""The noauth pipeline in front of the real EngineService and a SQLite database."""

from heat.common import context
from heat.db import api as db_api
from tests.unit.api.conftest import TENANT, call

STACKS = "/v1/%s/stacks" % TENANT


def store_stack(name, tenant=TENANT, tags=()):
    admin = context.get_admin_context()
    template = db_api.raw_template_create(admin, {"template": {}, "environment": {}})
    stack = db_api.stack_create(
        admin,
        {
            "name": name,
            "tenant": tenant,
            "raw_template_id": template.id,
            "username": "alice",
            "disable_rollback": True,
            "action": "CREATE",
            "status": "COMPLETE",
            "status_reason": "Stack CREATE completed successfully",
        },
    )
    if tags:
        db_api.stack_tags_set(admin, stack.id, list(tags))
    return stack.id


def test_stored_stacks_are_listed_in_the_rest_shape(real_app):
    stack_id = store_stack("web", tags=["prod"])
    [stack] = call(real_app, "GET", STACKS).json["stacks"]
    assert stack["id"] == stack_id
    assert stack["stack_name"] == "web"
    assert stack["stack_status"] == "CREATE_COMPLETE"
    assert stack["tags"] == ["prod"]
    assert stack["creation_time"].endswith("Z")
    assert stack["links"] == [
        {"href": "http://localhost/v1/%s/stacks/web/%s" % (TENANT, stack_id), "rel": "self"}
    ]


def test_pages_follow_the_next_link(real_app):
    first, second = store_stack("a"), store_stack("b")
    page = call(real_app, "GET", STACKS + "?limit=1&sort_keys=stack_name&sort_dir=asc").json
    assert [s["id"] for s in page["stacks"]] == [first]
    next_url = page["links"][0]["href"].replace("http://localhost", "")
    assert [s["id"] for s in call(real_app, "GET", next_url).json["stacks"]] == [second]


def test_with_count_counts_every_listed_stack(real_app):
    store_stack("a")
    store_stack("b")
    assert call(real_app, "GET", STACKS + "?with_count=true&limit=1").json["count"] == 2


def test_build_info_reports_the_engine_revision(real_app, real_conf):
    real_conf.set_override("heat_revision", "r7", "revision")
    assert call(real_app, "GET", "/v1/%s/build_info" % TENANT).json == {
        "api": {"revision": "r7"},
        "engine": {"revision": "r7"},
    }


VALIDATE = "/v1/%s/validate" % TENANT
HOT = {
    "heat_template_version": "2021-04-16",
    "description": "d",
    "parameters": {
        "a": {
            "type": "string",
            "default": "x",
            "hidden": True,
            "constraints": [
                {"length": {"min": 1, "max": 5}, "description": "len"},
                {"allowed_values": ["x", "y"]},
            ],
        },
        "n": {
            "type": "number",
            "default": 3,
            "label": "N",
            "constraints": [{"range": {"min": 1}}, {"modulo": {"step": 2, "offset": 1}}],
        },
    },
    "parameter_groups": [{"label": "g", "parameters": ["a"]}],
    "resources": {"r": {"type": "OS::Heat::None", "properties": {"v": {"get_param": "a"}}}},
}


def test_validate_describes_parameters_as_the_api_reference(real_app):
    response = call(real_app, "POST", VALIDATE, body={"template": HOT})
    assert response.status_int == 200
    assert response.json == {
        "Description": "d",
        "Parameters": {
            "a": {
                "Type": "String",
                "Description": "",
                "NoEcho": "true",
                "Label": "a",
                "Default": "x",
                "MinLength": 1,
                "MaxLength": 5,
                "AllowedValues": ["x", "y"],
                "ConstraintDescription": "len",
            },
            "n": {
                "Type": "Number",
                "Description": "",
                "NoEcho": "false",
                "Label": "N",
                "Default": 3,
                "MinValue": 1,
                "Step": 2,
                "Offset": 1,
            },
        },
        "ParameterGroups": [{"label": "g", "parameters": ["a"]}],
        "Environment": {
            "resource_registry": {"resources": {}},
            "parameters": {},
            "parameter_defaults": {},
            "event_sinks": [],
        },
    }


def test_validate_reports_a_given_value(real_app):
    body = {"template": HOT, "parameters": {"a": "y"}}
    assert call(real_app, "POST", VALIDATE, body=body).json["Parameters"]["a"]["Value"] == "y"


def test_validate_names_the_path_of_a_bad_reference(real_app):
    template = dict(
        HOT,
        resources={"r": {"type": "OS::Heat::None", "properties": {"v": {"get_resource": "nope"}}}},
    )
    response = call(real_app, "POST", VALIDATE, body={"template": template})
    assert response.status_int == 400
    assert "nope" in response.json["error"]["message"]
    assert "resources.r" in response.json["error"]["message"]


def test_validate_refuses_a_template_given_as_unparsable_text(real_app):
    response = call(real_app, "POST", VALIDATE, body={"template": "heat_template_version: [oops"})
    assert response.status_int == 400
    assert response.json["error"]["message"].startswith("Template not in valid format")


def test_template_versions_lists_every_version_with_aliases(real_app):
    versions = call(real_app, "GET", "/v1/%s/template_versions" % TENANT).json["template_versions"]
    assert len(versions) == 13
    assert {
        "version": "heat_template_version.2021-04-16",
        "type": "hot",
        "aliases": ["heat_template_version.wallaby"],
    } in versions
    assert {v["type"] for v in versions} == {"hot", "cfn"}


def test_template_functions_of_a_version(real_app):
    path = "/v1/%s/template_versions/heat_template_version.2016-10-14/functions" % TENANT
    functions = {f["functions"] for f in call(real_app, "GET", path).json["template_functions"]}
    assert {"get_attr", "yaql", "map_replace", "if"} <= functions
    assert "filter" not in functions and "Fn::Select" not in functions


def test_condition_functions_are_added_on_request(real_app):
    path = "/v1/%s/template_versions/heat_template_version.2016-10-14/functions" % TENANT
    listed = call(real_app, "GET", path + "?with_condition_func=true").json["template_functions"]
    assert {"equals", "not"} <= {f["functions"] for f in listed}


def test_functions_of_an_unknown_version_are_404(real_app):
    path = "/v1/%s/template_versions/heat_template_version.1999-01-01/functions" % TENANT
    assert call(real_app, "GET", path).status_int == 404
