"""context: build the :class:`RequestContext` of a request from its identity headers.

The headers come from keystonemiddleware (or authpassword, ec2token, noauth). The
context lands in ``environ['context']``; ``is_admin`` follows the ``context_is_admin``
policy rule.
"""

import json

from oslo_middleware import request_id

from heat.common import context, policy, wsgi

_HEADER_FIELDS = {
    "auth_token": "X-Auth-Token",
    "user_id": "X-User-Id",
    "user_name": "X-User-Name",
    "user_domain_id": "X-User-Domain-Id",
    "user_domain_name": "X-User-Domain-Name",
    "project_domain_id": "X-Project-Domain-Id",
    "project_domain_name": "X-Project-Domain-Name",
    "auth_url": "X-Auth-Url",
    "region_name": "X-Region-Name",
}


def _first_header(headers, *names):
    for name in names:
        if headers.get(name):
            return headers[name]
    return None


def _service_catalog(headers):
    text = headers.get("X-Service-Catalog")
    if not text:
        return []
    try:
        return json.loads(text)
    except ValueError:
        return []


def _credentials(headers) -> dict:
    if headers.get("X-Auth-User") is not None:
        return {"username": headers["X-Auth-User"], "password": headers.get("X-Auth-Key")}
    if headers.get("X-Auth-EC2-Creds") is not None:
        return {"aws_creds": headers["X-Auth-EC2-Creds"]}
    return {}


def context_from_request(request) -> context.RequestContext:
    """A RequestContext (not yet admin-checked) from the identity headers of ``request``."""
    headers = request.headers
    values = {field: headers.get(header) for field, header in _HEADER_FIELDS.items()}
    roles = headers.get("X-Roles", "")
    return context.RequestContext(
        project_id=_first_header(headers, "X-Project-Id", "X-Tenant-Id"),
        project_name=_first_header(headers, "X-Project-Name", "X-Tenant-Name", "X-Tenant"),
        roles=[role.strip() for role in roles.split(",") if role.strip()],
        service_catalog=_service_catalog(headers),
        auth_token_info=request.environ.get("keystone.token_info"),
        request_id=request.environ.get(request_id.ENV_REQUEST_ID),
        global_request_id=request.environ.get(request_id.GLOBAL_REQ_ID),
        is_admin=False,
        **values,
        **_credentials(headers),
    )


class ContextMiddleware(wsgi.Middleware):
    """Puts the caller's RequestContext in ``environ['context']``."""

    def __init__(self, application, conf, options=None):
        super().__init__(application, conf, options)
        self.enforcer = policy.Enforcer(conf)

    def process_request(self, request):
        """Attach the context; the request always continues."""
        request_context = context_from_request(request)
        request_context.is_admin = self.enforcer.check_is_admin(request_context)
        request.environ["context"] = request_context
        return None
