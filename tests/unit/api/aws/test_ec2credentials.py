"""Signature and access key of EC2-signed requests (v2 and v4), and Keystone's document."""

import hashlib
import json

import webob

from heat.api.aws import ec2credentials

V4_HEADER = (
    "AWS4-HMAC-SHA256 Credential=AKID4/20240501/RegionOne/cloudformation/aws4_request, "
    "SignedHeaders=host;x-amz-date, Signature=f00dcafe"
)


def test_v2_query_signature_and_key():
    request = webob.Request.blank("/v1/?Action=ListStacks&AWSAccessKeyId=AKID2&Signature=c2ln")
    assert ec2credentials.signature(request) == "c2ln"
    assert ec2credentials.access_key(request) == "AKID2"


def test_v2_form_signature_and_key():
    request = webob.Request.blank(
        "/v1/", method="POST", body=b"Action=ListStacks&AWSAccessKeyId=AKID2&Signature=c2ln"
    )
    request.content_type = "application/x-www-form-urlencoded"
    assert ec2credentials.signature(request) == "c2ln"
    assert ec2credentials.access_key(request) == "AKID2"


def test_v4_query_signature_and_credential_up_to_the_first_slash():
    request = webob.Request.blank(
        "/v1/?X-Amz-Signature=abc&X-Amz-Credential=AKID4%2F20240501%2FRegionOne%2Fcfn%2Faws4_request"
    )
    assert ec2credentials.signature(request) == "abc"
    assert ec2credentials.access_key(request) == "AKID4"


def test_v4_authorization_header():
    request = webob.Request.blank("/v1/", headers={"Authorization": V4_HEADER})
    assert ec2credentials.signature(request) == "f00dcafe"
    assert ec2credentials.access_key(request) == "AKID4"


def test_unsigned_request_has_neither():
    request = webob.Request.blank("/v1/?Action=ListStacks", headers={"Authorization": "Bearer x"})
    assert ec2credentials.signature(request) is None
    assert ec2credentials.access_key(request) is None


def test_keystone_document_carries_what_the_signature_covers():
    request = webob.Request.blank(
        "/v1/?Action=ListStacks&AWSAccessKeyId=AKID2&Signature=c2ln&SignatureVersion=2",
        headers={"Host": "heat.example.com:8000"},
    )
    credentials = ec2credentials.keystone_document(request, "AKID2", "c2ln")["ec2Credentials"]
    assert credentials["access"] == "AKID2"
    assert credentials["signature"] == "c2ln"
    assert credentials["host"] == "heat.example.com:8000"
    assert credentials["verb"] == "GET"
    assert credentials["path"] == "/v1/"
    assert credentials["params"] == {
        "Action": "ListStacks",
        "AWSAccessKeyId": "AKID2",
        "SignatureVersion": "2",
    }
    assert credentials["headers"]["Host"] == "heat.example.com:8000"
    assert credentials["body_hash"] == hashlib.sha256(b"").hexdigest()


def test_keystone_document_leaves_a_presigned_v4_signature_out_of_the_params():
    request = webob.Request.blank(
        "/v1/?Action=ListStacks&X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=abc"
    )
    credentials = ec2credentials.keystone_document(request, "AKID4", "abc")["ec2Credentials"]
    assert credentials["params"] == {"Action": "ListStacks", "X-Amz-Algorithm": "AWS4-HMAC-SHA256"}


def test_ec2_creds_header_holds_access_and_signature():
    assert json.loads(ec2credentials.ec2_creds_header("AKID", "sig")) == {
        "ec2Credentials": {"access": "AKID", "signature": "sig"}
    }
