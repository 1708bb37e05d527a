"""CreateStack through boto3: template inline or by URL, parameters and stack settings."""

import http.server
import threading

import pytest
from botocore.exceptions import ClientError

from tests.functional.aws.cfn import NONE_TEMPLATE, error_code, template, unique_name, wait_for


@pytest.fixture(scope="module")
def template_url():
    """The URL of tests/templates/cfn/described.yaml on a local HTTP server."""
    body = template("described.yaml").encode()

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 (the name BaseHTTPRequestHandler calls)
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield "http://127.0.0.1:%d/described.yaml" % server.server_address[1]
    server.shutdown()
    server.server_close()


def test_create_from_template_url(cloudformation, template_url):
    name = unique_name("url")
    stack_id = cloudformation.create_stack(StackName=name, TemplateURL=template_url)["StackId"]
    stack = wait_for(cloudformation, "stack_create_complete", stack_id)
    assert stack["Description"] == "A stack the CloudFormation API describes"


def test_create_with_parameters_timeout_and_rollback(stacks):
    stack = stacks.create_complete(
        template("described.yaml"),
        Parameters=[{"ParameterKey": "Flavor", "ParameterValue": "tiny"}],
        TimeoutInMinutes=3,
        DisableRollback=True,
    )
    assert stack["TimeoutInMinutes"] == 3
    assert stack["DisableRollback"] is True
    assert stack["Outputs"][0]["OutputValue"] == "tiny"


@pytest.mark.parametrize(("on_failure", "disabled"), [("DO_NOTHING", True), ("ROLLBACK", False)])
def test_on_failure_sets_rollback(stacks, on_failure, disabled):
    stack = stacks.create_complete(OnFailure=on_failure)
    assert stack["DisableRollback"] is disabled


def test_disable_rollback_with_on_failure_is_refused(cloudformation):
    with pytest.raises(ClientError) as raised:
        cloudformation.create_stack(
            StackName=unique_name("combo"),
            TemplateBody=NONE_TEMPLATE,
            DisableRollback=True,
            OnFailure="DELETE",
        )
    assert error_code(raised) == ("InvalidParameterCombination", 400)


def test_notification_arns_are_accepted(stacks):
    stack = stacks.create_complete(NotificationARNs=["arn:aws:sns:RegionOne:1:topic"])
    assert stack["StackStatus"] == "CREATE_COMPLETE"


def test_duplicate_name_already_exists(cloudformation, described_stack):
    with pytest.raises(ClientError) as raised:
        cloudformation.create_stack(
            StackName=described_stack["StackName"], TemplateBody=NONE_TEMPLATE
        )
    assert error_code(raised) == ("AlreadyExists", 400)
    assert described_stack["StackName"] in str(raised.value)


def test_invalid_template_names_the_path(cloudformation):
    body = (
        '{"AWSTemplateFormatVersion": "2010-09-09", "Resources": '
        '{"bad": {"Type": "OS::Heat::TestResource", "Properties": {"nope": 1}}}}'
    )
    with pytest.raises(ClientError) as raised:
        cloudformation.create_stack(StackName=unique_name("bad"), TemplateBody=body)
    assert error_code(raised) == ("InvalidParameterValue", 400)
    assert "Resources.bad" in str(raised.value)


def test_missing_template_is_a_missing_parameter(cloudformation):
    with pytest.raises(ClientError) as raised:
        cloudformation.create_stack(StackName=unique_name("none"))
    assert error_code(raised) == ("MissingParameter", 400)
