"""Routes-based dispatch and the JSON resource wrapper of the REST controllers.

``Router`` finds the route of a request and calls the ``Resource`` it names; an unknown
path raises ``HTTPNotFound`` for faultwrap to turn into Heat's error body (neither class
uses ``webob.dec.wsgify``, which would answer raised HTTP errors in plain text). ``Resource``
turns the request body into ``body=`` (see :mod:`heat.common.wsgi.serializers`), calls
the controller action with the route arguments and answers JSON.
"""

import contextlib
import inspect

import routes.middleware
import webob
import webob.exc

from heat.common.i18n import _
from heat.common.wsgi import serializers

# OpenStack Heat's answer to a request its action cannot take, e.g. a required body missing.
MALFORMED_REQUEST = _(
    "The server could not comply with the request since it is either malformed or "
    "otherwise incorrect."
)


class CarriedHTTPError(Exception):
    """A webob HTTP error on its way up to faultwrap.

    Filters built on ``webob.dec.wsgify`` (oslo.middleware's, keystonemiddleware's) answer
    a raised ``webob.exc.HTTPException`` themselves in plain text; wrapped in this class it
    passes them and faultwrap gives it Heat's JSON error body.
    """

    def __init__(self, error: webob.exc.HTTPError):
        super().__init__(str(error))
        self.error = error


@contextlib.contextmanager
def carry_http_errors():
    """Re-raise ``webob.exc.HTTPError`` raised in the block as :class:`CarriedHTTPError`."""
    try:
        yield
    except webob.exc.HTTPError as error:
        raise CarriedHTTPError(error) from error


class Router:
    """A WSGI app dispatching on a ``routes.Mapper`` whose routes name a ``controller``."""

    def __init__(self, mapper):
        self.map = mapper
        self._router = routes.middleware.RoutesMiddleware(
            self._dispatch, mapper, use_method_override=False
        )

    def __call__(self, environ, start_response):
        with carry_http_errors():
            return self._router(environ, start_response)

    @staticmethod
    def _dispatch(environ, start_response):
        match = environ["wsgiorg.routing_args"][1]
        if not match:
            raise webob.exc.HTTPNotFound()
        return match["controller"](environ, start_response)


class Resource:
    """Calls ``controller.<action>(request, **route_args[, body=...])`` and serializes the result.

    The action receives ``body`` only when its signature names it: None without a JSON
    object body when ``body`` has a default, else a 400 as OpenStack Heat answers.
    A ``webob.Response`` result is returned as it is; anything else becomes a 200 JSON answer.
    """

    def __init__(self, controller, max_body_size: int):
        self.controller = controller
        self.max_body_size = max_body_size

    def __call__(self, environ, start_response):
        request = webob.Request(environ)
        route_args = dict(request.environ["wsgiorg.routing_args"][1])
        action = getattr(self.controller, route_args.pop("action"))
        route_args.pop("controller", None)
        route_args.pop("format", None)
        with carry_http_errors():
            body_parameter = inspect.signature(action).parameters.get("body")
            if body_parameter is not None:
                route_args["body"] = self._body(request, body_parameter)
            result = action(request, **route_args)
        if not isinstance(result, webob.Response):
            result = serializers.json_response(result)
        return result(environ, start_response)

    def _body(self, request, parameter: inspect.Parameter):
        body = serializers.request_body(request, self.max_body_size)
        if body is None and parameter.default is inspect.Parameter.empty:
            raise webob.exc.HTTPBadRequest(detail=MALFORMED_REQUEST)
        return body
