"""Pre-signed CFN signal URLs: EC2 signature version 2 over the unquoted ARN path."""

import datetime
from urllib import parse

from keystoneclient.contrib.ec2 import utils as ec2_utils

from heat.common import identifier
from heat.engine.resources import signal_urls

ACCESS, SECRET = "4567", "8901"
HANDLE = identifier.ResourceIdentifier("tenant-1", "web", "b1-2", "", "handle")
NOW = datetime.datetime(2024, 5, 1, 10, 0, 0)


def query_of(url: str) -> dict[str, str]:
    return dict(parse.parse_qsl(parse.urlsplit(url).query))


def keystone_signature(url: str, verb: str) -> str:
    """The signature Keystone computes for the request the URL makes (as heat-api-cfn
    hands it the host, the unquoted path and the query without Signature)."""
    parts = parse.urlsplit(url)
    params = query_of(url)
    params.pop("Signature")
    request = {"host": parts.netloc, "verb": verb, "path": parse.unquote(parts.path)}
    return ec2_utils.Ec2Signer(SECRET).generate(dict(request, params=params))


def test_signature_is_the_one_keystone_checks():
    url = signal_urls.presigned_url(
        "http://127.0.0.1:8000/v1/waitcondition",
        HANDLE.arn_url_path(),
        ACCESS,
        SECRET,
        signal_urls.WAITCONDITION,
        now=NOW,
    )
    assert query_of(url)["Signature"] == keystone_signature(url, "PUT")


def test_signal_urls_are_signed_for_post():
    base = "http://127.0.0.1:8000/v1/signal"
    url = signal_urls.presigned_url(base, HANDLE.arn_url_path(), ACCESS, SECRET, now=NOW)
    assert query_of(url)["Signature"] == keystone_signature(url, "POST")


def test_url_holds_the_quoted_arn_and_the_signature_parameters():
    base = "http://Heat.Example:8000/v1/waitcondition"
    url = signal_urls.presigned_url(
        base, HANDLE.arn_url_path(), ACCESS, SECRET, signal_urls.WAITCONDITION, now=NOW
    )
    assert url.startswith("http://heat.example:8000/v1/waitcondition/arn%3Aopenstack%3Aheat%3A%3A")
    assert identifier.ResourceIdentifier.from_arn_url(url).resource_name == "handle"
    query = query_of(url)
    assert query["AWSAccessKeyId"] == ACCESS
    assert query["SignatureMethod"] == "HmacSHA256"
    assert query["SignatureVersion"] == "2"
    assert query["Timestamp"] == "2024-05-01T10:00:00Z"


def test_url_without_time_never_expires():
    url = signal_urls.presigned_url("http://h/v1/signal", HANDLE.arn_url_path(), ACCESS, SECRET)
    assert "Timestamp" not in query_of(url)
    assert query_of(url)["Signature"] == keystone_signature(url, "POST")


def test_another_path_does_not_match_the_signature():
    url = signal_urls.presigned_url("http://h/v1/signal", HANDLE.arn_url_path(), ACCESS, SECRET)
    other = identifier.ResourceIdentifier("tenant-1", "web", "b1-2", "", "other")
    forged = url.replace(HANDLE.arn_url_path(), other.arn_url_path())
    assert query_of(forged)["Signature"] != keystone_signature(forged, "POST")


def test_canonical_query_sorts_and_quotes():
    params = {"b": "x y", "a": "1/2", "c": "~-_."}
    assert signal_urls.canonical_query(params) == "a=1%2F2&b=x%20y&c=~-_."


def test_base_url_comes_from_the_waitcondition_server_url():
    configured = "http://cfn:8000/v1/waitcondition"
    assert signal_urls.signal_base_url(configured, "", signal_urls.SIGNAL) == (
        "http://cfn:8000/v1/signal"
    )
    assert signal_urls.signal_base_url(configured, "", signal_urls.WAITCONDITION) == configured


def test_base_url_falls_back_to_the_cfn_endpoint():
    assert signal_urls.signal_base_url(None, "http://cfn:8000/v1", signal_urls.SIGNAL) == (
        "http://cfn:8000/v1/signal"
    )
