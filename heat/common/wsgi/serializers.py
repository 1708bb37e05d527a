"""JSON request bodies and responses of the REST API.

A body is parsed only when the request has one (Content-Length > 0 or chunked), its
content type is JSON, plain text or absent, and it starts with ``{``. A body larger than
``max_json_body_size`` is refused with 413 before it is read; malformed JSON is a 400.
"""

import webob
import webob.exc
from oslo_serialization import jsonutils

from heat.common import exception
from heat.common.i18n import _

JSON_CONTENT_TYPES = ("application/json", "text/plain", "")


def has_body(request: webob.Request) -> bool:
    """Whether the request carries a body at all."""
    if "chunked" in request.headers.get("Transfer-Encoding", "").lower():
        return True
    return bool(request.content_length)


def _too_large(size, limit) -> webob.exc.HTTPRequestEntityTooLarge:
    reason = _("JSON body size (%(size)s bytes) exceeds maximum allowed size (%(limit)s bytes).")
    error = exception.RequestLimitExceeded(message=reason % {"size": size, "limit": limit})
    return webob.exc.HTTPRequestEntityTooLarge(detail=str(error))


def _read_limited(request: webob.Request, limit: int) -> bytes:
    if request.content_length is not None:
        if request.content_length > limit:
            raise _too_large(request.content_length, limit)
        return request.body
    data = request.body_file.read(limit + 1)
    if len(data) > limit:
        raise _too_large(_("more than %s") % limit, limit)
    return data


def request_body(request: webob.Request, max_size: int):
    """The JSON object in the request body, or None when there is none to parse."""
    if not has_body(request) or request.content_type not in JSON_CONTENT_TYPES:
        return None
    data = _read_limited(request, max_size)
    if not data.lstrip().startswith(b"{"):
        return None
    try:
        return jsonutils.loads(data)
    except ValueError as error:
        raise webob.exc.HTTPBadRequest(detail=_("Invalid JSON: %s") % error)


def json_response(result, status: int = 200, headers=None) -> webob.Response:
    """A response whose body is ``result`` as JSON (``null`` for None)."""
    response = webob.Response(status=status, content_type="application/json", charset="utf-8")
    response.text = jsonutils.dumps(result)
    for name, value in (headers or {}).items():
        response.headers[name] = value
    return response


def empty_response(status: int, headers=None) -> webob.Response:
    """A response without a body, e.g. 202 Accepted, 204 No Content or a 302 redirect."""
    response = webob.Response(status=status)
    response.content_type = None
    response.body = b""
    for name, value in (headers or {}).items():
        response.headers[name] = value
    return response
