"""The ec2token filter: refusals without credentials, and the exchange with Keystone."""

import json
import xml.etree.ElementTree as ElementTree

import pytest
import webob
import webob.dec
from oslo_config import cfg

from heat.api.aws import ec2credentials, ec2token
from heat.common import config, wsgi
from tests.unit.api.aws import fake_keystone

SIGNED_V2 = "/v1/?Action=ListStacks&AWSAccessKeyId=AKID&SignatureVersion=2&Signature=c2ln"


class Downstream:
    """The app behind the filter: records the headers it was called with."""

    def __init__(self):
        self.headers = None

    @webob.dec.wsgify
    def __call__(self, request):
        self.headers = dict(request.headers)
        return webob.Response("ok")


@pytest.fixture
def keystone():
    with fake_keystone.FakeKeystone() as server:
        yield server


@pytest.fixture
def make_filter(tmp_path):
    """Build the filter from a heat.conf holding ``text``; returns (filter, downstream app)."""

    def make(text=""):
        path = tmp_path / "heat.conf"
        path.write_text(text)
        conf = cfg.ConfigOpts()
        config.register(conf)
        conf(["--config-file", str(path)], project="heat", default_config_files=[])
        downstream = Downstream()
        factory = ec2token.EC2Token_filter_factory({wsgi.CONF_KEY: conf})
        return factory(downstream), downstream

    return make


def endpoint_conf(keystone):
    return "[ec2authtoken]\nendpoint_override = %s/v3\n" % keystone.url


def code_of(response):
    return ElementTree.fromstring(response.body).findtext("Error/Code")


def test_unsigned_request_is_incomplete_signature(make_filter):
    ec2_filter, downstream = make_filter()
    response = webob.Request.blank("/v1/?Action=ListStacks&AWSAccessKeyId=AKID").get_response(
        ec2_filter
    )
    assert response.status_int == 400
    assert code_of(response) == "IncompleteSignature"
    assert downstream.headers is None


def test_signature_without_access_key_is_missing_authentication_token(make_filter):
    ec2_filter, downstream = make_filter()
    response = webob.Request.blank("/v1/?Action=ListStacks&Signature=x").get_response(ec2_filter)
    assert response.status_int == 403
    assert code_of(response) == "MissingAuthenticationToken"


def test_error_envelope_follows_content_type(make_filter):
    ec2_filter, _downstream = make_filter()
    response = webob.Request.blank("/v1/?Action=ListStacks&ContentType=JSON").get_response(
        ec2_filter
    )
    assert response.json["ErrorResponse"]["Error"]["Code"] == "IncompleteSignature"


@pytest.mark.parametrize("path", ["/v1/?Action=ListStacks", "/v1/?Action=ListStacks&Signature=x"])
def test_request_with_keystone_user_passes_on_unchecked(make_filter, keystone, path):
    ec2_filter, downstream = make_filter(endpoint_conf(keystone))
    request = webob.Request.blank(path, headers={"X-Auth-User": "alice", "X-Auth-Key": "pw"})
    assert request.get_response(ec2_filter).status_int == 200
    assert downstream.headers["X-Auth-User"] == "alice"
    assert keystone.requests == []


def test_request_with_keystone_token_passes_on_unchecked(make_filter, keystone):
    ec2_filter, downstream = make_filter(endpoint_conf(keystone))
    request = webob.Request.blank("/v1/?Action=ListStacks", headers={"X-Auth-Token": "tok"})
    assert request.get_response(ec2_filter).status_int == 200
    assert downstream.headers["X-Auth-Token"] == "tok"
    assert keystone.requests == []


def test_keystone_gets_the_credentials_document(make_filter, keystone):
    ec2_filter, _downstream = make_filter(endpoint_conf(keystone))
    request = webob.Request.blank(SIGNED_V2)
    expected = ec2credentials.keystone_document(request, "AKID", "c2ln")
    request.get_response(ec2_filter)
    ((headers, body),) = keystone.ec2_requests()
    assert body == expected
    assert headers["Content-Type"] == "application/json"


def test_accepted_credentials_set_the_identity_headers(make_filter, keystone):
    ec2_filter, downstream = make_filter(endpoint_conf(keystone))
    assert webob.Request.blank(SIGNED_V2).get_response(ec2_filter).status_int == 200
    headers = downstream.headers
    assert headers["X-Auth-Token"] == fake_keystone.USER_TOKEN
    assert headers["X-Tenant-Id"] == headers["X-Project-Id"] == "tenant-1"
    assert headers["X-Tenant-Name"] == "demo"
    assert headers["X-User-Id"] == "user-1"
    assert headers["X-Roles"] == "member,reader"
    assert headers["X-Auth-Url"] == keystone.url + "/v3"
    assert json.loads(headers["X-Auth-Ec2-Creds"]) == {
        "ec2Credentials": {"access": "AKID", "signature": "c2ln"}
    }


@pytest.mark.parametrize(
    "message, status, code",
    [
        ("EC2 access key not found.", 404, "InvalidClientTokenId"),
        ("EC2 signature not supplied.", 401, "SignatureDoesNotMatch"),
        # Keystone's answer to a wrong signature outside insecure_debug mode.
        ("The request you have made requires authentication.", 401, "SignatureDoesNotMatch"),
        ("You are not authorized to perform the requested action.", 403, "AccessDenied"),
    ],
)
def test_keystone_refusals_map_to_aws_errors(make_filter, keystone, message, status, code):
    keystone.ec2_answer = fake_keystone.refused(message, status)
    ec2_filter, downstream = make_filter(endpoint_conf(keystone))
    response = webob.Request.blank(SIGNED_V2).get_response(ec2_filter)
    assert response.status_int == 403
    assert code_of(response) == code
    assert downstream.headers is None


def test_service_credentials_authenticate_the_ec2tokens_call(make_filter, keystone):
    ec2_filter, _downstream = make_filter(
        "[ec2authtoken]\nauth_type = v3password\nauth_url = %s/v3\nusername = heat\n"
        "password = secret\nuser_domain_id = default\nproject_name = service\n"
        "project_domain_id = default\n" % keystone.url
    )
    assert webob.Request.blank(SIGNED_V2).get_response(ec2_filter).status_int == 200
    auth = [body for path, _headers, body in keystone.requests if path == "/v3/auth/tokens"]
    assert auth[0]["auth"]["identity"]["password"]["user"]["name"] == "heat"
    ((headers, _body),) = keystone.ec2_requests()
    assert headers["X-Auth-Token"] == fake_keystone.SERVICE_TOKEN


def test_multi_cloud_tries_each_cloud_in_turn(make_filter, keystone):
    with fake_keystone.FakeKeystone() as refusing:
        refusing.ec2_answer = fake_keystone.refused("EC2 access key not found.")
        ec2_filter, downstream = make_filter(
            "[ec2authtoken]\nmulti_cloud = true\nclouds = east,west\n"
            "[ec2authtoken.east]\nendpoint_override = %s\n"
            "[ec2authtoken.west]\nendpoint_override = %s/v3/\n" % (refusing.url, keystone.url)
        )
        assert webob.Request.blank(SIGNED_V2).get_response(ec2_filter).status_int == 200
        assert len(refusing.ec2_requests()) == 1
    assert downstream.headers["X-Auth-Url"] == keystone.url + "/v3"


def test_multi_cloud_reports_the_last_refusal(make_filter, keystone):
    keystone.ec2_answer = fake_keystone.refused("EC2 signature not supplied.")
    ec2_filter, _downstream = make_filter(
        "[ec2authtoken]\nmulti_cloud = true\nclouds = only\n"
        "[ec2authtoken.only]\nendpoint_override = %s\n" % keystone.url
    )
    assert code_of(webob.Request.blank(SIGNED_V2).get_response(ec2_filter)) == (
        "SignatureDoesNotMatch"
    )


def test_multi_cloud_without_clouds_is_internal_failure(make_filter):
    ec2_filter, _downstream = make_filter("[ec2authtoken]\nmulti_cloud = true\n")
    response = webob.Request.blank(SIGNED_V2).get_response(ec2_filter)
    assert response.status_int == 500
    assert code_of(response) == "InternalFailure"


def test_without_keystone_url_is_internal_failure(make_filter):
    ec2_filter, _downstream = make_filter()
    response = webob.Request.blank(SIGNED_V2).get_response(ec2_filter)
    assert response.status_int == 500
    assert code_of(response) == "InternalFailure"


def test_clients_keystone_auth_uri_is_the_fallback_url(make_filter, keystone):
    ec2_filter, _downstream = make_filter("[clients_keystone]\nauth_uri = %s\n" % keystone.url)
    assert webob.Request.blank(SIGNED_V2).get_response(ec2_filter).status_int == 200
    assert len(keystone.ec2_requests()) == 1


def test_unreachable_keystone_is_service_unavailable(make_filter):
    ec2_filter, _downstream = make_filter(
        "[ec2authtoken]\nendpoint_override = http://127.0.0.1:9\n"
    )
    response = webob.Request.blank(SIGNED_V2).get_response(ec2_filter)
    assert response.status_int == 503
    assert code_of(response) == "ServiceUnavailable"


def test_client_identity_headers_are_replaced(make_filter, keystone):
    ec2_filter, downstream = make_filter(endpoint_conf(keystone))
    spoofed = {"X-Roles": "admin", "X-User-Domain-Name": "evil", "X-Service-Catalog": "[]"}
    webob.Request.blank(SIGNED_V2, headers=spoofed).get_response(ec2_filter)
    assert downstream.headers["X-Roles"] == "member,reader"
    assert "X-User-Domain-Name" not in downstream.headers
    assert "X-Service-Catalog" not in downstream.headers
