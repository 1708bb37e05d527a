"""The Query protocol of the CloudFormation app: paths, actions, callers, policy, errors."""

import os

import pytest

from heat.api import cfn
from heat.common import exception, wsgi
from tests.unit.api.aws import engine_stub
from tests.unit.api.cfn import engine_data
from tests.unit.api.cfn.conftest import READER, STACK_USER, error_of, xml

PASTE_FILE = os.path.join(os.path.dirname(__file__), "../../../../etc/heat/api-paste.ini")

pytestmark = pytest.mark.filterwarnings("ignore:Policy .* was deprecated:UserWarning")


@pytest.mark.parametrize("path", ["/", "/v1", "/v1/", ""])
def test_query_is_served_with_and_without_the_version_prefix(call, engine, path):
    engine.answers["list_stacks"] = []
    assert call("ListStacks", path=path or "/").status_int == 200


def test_form_post_is_accepted(call, engine):
    engine.answers["list_stacks"] = []
    response = call("ListStacks", method="POST")
    assert response.status_int == 200
    assert xml(response).tag == "ListStacksResponse"


def test_missing_action_is_missing_action(call, app):
    response = engine_stub.query_request({}, READER).get_response(app)
    assert response.status_int == 400
    assert error_of(response)[:2] == ("Sender", "MissingAction")


def test_unknown_action_is_invalid_action(call):
    response = call("CreateStackSet")
    assert response.status_int == 400
    assert error_of(response)[1] == "InvalidAction"
    assert "CreateStackSet" in error_of(response)[2]


def test_request_without_context_is_missing_authentication_token(call):
    response = call("ListStacks", caller=None)
    assert response.status_int == 403
    assert error_of(response)[1] == "MissingAuthenticationToken"


def test_policy_denial_is_access_denied(call, engine):
    response = call("ListStacks", caller=STACK_USER)
    assert response.status_int == 403
    assert error_of(response)[1] == "AccessDenied"
    assert "cloudformation:ListStacks" in error_of(response)[2]
    assert engine.calls == []


def test_reader_may_not_create_with_new_defaults(engine_client):
    conf = engine_stub.make_conf(enforce_new_defaults=True)
    app = cfn.API({wsgi.CONF_KEY: conf}, engine_client=engine_client)
    params = {"Action": "CreateStack", "StackName": "web", "TemplateBody": "{}"}
    response = engine_stub.query_request(params, READER).get_response(app)
    assert response.status_int == 403
    assert error_of(response)[1] == "AccessDenied"


def test_reader_may_list_with_new_defaults(engine, engine_client):
    conf = engine_stub.make_conf(enforce_new_defaults=True)
    engine.answers["list_stacks"] = []
    app = cfn.API({wsgi.CONF_KEY: conf}, engine_client=engine_client)
    response = engine_stub.query_request({"Action": "ListStacks"}, READER).get_response(app)
    assert response.status_int == 200


def test_stack_user_may_describe_a_stack_resource(call, engine):
    engine.answers["identify_stack"] = engine_stub.STACK_IDENTITY
    engine.answers["describe_stack_resource"] = engine_data.RESOURCE
    response = call(
        "DescribeStackResource", caller=STACK_USER, StackName="web", LogicalResourceId="server"
    )
    assert response.status_int == 200


def test_error_envelope_is_json_when_asked(call):
    response = call("Nope", ContentType="JSON")
    assert response.content_type == "application/json"
    assert response.json["ErrorResponse"]["Error"]["Code"] == "InvalidAction"


def test_engine_not_found_is_invalid_parameter_value(call, engine):
    engine.answers["identify_stack"] = exception.EntityNotFound(entity="Stack", name="web")
    response = call("DescribeStacks", StackName="web")
    assert response.status_int == 400
    assert error_of(response) == (
        "Sender",
        "InvalidParameterValue",
        "A bad or out-of-range value was supplied:The Stack (web) could not be found.",
    )


def test_engine_action_in_progress_is_invalid_action(call, engine):
    engine.answers["identify_stack"] = engine_stub.STACK_IDENTITY
    engine.answers["delete_stack"] = exception.ActionInProgress(stack_name="web", action="UPDATE")
    response = call("DeleteStack", StackName="web")
    assert error_of(response)[1] == "InvalidAction"


def test_unexpected_engine_error_is_internal_failure(call, engine):
    engine.answers["list_stacks"] = RuntimeError("boom")
    response = call("ListStacks")
    assert response.status_int == 500
    kind, code, message = error_of(response)
    assert (kind, code) == ("Server", "InternalFailure")
    assert "boom" not in message


def test_other_paths_are_not_found(call):
    assert call("ListStacks", path="/v1/stacks").status_int == 404


def test_other_methods_are_not_allowed(call):
    assert call("ListStacks", method="DELETE").status_int == 405


@pytest.mark.parametrize("pipeline", ["heat-api-cfn-noauth", "heat-api-cloudwatch-noauth"])
def test_paste_noauth_pipelines_serve_the_query_apis(engine, engine_client, pipeline):
    conf = engine_stub.make_conf()
    conf.set_override("transport_url", "inproc://")
    app = wsgi.paste_deploy_app(PASTE_FILE, pipeline, conf)
    engine.answers["list_stacks"] = []
    engine.answers["show_watch"] = []
    action = "ListStacks" if "cfn" in pipeline else "DescribeAlarms"
    response = engine_stub.query_request({"Action": action}).get_response(app)
    assert response.status_int == 200, response.body
    assert xml(response).tag == action + "Response"
