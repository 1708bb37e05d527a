"""POST /validate of real-looking templates and of common mistakes, against the real engine."""

import pytest

from tests.unit.api.conftest import TENANT, call
from tests.unit.engine.template_helpers import TEMPLATES

VALIDATE = "/v1/%s/validate" % TENANT


def validate(app, template, **body):
    return call(app, "POST", VALIDATE, body=dict(body, template=template))


def hot(resources=None, **sections):
    return dict({"heat_template_version": "2021-04-16", "resources": resources or {}}, **sections)


@pytest.mark.parametrize("name", ["multi_tier_app.yaml", "autoscaling.yaml", "cfn_mappings.json"])
def test_real_looking_templates_validate(real_app, name):
    response = validate(real_app, (TEMPLATES / name).read_text())
    assert response.status_int == 200, response.json
    assert response.json["Parameters"]


def test_a_stack_of_provider_templates_validates_with_its_environment_and_files(real_app):
    files = {name: (TEMPLATES / name).read_text() for name in ("web_server.yaml", "motd.txt")}
    response = validate(
        real_app,
        (TEMPLATES / "provider_stack.yaml").read_text(),
        environment=(TEMPLATES / "provider_env.yaml").read_text(),
        files=files,
    )
    assert response.status_int == 200, response.json


def error_of(response):
    assert response.status_int == 400, response.json
    return response.json["error"]["message"]


def test_a_function_with_the_wrong_arguments(real_app):
    template = hot({"r": {"type": "OS::Heat::None", "properties": {"v": {"list_join": [","]}}}})
    message = error_of(validate(real_app, template))
    assert "resources.r.properties" in message and "list_join" in message


def test_an_error_is_a_bad_request_with_the_message(real_app):
    template = hot({"r": {"type": "OS::Heat::RandomString", "properties": {"x": 1}}})
    response = validate(real_app, template)
    assert response.status_int == 400
    assert response.json["error"]["type"] == "HTTPBadRequest"
    assert response.json["error"]["message"] == (
        "Property error: resources.r.properties: Unknown Property x"
    )


def test_a_parameter_without_value_or_default_is_listed_for_the_client_to_ask(real_app):
    template = hot(parameters={"flavor": {"type": "string"}})
    response = validate(real_app, template)
    assert response.status_int == 200, response.json
    assert response.json["Parameters"]["flavor"] == {
        "Type": "String",
        "Description": "",
        "NoEcho": "false",
        "Label": "flavor",
    }


def test_a_dependency_cycle_names_the_resources(real_app):
    resources = {
        "a": {"type": "OS::Heat::None", "depends_on": "b"},
        "b": {"type": "OS::Heat::None", "depends_on": "a"},
    }
    message = error_of(validate(real_app, hot(resources)))
    assert message.startswith("Circular Dependency Found") and "a" in message and "b" in message


def test_an_unknown_section(real_app):
    message = error_of(validate(real_app, hot(outputz={})))
    assert "The template section is invalid: outputz" in message


def test_a_function_removed_from_the_version(real_app):
    template = hot(
        {"r": {"type": "OS::Heat::None", "properties": {"v": {"Fn::Join": [",", ["a"]]}}}}
    )
    assert "Fn::Join" in error_of(validate(real_app, template))


def test_an_unknown_template_version(real_app):
    template = {"heat_template_version": "2012-01-01", "resources": {}}
    message = error_of(validate(real_app, template))
    assert '"heat_template_version" should be one of' in message


def test_a_template_fetched_from_template_url(real_app, document_server):
    base, documents = document_server
    documents["/app.yaml"] = (TEMPLATES / "multi_tier_app.yaml").read_bytes()
    response = call(real_app, "POST", VALIDATE, body={"template_url": base + "/app.yaml"})
    assert response.status_int == 200, response.json


def test_a_template_url_that_cannot_be_fetched(real_app, document_server):
    base, _ = document_server
    response = call(real_app, "POST", VALIDATE, body={"template_url": base + "/none.yaml"})
    assert error_of(response).startswith("Could not retrieve template")


NESTED = """heat_template_version: 2014-10-16
description: the nested template
parameters:
  aparam: {type: number, default: 10, description: the param description}
  bparam: {type: string, default: foo}
resources:
  inner: {type: OS::Heat::None}
"""
PARENT = {
    "heat_template_version": "2014-10-16",
    "description": "the parent template",
    "parameters": {"pparam": {"type": "number", "default": 5}},
    "resources": {
        "nres": {"type": "mynested.yaml", "properties": {"aparam": {"get_param": "pparam"}}}
    },
}


def test_show_nested_describes_provider_templates_with_their_values(real_app):
    body = {"template": PARENT, "files": {"mynested.yaml": NESTED}}
    response = call(real_app, "POST", VALIDATE + "?show_nested=true", body=body)
    assert response.status_int == 200, response.json
    assert response.json["NestedParameters"] == {
        "nres": {
            "Type": "mynested.yaml",
            "Description": "the nested template",
            "Parameters": {
                "aparam": {
                    "Type": "Number",
                    "Description": "the param description",
                    "NoEcho": "false",
                    "Label": "aparam",
                    "Default": 10,
                    "Value": 5,
                },
                "bparam": {
                    "Type": "String",
                    "Description": "",
                    "NoEcho": "false",
                    "Label": "bparam",
                    "Default": "foo",
                },
            },
        }
    }


def test_nested_parameters_only_when_asked(real_app):
    body = {"template": PARENT, "files": {"mynested.yaml": NESTED}}
    assert "NestedParameters" not in call(real_app, "POST", VALIDATE, body=body).json


def test_an_unknown_resource_type(real_app):
    message = error_of(validate(real_app, hot({"r": {"type": "OS::Nope::Thing"}})))
    assert message == "The Resource Type (OS::Nope::Thing) could not be found."


def test_a_property_the_type_does_not_have(real_app):
    template = hot({"r": {"type": "OS::Heat::RandomString", "properties": {"size": 3}}})
    message = error_of(validate(real_app, template))
    assert message == "Property error: resources.r.properties: Unknown Property size"


def test_template_file_types_are_listed_in_the_environment(real_app):
    body = {"template": PARENT, "files": {"mynested.yaml": NESTED}}
    registry = call(real_app, "POST", VALIDATE, body=body).json["Environment"]["resource_registry"]
    assert registry == {"mynested.yaml": "mynested.yaml", "resources": {}}
