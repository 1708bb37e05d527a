"""custombackendauth: let a configured backend decide whether a request is authenticated.

The paste option ``backend`` names a class (``package.module.Class``) built with the
configuration; its ``authenticated(context)`` answers for the context taken from the
request headers. The default pipeline asks the engine (``authenticated_to_backend``).
"""

import webob.exc
from oslo_utils import importutils

from heat.common import context_middleware, wsgi
from heat.common.i18n import _

# The engine's backend (a name, as in api-paste.ini: heat.common must not import heat.api).
ENGINE_BACKEND = "heat.api.engine_client.EngineBackend"


class AuthProtocol(wsgi.Middleware):
    """Passes authenticated requests on and answers 401 to the others."""

    def __init__(self, application, conf, options=None, backend=None):
        super().__init__(application, conf, options)
        if backend is None:
            if not self.options.get("backend"):
                raise ValueError("custombackendauth needs the paste option 'backend'")
            backend = importutils.import_class(self.options["backend"])(conf)
        self.backend = backend

    def process_request(self, request):
        """Ask the backend about the caller; 401 when it says no."""
        if self.backend.authenticated(context_middleware.context_from_request(request)):
            return None
        reason = _("The backend did not authenticate the request.")
        body = {"code": 401, "title": "Unauthorized", "explanation": reason}
        return wsgi.json_response(body, status=webob.exc.HTTPUnauthorized.code)


def filter_factory(global_conf, **local_conf):
    """The factory OpenStack Heat's api-paste.ini names: without a ``backend`` option the
    engine decides, as there."""
    local_conf.setdefault("backend", ENGINE_BACKEND)
    return AuthProtocol.factory(global_conf, **local_conf)
