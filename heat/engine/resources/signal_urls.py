"""Pre-signed CloudFormation signal URLs, as OpenStack Heat makes them.

A URL is ``<server>/waitcondition`` (answered by PUT) or ``<server>/signal`` (POST), then
the URL-quoted ARN of the resource, then the query of an EC2 signature version 2
(``HmacSHA256``) over the verb, the host, the *unquoted* path and the sorted query: the
WSGI server hands the API an unquoted path, which is what it checks the signature on.
"""

import base64
import datetime
import hashlib
import hmac
from collections.abc import Mapping
from urllib import parse

SIGNAL_TYPES = (WAITCONDITION, SIGNAL) = ("/waitcondition", "/signal")
VERBS = {WAITCONDITION: "PUT", SIGNAL: "POST"}
TIMESTAMP_FORMAT = "%Y-%m-%dT%H:%M:%SZ"


def canonical_query(params: Mapping[str, str]) -> str:
    """The query string signature version 2 signs: sorted keys, RFC 3986 quoting."""
    return "&".join(
        "%s=%s" % (parse.quote(key, safe=""), parse.quote(str(params[key]), safe="-_~"))
        for key in sorted(params)
    )


def signature_v2(secret: str, verb: str, host: str, path: str, params: Mapping[str, str]) -> str:
    """The base64 HMAC-SHA256 signature version 2 of a request (``params`` without the
    signature)."""
    text = "\n".join((verb, host, path, canonical_query(params)))
    digest = hmac.new(secret.encode("utf-8"), text.encode("utf-8"), hashlib.sha256).digest()
    return base64.b64encode(digest).decode("ascii")


def signal_base_url(waitcondition_server_url: str | None, cfn_url: str, signal_type: str) -> str:
    """``<server>/waitcondition`` or ``<server>/signal``: from ``heat_waitcondition_server_url``
    when it is set, else from the CloudFormation API's URL."""
    if waitcondition_server_url:
        return waitcondition_server_url.replace(WAITCONDITION, signal_type)
    return cfn_url + signal_type


def presigned_url(
    base_url: str,
    arn_path: str,
    access: str,
    secret: str,
    signal_type: str = SIGNAL,
    now: datetime.datetime | None = None,
) -> str:
    """``base_url`` + ``arn_path`` (the quoted ARN) with a query signed by the keypair;
    without ``now`` the URL carries no ``Timestamp`` (it never expires)."""
    url = parse.urlparse(base_url)
    params = {"SignatureMethod": "HmacSHA256", "SignatureVersion": "2", "AWSAccessKeyId": access}
    if now is not None:
        params["Timestamp"] = now.strftime(TIMESTAMP_FORMAT)
    path = parse.unquote(url.path + arn_path)
    params["Signature"] = signature_v2(secret, VERBS[signal_type], url.netloc.lower(), path, params)
    return "%s%s?%s" % (base_url.lower(), arn_path, parse.urlencode(params))
