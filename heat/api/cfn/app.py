"""The CloudFormation-compatible service: the Query API on ``/`` and the signal URLs.

``/``, ``/v1`` and ``/v1/`` (with or without the version prefix stripped by an
earlier filter) serve the Query actions; ``PUT [/v1]/waitcondition/<arn>`` and
``POST [/v1]/signal/<arn>`` take signals from servers.
"""

import re

import webob.dec
import webob.exc
from oslo_config import cfg

from heat.api.aws import query
from heat.api.cfn import actions, signal
from heat.rpc import client as rpc_client

SCOPE = "cloudformation"
WAITCONDITION_PATH = re.compile(r"^(?:/v1)?/waitcondition/(?P<arn>.+)$")
SIGNAL_PATH = re.compile(r"^(?:/v1)?/signal/(?P<arn>.+)$")


class CfnApp:
    """WSGI app of heat-api-cfn: routes a request to the Query API or a signal handler."""

    def __init__(self, engine: rpc_client.EngineClient, conf: cfg.ConfigOpts):
        self.query = query.QueryApp(actions.ACTIONS, SCOPE, engine, conf)
        signals = signal.SignalController(engine, conf)
        # (path pattern, method, handler(request, arn)); the route table as data.
        self.signal_routes = (
            (WAITCONDITION_PATH, "PUT", signals.update_waitcondition),
            (SIGNAL_PATH, "POST", signals.signal),
        )

    @webob.dec.wsgify
    def __call__(self, request):
        if request.path_info in query.QUERY_PATHS:
            return self.query
        for pattern, method, handler in self.signal_routes:
            match = pattern.match(request.path_info)
            if match is None:
                continue
            if request.method != method:
                return webob.exc.HTTPMethodNotAllowed(headers={"Allow": method})
            return handler(request, match.group("arn"))
        return webob.exc.HTTPNotFound()
