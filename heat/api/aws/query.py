"""The AWS Query protocol shared by the CloudFormation and CloudWatch APIs.

A request is a GET or a form POST whose ``Action`` parameter names an entry of the
app's action table. The app checks policy ``<scope>:<Action>`` for the caller's
project, calls the action's handler with a :class:`Call`, and answers the result in
the AWS envelope, XML by default or JSON with ``ContentType=JSON``.
"""

import dataclasses
from collections.abc import Callable, Mapping

import webob
import webob.dec
import webob.exc
from oslo_config import cfg
from oslo_log import log as logging

from heat.api.aws import exception, serializer
from heat.common import context as heat_context
from heat.common import policy
from heat.common.i18n import _
from heat.rpc import client as rpc_client

LOG = logging.getLogger(__name__)

CONTEXT_KEY = "context"
METHODS = ("GET", "POST")
# Where the Query API is served, with or without an earlier filter stripping ``/v1``.
QUERY_PATHS = frozenset({"", "/", "/v1", "/v1/"})


@dataclasses.dataclass(frozen=True)
class Call:
    """One Query request as an action handler sees it: who asks, with what, and the engine."""

    engine: rpc_client.EngineClient
    context: heat_context.RequestContext
    params: Mapping[str, str]
    conf: cfg.ConfigOpts


Handler = Callable[[Call], object]


def wants_json(request: webob.Request) -> bool:
    """Whether the caller asked for JSON (``ContentType=JSON``) rather than XML."""
    return request.params.get("ContentType") == "JSON"


def request_context(request: webob.Request) -> heat_context.RequestContext:
    """The context the auth pipeline attached; MissingAuthenticationToken without one."""
    context = request.environ.get(CONTEXT_KEY)
    if context is None:
        raise exception.HeatMissingAuthenticationTokenError()
    return context


class QueryApp:
    """WSGI app serving the ``actions`` table under policy scope ``scope``."""

    def __init__(
        self,
        actions: Mapping[str, Handler],
        scope: str,
        engine: rpc_client.EngineClient,
        conf: cfg.ConfigOpts,
    ):
        self.actions = actions
        self.engine = engine
        self.conf = conf
        self.enforcer = policy.Enforcer(conf, scope=scope)

    @webob.dec.wsgify
    def __call__(self, request):
        if request.path_info not in QUERY_PATHS:
            return webob.exc.HTTPNotFound()
        if request.method not in METHODS:
            return webob.exc.HTTPMethodNotAllowed(headers={"Allow": ",".join(METHODS)})
        as_json = wants_json(request)
        try:
            action, result = self._dispatch(request)
        except exception.HeatAPIException as error:
            return serializer.error_response(error, as_json)
        return serializer.result_response(action, result, as_json)

    def _handler(self, params: Mapping[str, str]) -> tuple[str, Handler]:
        action = params.get("Action")
        if not action:
            raise exception.HeatMissingActionError()
        handler = self.actions.get(action)
        if handler is None:
            raise exception.HeatInvalidActionError(detail=_("Unknown action %s") % action)
        return action, handler

    def _dispatch(self, request: webob.Request) -> tuple[str, object]:
        params = dict(request.params)
        action, handler = self._handler(params)
        context = request_context(request)
        call = Call(engine=self.engine, context=context, params=params, conf=self.conf)
        try:
            self.enforcer.enforce(context, action, is_registered_policy=True)
            return action, handler(call)
        except exception.HeatAPIException:
            raise
        except Exception as error:  # the RPC boundary: every engine failure gets an AWS code
            mapped = exception.map_remote_error(error)
            log = LOG.exception if mapped.err_type == "Server" else LOG.info
            log("%s failed: %s", action, error)
            raise mapped
