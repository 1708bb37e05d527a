"""The EC2 credentials of a signed request, and the document Keystone checks them with.

Signature versions 0 to 3 put ``Signature`` and ``AWSAccessKeyId`` in the query (or
form); version 4 puts ``X-Amz-Signature`` and ``X-Amz-Credential`` there, or
``Credential=`` and ``Signature=`` in the ``Authorization`` header. A v4 credential is
``<access key>/<date>/<region>/<service>/aws4_request``.
"""

import hashlib
import json

import webob

# Query parameters carrying the signature, which the signature cannot cover.
SIGNATURE_PARAMS = ("Signature", "X-Amz-Signature")


def _authorization_field(request: webob.Request, name: str) -> str | None:
    """The value of ``<name>=`` in a v4 ``Authorization`` header, if there is one."""
    header = request.headers.get("Authorization")
    if not header:
        return None
    value = header.partition(name + "=")[2].split(",")[0].strip()
    return value or None


def signature(request: webob.Request) -> str | None:
    """The request's signature, whichever signature version carries it."""
    return (
        request.params.get("Signature")
        or request.params.get("X-Amz-Signature")
        or _authorization_field(request, "Signature")
    )


def access_key(request: webob.Request) -> str | None:
    """The access key id the request was signed with."""
    if request.params.get("AWSAccessKeyId"):
        return request.params["AWSAccessKeyId"]
    credential = request.params.get("X-Amz-Credential") or _authorization_field(
        request, "Credential"
    )
    if not credential:
        return None
    return credential.split("/", 1)[0] or None


def keystone_document(request: webob.Request, access: str, signed: str) -> dict:
    """The body Keystone's ``POST /v3/ec2tokens`` checks: everything the signature covers.

    The parameters exclude the signature itself (``Signature``, or ``X-Amz-Signature`` of
    a pre-signed v4 URL, which its canonical query leaves out); v4 signatures also cover
    the body, whose SHA-256 is sent instead of the body.
    """
    params = dict(request.params)
    for name in SIGNATURE_PARAMS:
        params.pop(name, None)
    return {
        "ec2Credentials": {
            "access": access,
            "signature": signed,
            "host": request.host,
            "verb": request.method,
            "path": request.path,
            "params": params,
            "headers": dict(request.headers),
            "body_hash": hashlib.sha256(request.body).hexdigest(),
        }
    }


def ec2_creds_header(access: str, signed: str) -> str:
    """``X-Auth-EC2-Creds``: the credentials the engine may keep for deferred work."""
    return json.dumps({"ec2Credentials": {"access": access, "signature": signed}})
