"""Build information and the engine services list. Scopes ``build_info`` and ``service``."""

import oslo_messaging as messaging
import webob.exc

from heat.api.openstack.v1 import controller, util
from heat.common import exception


class BuildInfoController(controller.Controller):
    """The revisions of the API and of the engine."""

    REQUEST_SCOPE = "build_info"

    @util.enforce_policy
    def build_info(self, request):
        """``{"api": {"revision": ...}, "engine": {"revision": ...}}``."""
        engine_revision = self.engine_client.get_revision(util.context_of(request))
        return {
            "api": {"revision": self.conf.revision.heat_revision},
            "engine": {"revision": engine_revision},
        }


class ServiceController(controller.Controller):
    """The heat-engine processes and their status."""

    REQUEST_SCOPE = "service"

    @util.enforce_policy
    def index(self, request):
        """Every engine service; 503 when no engine answers."""
        try:
            services = self.engine_client.list_services(util.context_of(request))
        except messaging.MessagingTimeout:
            raise webob.exc.HTTPServiceUnavailable(exception.EngineUnavailable().message)
        return {"services": services}
