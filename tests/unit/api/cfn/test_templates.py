"""CloudFormation template actions and how a request's template is read."""

import http.server
import json
import threading

import pytest

from heat.api.aws import exception as aws_exception
from heat.api.cfn import template_input
from heat.common import exception
from tests.unit.api.aws.engine_stub import STACK_IDENTITY
from tests.unit.api.cfn.conftest import error_of, xml

pytestmark = pytest.mark.filterwarnings("ignore:Policy .* was deprecated:UserWarning")

TEMPLATE = {"heat_template_version": "2013-05-23", "resources": {}}
VALIDATED = {
    "Description": "A test",
    "Parameters": {
        "flavor": {"Type": "String", "Default": "m1.small", "NoEcho": "false", "Description": "F"},
        "secret": {"Type": "String", "NoEcho": "true"},
    },
}


def test_get_template_embeds_the_template_as_json_text(call, engine):
    engine.answers["identify_stack"] = STACK_IDENTITY
    engine.answers["get_template"] = TEMPLATE
    root = xml(call("GetTemplate", StackName="web"))
    assert json.loads(root.findtext("GetTemplateResult/TemplateBody")) == TEMPLATE


def test_validate_template_lists_parameters(call, engine):
    engine.answers["validate_template"] = VALIDATED
    response = call("ValidateTemplate", TemplateBody=json.dumps(TEMPLATE), ContentType="JSON")
    result = response.json["ValidateTemplateResponse"]["ValidateTemplateResult"]
    assert result["Description"] == "A test"
    assert result["Parameters"] == [
        {
            "ParameterKey": "flavor",
            "DefaultValue": "m1.small",
            "NoEcho": "false",
            "Description": "F",
        },
        {"ParameterKey": "secret", "DefaultValue": "", "NoEcho": "true", "Description": ""},
    ]
    assert engine.call_of("validate_template")["template"] == TEMPLATE


def test_validate_template_answers_the_engine_error_text_as_its_result(call, engine):
    engine.answers["validate_template"] = {"Error": "Duplicate names {'x'}"}
    response = call("ValidateTemplate", TemplateBody=json.dumps(TEMPLATE), ContentType="JSON")
    assert response.status_int == 200
    assert response.json == {
        "ValidateTemplateResponse": {"ValidateTemplateResult": "Duplicate names {'x'}"}
    }


def test_validate_template_without_template_is_missing_parameter(call):
    response = call("ValidateTemplate")
    assert error_of(response)[1] == "MissingParameter"


def test_validate_template_failure_is_invalid_parameter_value(call, engine):
    engine.answers["validate_template"] = exception.InvalidTemplateVersion(explanation="bad")
    response = call("ValidateTemplate", TemplateBody=json.dumps(TEMPLATE))
    assert error_of(response)[1] == "InvalidParameterValue"


def test_unparsable_template_is_invalid_parameter_value(call):
    response = call("ValidateTemplate", TemplateBody="{not json")
    assert error_of(response)[1:] == (
        "InvalidParameterValue",
        "A bad or out-of-range value was supplied:The Template must be a JSON or YAML document.",
    )


def test_estimate_template_cost_answers_a_fixed_url(call):
    root = xml(call("EstimateTemplateCost"))
    assert root.findtext("EstimateTemplateCostResult/Url") == "http://en.wikipedia.org/wiki/Gratis"


def test_yaml_template_versions_stay_strings():
    parsed = template_input.parse_template("heat_template_version: 2013-05-23\n", 1000)
    assert parsed == {"heat_template_version": "2013-05-23"}


@pytest.mark.parametrize("text", ["- a\n- b\n", "resources: {}\n"])
def test_text_that_is_not_a_template_is_refused(text):
    with pytest.raises(aws_exception.HeatInvalidParameterValueError):
        template_input.parse_template(text, 1000)


def test_template_over_the_size_limit_is_request_limit_exceeded(call, conf):
    conf.set_override("max_template_size", 10)
    response = call("ValidateTemplate", TemplateBody=json.dumps(TEMPLATE))
    assert response.status_int == 400
    assert error_of(response)[1] == "RequestLimitExceeded"


def test_template_url_with_another_scheme_is_invalid_parameter_value(call):
    response = call("ValidateTemplate", TemplateUrl="file:///etc/passwd")
    assert error_of(response)[1] == "InvalidParameterValue"
    assert "Could not retrieve template" in error_of(response)[2]


@pytest.fixture
def template_server():
    """An HTTP server answering every GET with TEMPLATE as YAML-compatible JSON."""

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 (BaseHTTPRequestHandler's name)
            body = json.dumps(TEMPLATE).encode()
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(
        target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
    )
    thread.start()
    yield "http://127.0.0.1:%d/web.yaml" % server.server_address[1]
    server.shutdown()
    server.server_close()


def test_template_url_is_fetched(call, engine, template_server):
    engine.answers["create_stack"] = STACK_IDENTITY
    call("CreateStack", StackName="web", TemplateUrl=template_server)
    assert engine.call_of("create_stack")["template"] == TEMPLATE


def test_unreachable_template_url_is_invalid_parameter_value(call):
    response = call("CreateStack", StackName="web", TemplateUrl="http://127.0.0.1:9/none")
    assert error_of(response)[1] == "InvalidParameterValue"


def test_template_url_as_boto3_spells_it_is_fetched(call, engine, template_server):
    engine.answers["create_stack"] = STACK_IDENTITY
    call("CreateStack", StackName="web", TemplateURL=template_server)
    assert engine.call_of("create_stack")["template"] == TEMPLATE
