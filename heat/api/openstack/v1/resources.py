"""Resources of a stack: list, show, metadata, signal and mark unhealthy. Scope ``resource``."""

import webob.exc

from heat.api.openstack.v1 import body_fields, controller, util
from heat.api.openstack.v1.views import resources_view
from heat.common import param_utils
from heat.common.i18n import _
from heat.rpc import api as rpc_api

_FILTERS = {
    name: "mixed" for name in ("type", "status", "name", "action", "id", "physical_resource_id")
}
_MARK_UNHEALTHY = "mark_unhealthy"
_MARK_KEYS = (_MARK_UNHEALTHY, rpc_api.RES_STATUS_DATA)


class ResourceController(controller.Controller):
    """Resource calls of the v1 API."""

    REQUEST_SCOPE = "resource"

    @util.identified_stack
    def index(self, request, identity):
        """The stack's resources, optionally with nested stacks' down to ``nested_depth``."""
        known = set(_FILTERS) | {rpc_api.PARAM_NESTED_DEPTH, rpc_api.PARAM_WITH_DETAIL}
        unknown = sorted(set(request.params) - known)
        if unknown:
            raise webob.exc.HTTPBadRequest(_("Invalid filter parameters %s") % unknown)
        depth = util.int_param(request.params, rpc_api.PARAM_NESTED_DEPTH, default=0)
        detail = util.bool_param(request.params, rpc_api.PARAM_WITH_DETAIL)
        resources = self.engine_client.list_stack_resources(
            util.context_of(request),
            identity,
            nested_depth=min(depth, self.conf.max_nested_stack_depth),
            with_detail=detail,
            filters=util.allowed_params(request.params, _FILTERS),
        )
        return {
            "resources": [
                resources_view.format_resource(request, resource, detail) for resource in resources
            ]
        }

    @util.identified_stack
    def show(self, request, identity, resource_name):
        """One resource, with the attributes named by ``with_attr``."""
        with_attr = request.params.getall("with_attr") or None
        resource = self.engine_client.describe_stack_resource(
            util.context_of(request), identity, resource_name, with_attr
        )
        return {"resource": resources_view.format_resource(request, resource)}

    @util.identified_stack
    def metadata(self, request, identity, resource_name):
        """The resource's metadata."""
        resource = self.engine_client.describe_stack_resource(
            util.context_of(request), identity, resource_name, with_attr=False
        )
        return {"metadata": resource[rpc_api.RES_METADATA]}

    @util.identified_stack
    def signal(self, request, identity, resource_name, body=None):
        """Deliver the body to the resource as a signal."""
        self.engine_client.resource_signal(
            util.context_of(request), identity, resource_name, details=body
        )

    @util.identified_stack
    def mark_unhealthy(self, request, identity, resource_name, body):
        """Mark a resource (by name or physical id) unhealthy, or healthy again."""
        invalid = sorted(set(body) - set(_MARK_KEYS))
        if invalid:
            raise webob.exc.HTTPBadRequest(
                _("Invalid keys in resource mark unhealthy %s") % invalid
            )
        if _MARK_UNHEALTHY not in body:
            raise webob.exc.HTTPBadRequest(
                _("Missing mandatory (%s) key from mark unhealthy request") % _MARK_UNHEALTHY
            )
        try:
            mark = param_utils.extract_bool(_MARK_UNHEALTHY, body[_MARK_UNHEALTHY])
        except ValueError as error:
            raise webob.exc.HTTPBadRequest(str(error))
        self.engine_client.resource_mark_unhealthy(
            util.context_of(request),
            identity,
            resource_name,
            mark,
            resource_status_reason=body_fields.string(body, rpc_api.RES_STATUS_DATA) or "",
        )
