"""boto3's CloudFormation client parses what the app answers over real HTTP."""

import json
import threading
import wsgiref.simple_server

import pytest

from heat.api.aws import ec2token
from heat.common import context_middleware, exception
from tests.unit.api.aws import fake_keystone
from tests.unit.api.aws.engine_stub import STACK_ARN, STACK_IDENTITY
from tests.unit.api.cfn import engine_data
from tests.unit.api.cfn.conftest import MEMBER

boto3 = pytest.importorskip("boto3")
botocore_config = pytest.importorskip("botocore.config")
botocore_exceptions = pytest.importorskip("botocore.exceptions")

pytestmark = pytest.mark.filterwarnings("ignore:Policy .* was deprecated:UserWarning")


class _QuietHandler(wsgiref.simple_server.WSGIRequestHandler):
    def log_message(self, *args):
        pass


def _as_member(app):
    """A noauth-like filter: every request comes from a project member."""

    def filtered(environ, start_response):
        environ["context"] = MEMBER
        return app(environ, start_response)

    return filtered


@pytest.fixture
def serve(monkeypatch, tmp_path):
    """Serve a WSGI app on a local HTTP server; returns a boto3 CloudFormation client of it."""
    monkeypatch.setenv("AWS_CONFIG_FILE", str(tmp_path / "none"))
    monkeypatch.setenv("AWS_SHARED_CREDENTIALS_FILE", str(tmp_path / "none"))
    servers = []

    def start(wsgi_app):
        server = wsgiref.simple_server.make_server(
            "127.0.0.1", 0, wsgi_app, handler_class=_QuietHandler
        )
        threading.Thread(
            target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        ).start()
        servers.append(server)
        return boto3.client(
            "cloudformation",
            endpoint_url="http://127.0.0.1:%d/v1" % server.server_address[1],
            region_name="RegionOne",
            aws_access_key_id="AKID",
            aws_secret_access_key="secret",
            config=botocore_config.Config(retries={"max_attempts": 1}),
        )

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


@pytest.fixture
def cloudformation(app, serve):
    """A boto3 CloudFormation client of the app, every caller being a project member."""
    return serve(_as_member(app))


def test_boto3_lists_stacks(cloudformation, engine):
    engine.answers["list_stacks"] = [engine_data.STACK]
    (summary,) = cloudformation.list_stacks()["StackSummaries"]
    assert summary["StackId"] == STACK_ARN
    assert summary["StackName"] == "web"
    assert summary["StackStatus"] == "CREATE_COMPLETE"
    assert summary["CreationTime"].year == 2024
    assert "LastUpdatedTime" not in summary


def test_boto3_describes_stacks(cloudformation, engine):
    engine.answers["identify_stack"] = STACK_IDENTITY
    engine.answers["show_stack"] = [engine_data.STACK]
    (stack,) = cloudformation.describe_stacks(StackName="web")["Stacks"]
    assert stack["StackId"] == STACK_ARN
    assert stack["DisableRollback"] is True
    assert stack["TimeoutInMinutes"] == 60
    assert {"ParameterKey": "flavor", "ParameterValue": "m1.small"} in stack["Parameters"]
    assert stack["Outputs"][0]["OutputValue"] == "http://10.0.0.5/"
    assert stack["Outputs"][1]["OutputValue"] == "[80, 443]"


def test_boto3_describes_stack_events(cloudformation, engine):
    engine.answers["list_events"] = [engine_data.EVENT]
    (event,) = cloudformation.describe_stack_events(StackName=STACK_ARN)["StackEvents"]
    assert event["EventId"] == engine_data.EVENT_ID
    assert event["ResourceStatus"] == "CREATE_IN_PROGRESS"
    assert event["ResourceProperties"] == '{"flavor": "m1.small"}'


def test_boto3_creates_a_stack(cloudformation, engine):
    engine.answers["create_stack"] = STACK_IDENTITY
    created = cloudformation.create_stack(
        StackName="web",
        TemplateBody='{"AWSTemplateFormatVersion": "2010-09-09", "Resources": {}}',
        Parameters=[{"ParameterKey": "flavor", "ParameterValue": "m1.small"}],
        OnFailure="DO_NOTHING",
    )
    assert created["StackId"] == STACK_ARN
    sent = engine.call_of("create_stack")
    assert sent["params"] == {"parameters": {"flavor": "m1.small"}}
    assert sent["args"] == {"disable_rollback": True}


def test_boto3_sees_aws_error_codes(cloudformation, engine):
    engine.answers["create_stack"] = exception.StackExists(stack_name="web")
    with pytest.raises(botocore_exceptions.ClientError) as raised:
        cloudformation.create_stack(
            StackName="web", TemplateBody="heat_template_version: 2013-05-23"
        )
    assert raised.value.response["Error"]["Code"] == "AlreadyExists"
    assert raised.value.response["ResponseMetadata"]["HTTPStatusCode"] == 400


def test_boto3_reads_resource_metadata_as_json_text(cloudformation, engine):
    engine.answers["describe_stack_resource"] = engine_data.RESOURCE
    detail = cloudformation.describe_stack_resource(
        StackName=STACK_ARN, LogicalResourceId="server"
    )["StackResourceDetail"]
    assert json.loads(detail["Metadata"]) == engine_data.RESOURCE["metadata"]
    assert detail["PhysicalResourceId"] == engine_data.RESOURCE["physical_resource_id"]


def test_boto3_sigv4_request_is_checked_by_keystone(app, conf, serve, engine):
    engine.answers["list_stacks"] = []
    with fake_keystone.FakeKeystone() as keystone:
        conf.set_override("endpoint_override", keystone.url, group="ec2authtoken")
        pipeline = ec2token.EC2Token(context_middleware.ContextMiddleware(app, conf), conf)
        assert serve(pipeline).list_stacks()["StackSummaries"] == []
        ((_headers, body),) = keystone.ec2_requests()
    credentials = body["ec2Credentials"]
    assert credentials["access"] == "AKID"
    assert credentials["headers"]["Authorization"].startswith("AWS4-HMAC-SHA256 ")
    assert credentials["signature"] in credentials["headers"]["Authorization"]
    assert credentials["params"]["Action"] == "ListStacks"
    assert engine.context_of("list_stacks").auth_token == fake_keystone.USER_TOKEN
