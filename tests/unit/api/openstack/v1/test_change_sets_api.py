"""Change sets through the REST API and the real engine: created from an update's body,
listed, shown with their planned changes, executed (then obsolete for a second run) and
deleted; bad bodies are 400s naming the field."""

import json

from tests.unit.api.conftest import call
from tests.unit.api.openstack.v1.real_stacks import URL, sent, settled


def template(resources: dict) -> dict:
    """A template of a RandomString of the ``length`` parameter, and ``resources``."""
    word = {"type": "OS::Heat::RandomString", "properties": {"length": {"get_param": "length"}}}
    return {
        "heat_template_version": "2021-04-16",
        "parameters": {"length": {"type": "number", "default": 8}},
        "resources": {"word": word, **resources},
    }


BEFORE = template({"gone": {"type": "OS::Heat::None"}})
AFTER = template({"note": {"type": "OS::Heat::Value", "properties": {"value": "hi"}}})


def stack(app) -> str:
    stack_id = sent(app, "POST", "/stacks", 201, {"stack_name": "planned", "template": BEFORE})
    path = "/stacks/planned/%s" % stack_id.json["stack"]["id"]
    assert settled(app, path)["stack_status"] == "CREATE_COMPLETE"
    return path


def test_a_change_set_is_planned_shown_executed_and_deleted(real_app):
    path = stack(real_app)
    body = {
        "name": "grow",
        "description": "longer",
        "template": AFTER,
        "parameters": {"length": 12},
    }
    made = sent(real_app, "POST", path + "/change_sets", 201, body).json["change_set"]
    assert (made["name"], made["status"], made["execution_status"]) == (
        "grow", "CREATE_COMPLETE", "AVAILABLE"
    )  # fmt: skip

    [listed] = sent(real_app, "GET", path + "/change_sets", 200).json["change_sets"]
    assert listed["id"] == made["id"] and "changes" not in listed

    shown = sent(real_app, "GET", path + "/change_sets/grow", 200).json["change_set"]
    changes = shown["changes"]
    assert [r["resource_name"] for r in changes["added"]] == ["note"]
    assert [r["resource_name"] for r in changes["deleted"]] == ["gone"]
    [word] = changes["replaced"]
    assert word["changes"]["properties"] == [
        {"name": "length", "old": 8, "new": 12, "replaces": True}
    ]
    assert sent(real_app, "GET", path + "/change_sets/" + made["id"], 200).json == {
        "change_set": shown
    }

    sent(real_app, "POST", path + "/change_sets/grow/execute", 202)
    assert settled(real_app, path)["stack_status"] == "UPDATE_COMPLETE"
    resources = sent(real_app, "GET", path + "/resources", 200).json["resources"]
    assert sorted(r["resource_name"] for r in resources) == ["note", "word"]
    again = call(real_app, "POST", URL + path + "/change_sets/grow/execute")
    assert (again.status_int, again.json["error"]["type"]) == (409, "InvalidChangeSetStatus")

    sent(real_app, "DELETE", path + "/change_sets/grow", 204)
    missing = call(real_app, "GET", URL + path + "/change_sets/grow")
    assert (missing.status_int, missing.json["error"]["type"]) == (404, "ChangeSetNotFound")


def test_a_change_set_echoes_its_parameters_hidden_ones_masked(real_app):
    path = stack(real_app)
    secret = {"secret": {"type": "string", "hidden": True}}
    hiding = dict(AFTER, parameters={**AFTER["parameters"], **secret})
    body = {"name": "hush", "template": hiding, "parameters": {"length": 9, "secret": "s3cr3t"}}
    sent(real_app, "POST", path + "/change_sets", 201, body)
    shown = sent(real_app, "GET", path + "/change_sets/hush", 200).json["change_set"]
    assert shown["parameters"] == {"length": 9, "secret": "******"}
    assert "s3cr3t" not in json.dumps(shown)


def test_bad_change_set_bodies_are_400s_naming_the_field(real_app):
    path = stack(real_app)
    for body, named in (
        ({"template": AFTER}, '"name"'),
        ({"name": 7, "template": AFTER}, '"name"'),
        ({"name": "x", "description": [], "template": AFTER}, '"description"'),
        ({"name": "x", "template": AFTER, "environment_files": ["e.yaml"]}, "environment_files"),
    ):
        answer = call(real_app, "POST", URL + path + "/change_sets", body=body)
        assert answer.status_int == 400, answer.text
        assert named in answer.json["error"]["message"]
