"""JSON request bodies and responses of the REST API.

A body is parsed only when the request has one (Content-Length > 0 or chunked), its
content type is JSON, plain text or absent, and it starts with ``{``. A body larger than
``max_json_body_size`` is refused with 413 before it is read; malformed JSON, and JSON
nested deeper than :data:`MAX_JSON_DEPTH`, are a 400 before anything recurses into it.
"""

import itertools

import webob
import webob.exc
from oslo_serialization import jsonutils

from heat.common import exception
from heat.common.i18n import _

JSON_CONTENT_TYPES = ("application/json", "text/plain", "")
# Far beyond any real template (a few tens of levels), far below the interpreter's
# recursion limit that parsing, the engine and the RPC serializer all recurse against.
MAX_JSON_DEPTH = 100
_DEPTH_STEP = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}
_NOT_BRACKETS = bytes(set(range(256)) - set(_DEPTH_STEP))


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


def nested_deeper_than(data: bytes, limit: int) -> bool:
    """Whether the brackets of JSON text ``data`` open more than ``limit`` levels deep.

    Counts brackets outside strings without recursing (escaped backslashes and quotes go
    first, then every other piece between quotes is string content)."""
    unescaped = data.replace(b"\\\\", b"").replace(b'\\"', b"")
    outside_strings = b"".join(unescaped.split(b'"')[0::2])
    brackets = outside_strings.translate(None, _NOT_BRACKETS)
    depths = itertools.accumulate(map(_DEPTH_STEP.__getitem__, brackets))
    return any(depth > limit for depth in depths)


def bounded_loads(text: str | bytes):
    """JSON text as a value; ValueError when it is malformed or nested deeper than
    :data:`MAX_JSON_DEPTH`, for JSON that arrives inside a body's strings."""
    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    if nested_deeper_than(data, MAX_JSON_DEPTH):
        raise ValueError(_("JSON body is nested deeper than %s levels.") % MAX_JSON_DEPTH)
    return jsonutils.loads(text)


def request_body(request: webob.Request, max_size: int):
    """The JSON object in the request body, or None when there is none to parse."""
    if not has_body(request) or request.content_type not in JSON_CONTENT_TYPES:
        return None
    data = _read_limited(request, max_size)
    if not data.lstrip().startswith(b"{"):
        return None
    if nested_deeper_than(data, MAX_JSON_DEPTH):
        reason = _("JSON body is nested deeper than %s levels.") % MAX_JSON_DEPTH
        raise webob.exc.HTTPBadRequest(detail=reason)
    try:
        return jsonutils.loads(data)
    except ValueError as error:
        raise webob.exc.HTTPBadRequest(detail=str(error))


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
