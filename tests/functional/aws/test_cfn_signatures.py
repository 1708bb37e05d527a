"""How CloudFormation requests authenticate: the signature versions, endpoints and refusals."""

import botocore
import pytest
import requests
from botocore.exceptions import ClientError

from tests.functional.aws.cfn import client, error_code


@pytest.mark.parametrize("suffix", ["/v1", "/v1/"])
def test_endpoint_with_or_without_trailing_slash(aws_heat, demo_keys, described_stack, suffix):
    cloudformation = client(aws_heat.cfn_url + suffix, *demo_keys)
    stacks = cloudformation.describe_stacks(StackName=described_stack["StackName"])["Stacks"]
    assert stacks[0]["StackId"] == described_stack["StackId"]


def test_sigv4_header_is_boto3s_default(cloudformation, described_stack):
    seen = []

    def record(request, **_):
        seen.append(request.headers)  # returns None: the request is still sent

    cloudformation.meta.events.register("before-send.cloudformation.*", record)
    try:
        cloudformation.describe_stacks(StackName=described_stack["StackName"])
    finally:
        cloudformation.meta.events.unregister("before-send.cloudformation.*", record)
    assert seen[0]["Authorization"].startswith(b"AWS4-HMAC-SHA256 Credential=")


def test_sigv4_presigned_query(cloudformation, described_stack):
    url = cloudformation.generate_presigned_url(
        "describe_stacks", Params={"StackName": described_stack["StackName"]}, HttpMethod="GET"
    )
    assert "X-Amz-Signature=" in url
    answer = requests.get(url, timeout=30)
    assert answer.status_code == 200, answer.text
    assert "<StackId>%s</StackId>" % described_stack["StackId"] in answer.text


def test_sigv2(aws_heat, demo_keys, described_stack):
    cloudformation = client(aws_heat.cfn_url + "/v1", *demo_keys, signature_version="v2")
    stacks = cloudformation.describe_stacks(StackName=described_stack["StackName"])["Stacks"]
    assert stacks[0]["StackId"] == described_stack["StackId"]


def test_wrong_secret_is_signature_does_not_match(aws_heat, demo_keys):
    cloudformation = client(aws_heat.cfn_url + "/v1", demo_keys[0], "not-the-secret")
    with pytest.raises(ClientError) as raised:
        cloudformation.list_stacks()
    assert error_code(raised) == ("SignatureDoesNotMatch", 403)


def test_unknown_access_key_is_invalid_client_token_id(aws_heat):
    cloudformation = client(aws_heat.cfn_url + "/v1", "0123456789abcdef", "secret")
    with pytest.raises(ClientError) as raised:
        cloudformation.list_stacks()
    assert error_code(raised) == ("InvalidClientTokenId", 403)


def test_unsigned_request_is_incomplete_signature(aws_heat):
    cloudformation = client(aws_heat.cfn_url + "/v1", "x", "y", signature_version=botocore.UNSIGNED)
    with pytest.raises(ClientError) as raised:
        cloudformation.list_stacks()
    assert error_code(raised) == ("IncompleteSignature", 400)


def test_keystone_token_instead_of_a_signature(aws_heat, keystone, described_stack):
    answer = requests.get(
        aws_heat.cfn_url + "/v1/",
        params={"Action": "DescribeStacks", "StackName": described_stack["StackName"]},
        headers={"X-Auth-Token": keystone.user_token(keystone.demo)},
        timeout=30,
    )
    assert answer.status_code == 200, answer.text
    assert "<StackId>%s</StackId>" % described_stack["StackId"] in answer.text
