"""Helpers shared by the v1 controllers: tenant and policy checks, query-string parsing.

Every action first checks that ``{tenant_id}`` is the caller's project (an administrator
may name any project) and then the policy rule ``<scope>:<action>`` with that project as
target; a mismatch or a denial is a 403.
"""

import functools

import webob.exc

from heat.common import identifier, param_utils
from heat.common.i18n import _


def context_of(request):
    """The RequestContext the context filter attached to ``request``."""
    return request.environ["context"]


def check_tenant(request, tenant_id: str) -> None:
    """403 unless ``tenant_id`` is the caller's project or the caller is an administrator."""
    context = context_of(request)
    if context.project_id != tenant_id and not context.is_admin:
        raise webob.exc.HTTPForbidden(
            _("The project %s in the URL is not the project of the token.") % tenant_id
        )


def enforce_policy(handler):
    """Tenant check, then the policy rule named after the handler; drops ``tenant_id``."""

    @functools.wraps(handler)
    def checked(controller, request, tenant_id, **kwargs):
        controller.authorize(request, tenant_id, handler.__name__)
        return handler(controller, request, **kwargs)

    return checked


def identified_stack(handler):
    """Like :func:`enforce_policy`, passing the stack's identity instead of name and id."""

    @functools.wraps(handler)
    def checked(controller, request, tenant_id, stack_name, stack_id, **kwargs):
        controller.authorize(request, tenant_id, handler.__name__)
        identity = identifier.HeatIdentifier(tenant_id, stack_name, stack_id)
        return handler(controller, request, identity, **kwargs)

    return checked


def _bad_request_on_value_error(parse, *args, **kwargs):
    try:
        return parse(*args, **kwargs)
    except ValueError as error:
        raise webob.exc.HTTPBadRequest(str(error))


def bool_param(params, name: str, default: bool = False) -> bool:
    """A true/false query parameter; 400 on any other value."""
    if name not in params:
        return default
    return _bad_request_on_value_error(param_utils.extract_bool, name, params[name])


def int_param(params, name: str, default=None, allow_zero: bool = True):
    """A non-negative integer query parameter; 400 on any other value."""
    if name not in params:
        return default
    return _bad_request_on_value_error(
        param_utils.extract_int, name, params[name], allow_zero=allow_zero
    )


def tags_param(value):
    """Tags from a comma-separated string; 400 when a tag is too long."""
    return _bad_request_on_value_error(param_utils.extract_tags, value)


def allowed_params(params, allowed: dict[str, str]) -> dict:
    """Query parameters named in ``allowed``, each ``single`` (last value), ``multi``
    (list) or ``mixed`` (a value, or a list when repeated)."""
    result = {}
    for name, kind in allowed.items():
        values = params.getall(name)
        if not values:
            continue
        if kind == "single":
            result[name] = values[-1]
        elif kind == "multi" or len(values) > 1:
            result[name] = values
        else:
            result[name] = values[0]
    return result
