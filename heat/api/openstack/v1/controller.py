"""Base of the v1 controllers: configuration, engine client and the scope's policy checks."""

from heat.api.openstack.v1 import util
from heat.common import policy


class Controller:
    """A controller of one policy scope (``stacks``, ``resource``, ``events``, ...)."""

    REQUEST_SCOPE = ""

    def __init__(self, conf, engine_client):
        self.conf = conf
        self.engine_client = engine_client
        self.policy = policy.Enforcer(conf, scope=self.REQUEST_SCOPE)

    def authorize(self, request, tenant_id: str, action: str) -> None:
        """403 unless the caller may do ``<scope>:<action>`` in project ``tenant_id``."""
        util.check_tenant(request, tenant_id)
        self.enforce(request, tenant_id, action)

    def enforce(self, request, tenant_id: str, action: str) -> None:
        """The policy check alone, for actions chosen after the tenant check."""
        self.policy.enforce(
            util.context_of(request),
            action,
            target={"project_id": tenant_id},
            is_registered_policy=True,
        )
