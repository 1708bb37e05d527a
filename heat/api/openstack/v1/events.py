"""Events of a stack or of one of its resources. Policy scope ``events``."""

import webob.exc

from heat.api.openstack.v1 import controller, event_stream, util
from heat.api.openstack.v1.views import events_view
from heat.common.i18n import _
from heat.rpc import api as rpc_api

_PAGE_PARAMS = {"marker": "single", "sort_dir": "single", "sort_keys": "multi"}
_FILTERS = {
    name: "mixed"
    for name in ("resource_status", "resource_action", "resource_name", "resource_type")
}


class EventController(controller.Controller):
    """Event calls of the v1 API."""

    REQUEST_SCOPE = "events"

    def _events(self, request, identity, filters, detail=False, **page):
        events = self.engine_client.list_events(
            util.context_of(request), identity, filters=filters, **page
        )
        keys = None if detail else events_view.SUMMARY_KEYS
        return [events_view.format_event(request, event, keys) for event in events]

    @util.identified_stack
    def index(self, request, identity, resource_name=None):
        """Events of the stack (or of one resource: 404 when it has none); with ``Accept:
        text/event-stream``, the stack's events as they come (:mod:`event_stream`)."""
        params = request.params
        if resource_name is None and event_stream.wanted(request):
            return self._stream(request, identity)
        page = util.allowed_params(params, _PAGE_PARAMS)
        page["limit"] = util.int_param(params, rpc_api.PARAM_LIMIT)
        page["nested_depth"] = util.int_param(params, rpc_api.PARAM_NESTED_DEPTH, default=0)
        filters = util.allowed_params(params, _FILTERS)
        if resource_name is not None:
            filters["resource_name"] = resource_name
        events = self._events(request, identity, filters or None, **page)
        if not events and resource_name is not None:
            raise webob.exc.HTTPNotFound(_("No events found for resource %s") % resource_name)
        return {"events": events}

    def _stream(self, request, identity):
        marker = request.headers.get("Last-Event-ID") or request.params.get("marker")
        nested_depth = util.int_param(request.params, rpc_api.PARAM_NESTED_DEPTH, default=0)
        stream = event_stream.EventStream(
            self.engine_client, util.context_of(request), request, identity, marker, nested_depth
        )
        return event_stream.response(request, stream.open())

    @util.identified_stack
    def show(self, request, identity, resource_name, event_id):
        """One event in full; 404 when there is no such event."""
        filters = {"resource_name": resource_name, "uuid": event_id}
        events = self._events(request, identity, filters, detail=True)
        if not events:
            raise webob.exc.HTTPNotFound(_("No event %s found") % event_id)
        return {"event": events[0]}
