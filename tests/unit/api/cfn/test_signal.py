"""Wait condition and resource signals addressed by ARN on the CloudFormation app."""

import json
from urllib import parse

import webob

from heat.common import exception, identifier
from tests.unit.api.aws.engine_stub import STACK_IDENTITY
from tests.unit.api.cfn.conftest import MEMBER

HANDLE = identifier.ResourceIdentifier(**STACK_IDENTITY, resource_name="handle")
SIGNAL_QUERY = "?Timestamp=2024-05-01T10%3A00%3A00Z&SignatureMethod=HmacSHA256&SignatureVersion=2"
BODY = {"Status": "SUCCESS", "Reason": "done", "UniqueId": "1", "Data": "x"}


def signal_request(kind, body, method, arn=None, caller=MEMBER):
    path = "/v1/%s%s%s" % (kind, arn or HANDLE.arn_url_path(), SIGNAL_QUERY)
    request = webob.Request.blank(path, method=method)
    if body is not None:
        request.body = body if isinstance(body, bytes) else json.dumps(body).encode()
    request.content_type = "application/json"
    if caller is not None:
        request.environ["context"] = caller
    return request


def test_waitcondition_signals_synchronously_and_answers_the_metadata(app, engine):
    metadata = {"1": {"Status": "SUCCESS", "Reason": "done", "Data": "x"}}
    engine.answers["resource_signal"] = metadata
    response = signal_request("waitcondition", BODY, "PUT").get_response(app)
    assert response.status_int == 200
    assert response.json == {"resource": "handle", "metadata": metadata}
    assert engine.call_of("resource_signal") == {
        "stack_identity": STACK_IDENTITY,
        "resource_name": "handle",
        "details": BODY,
        "sync_call": True,
    }


def test_signal_is_asynchronous(app, engine):
    response = signal_request("signal", {"anything": [1, 2]}, "POST").get_response(app)
    assert response.status_int == 200
    assert engine.call_of("resource_signal")["sync_call"] is False
    assert engine.call_of("resource_signal")["details"] == {"anything": [1, 2]}


def test_signal_without_body_sends_no_details(app, engine):
    response = signal_request("signal", None, "POST").get_response(app)
    assert response.status_int == 200
    assert engine.call_of("resource_signal")["details"] is None


def test_signal_reaches_the_engine_as_the_caller(app, engine):
    signal_request("signal", {}, "POST").get_response(app)
    assert engine.context_of("resource_signal").project_id == MEMBER.project_id


def test_waitcondition_body_is_checked_by_the_handle_not_the_api(app, engine):
    native = {"status": "SUCCESS"}
    signal_request("waitcondition", native, "PUT").get_response(app)
    assert engine.call_of("resource_signal")["details"] == native


def test_handle_refusing_the_body_is_invalid_parameter_value(app, engine):
    engine.answers["resource_signal"] = exception.Invalid(reason="Metadata format invalid")
    response = signal_request("waitcondition", dict(BODY, Status="MAYBE"), "PUT").get_response(app)
    assert response.status_int == 400
    error = response.json["ErrorResponse"]["Error"]
    assert error["Code"] == "InvalidParameterValue"
    assert error["Message"].endswith("Metadata format invalid")


def test_invalid_json_body_is_invalid_parameter_value(app):
    response = signal_request("signal", b"{nope", "POST").get_response(app)
    assert response.status_int == 400
    assert response.json["ErrorResponse"]["Error"]["Code"] == "InvalidParameterValue"


def test_stack_arn_is_not_a_resource_arn(app):
    stack_arn = "/" + parse.quote(identifier.HeatIdentifier(**STACK_IDENTITY).arn(), "")
    response = signal_request("signal", {}, "POST", arn=stack_arn).get_response(app)
    assert response.status_int == 400


def test_unknown_resource_is_invalid_parameter_value(app, engine):
    engine.answers["resource_signal"] = exception.ResourceNotFound(
        resource_name="handle", stack_name="web"
    )
    response = signal_request("waitcondition", BODY, "PUT").get_response(app)
    assert response.status_int == 400
    assert response.json["ErrorResponse"]["Error"]["Code"] == "InvalidParameterValue"


def test_signal_without_context_is_refused(app, engine):
    response = signal_request("signal", {}, "POST", caller=None).get_response(app)
    assert response.status_int == 403
    assert engine.calls == []


def test_waitcondition_needs_put(app):
    response = signal_request("waitcondition", BODY, "POST").get_response(app)
    assert response.status_int == 405
    assert response.headers["Allow"] == "PUT"


def test_signal_path_works_without_version_prefix(app, engine):
    request = signal_request("signal", {}, "POST")
    request.path_info = request.path_info[len("/v1") :]
    assert request.get_response(app).status_int == 200
