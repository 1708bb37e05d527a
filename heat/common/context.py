"""The request context: who is calling, for which project, with which credentials.

It travels with every RPC message (as a dict, see :mod:`heat.common.messaging`) so
the engine acts with the caller's identity.
"""

from oslo_context import context

_HEAT_FIELDS = (
    "username",
    "password",
    "aws_creds",
    "auth_url",
    "trust_id",
    "trustor_user_id",
    "region_name",
    "auth_token_info",
    "tenant",
    "user_identity_override",
    "service_catalog",
)


class RequestContext(context.RequestContext):
    """oslo.context's context plus the credentials Heat needs for deferred work."""

    def __init__(
        self,
        username=None,
        password=None,
        aws_creds=None,
        auth_url=None,
        trust_id=None,
        trustor_user_id=None,
        region_name=None,
        auth_token_info=None,
        tenant=None,
        tenant_id=None,
        user_identity_override=None,
        service_catalog=None,
        **kwargs,
    ):
        kwargs.setdefault("project_id", tenant_id)
        super().__init__(**kwargs)
        # A token-authenticated request names its user only in oslo's user_name; it is the
        # username stacks record as their owner (oslo's to_dict does not carry user_name).
        self.username = username if username or password else self.user_name
        self.password = password
        self.aws_creds = aws_creds
        self.auth_url = auth_url
        self.trust_id = trust_id
        self.trustor_user_id = trustor_user_id
        self.region_name = region_name
        self.auth_token_info = auth_token_info
        self.tenant = tenant or kwargs.get("project_name")
        self.user_identity_override = user_identity_override
        self.service_catalog = service_catalog

    @property
    def tenant_id(self):
        return self.project_id

    def to_dict(self):
        values = super().to_dict()
        values.update({field: getattr(self, field) for field in _HEAT_FIELDS})
        values["tenant_id"] = self.project_id
        return values

    @classmethod
    def from_dict(cls, values):
        heat_values = {field: values.get(field) for field in _HEAT_FIELDS}
        heat_values["tenant_id"] = values.get("tenant_id")
        return super().from_dict(values, **heat_values)


def get_admin_context(show_deleted=False):
    """A context for the service's own housekeeping (periodic tasks, heat-manage)."""
    return RequestContext(is_admin=True, show_deleted=show_deleted, overwrite=False)


def ContextMiddleware_filter_factory(global_conf, **local_conf):  # noqa: N802 (paste's name)
    """The name OpenStack Heat's api-paste.ini gives the context filter's factory."""
    from heat.common import context_middleware  # it imports this module

    return context_middleware.ContextMiddleware.factory(global_conf, **local_conf)
