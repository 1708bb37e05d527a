"""Signals from servers, addressed by the receiving resource's ARN in the URL.

``PUT /v1/waitcondition/<arn>`` completes a wait condition handle and answers at once
with the handle's metadata (the handle, in the engine, checks the signal's format);
``POST /v1/signal/<arn>`` hands any JSON body to the resource and returns while the
engine processes it. Both carry JSON bodies, whatever the content type says, and answer
JSON (errors in the AWS envelope).
"""

import re

import webob
from oslo_config import cfg
from oslo_log import log as logging
from oslo_serialization import jsonutils

from heat.api.aws import exception, query, serializer
from heat.common import identifier
from heat.common.i18n import _
from heat.rpc import client as rpc_client

LOG = logging.getLogger(__name__)

_RESOURCE_PATH = re.compile(r"^/resources/[^/]+$")


def resource_identity(arn: str) -> identifier.ResourceIdentifier:
    """The identity of the resource an ARN names; InvalidParameterValue for other ARNs."""
    try:
        parsed = identifier.HeatIdentifier.from_arn(arn)
    except ValueError as error:
        raise exception.HeatInvalidParameterValueError(detail=str(error))
    if not _RESOURCE_PATH.match(parsed.path):
        raise exception.HeatInvalidParameterValueError(
            detail=_('"%s" is not the ARN of a resource') % arn
        )
    return identifier.ResourceIdentifier(
        parsed.tenant, parsed.stack_name, parsed.stack_id, parsed.path
    )


def json_body(request: webob.Request, limit: int):
    """The JSON document in the body, None for an empty body."""
    if request.content_length is not None and request.content_length > limit:
        raise exception.HeatRequestLimitExceeded()
    data = request.body_file.read(limit + 1) if request.content_length is None else request.body
    if len(data) > limit:
        raise exception.HeatRequestLimitExceeded()
    if not data.strip():
        return None
    try:
        return jsonutils.loads(data)
    except ValueError as error:
        raise exception.HeatInvalidParameterValueError(detail=_("Invalid JSON: %s") % error)


class SignalController:
    """Delivers wait condition and resource signals to the engine."""

    def __init__(self, engine: rpc_client.EngineClient, conf: cfg.ConfigOpts):
        self.engine = engine
        self.conf = conf

    def _deliver(self, request: webob.Request, arn: str, sync: bool):
        context = query.request_context(request)
        resource = resource_identity(arn)
        details = json_body(request, self.conf.max_json_body_size)
        result = self.engine.resource_signal(
            context,
            dict(resource.stack()),
            resource.resource_name,
            details=details,
            sync_call=sync,
        )
        return resource.resource_name, result

    def _answer(self, request: webob.Request, arn: str, sync: bool):
        try:
            name, result = self._deliver(request, arn, sync)
        except exception.HeatAPIException as error:
            return serializer.error_response(error, as_json=True)
        except Exception as error:  # the RPC boundary: every engine failure gets an AWS code
            mapped = exception.map_remote_error(error)
            log = LOG.exception if mapped.err_type == "Server" else LOG.info
            log("Signal to %s failed: %s", arn, error)
            return serializer.error_response(mapped, as_json=True)
        body = {"resource": name, "metadata": result} if sync else None
        response = webob.Response(status=200, content_type="application/json", charset="utf-8")
        response.text = jsonutils.dumps(body)
        return response

    def update_waitcondition(self, request: webob.Request, arn: str) -> webob.Response:
        """Complete a wait condition handle; 200 ``{"resource", "metadata"}``. The handle
        checks the body (an AWS handle wants exactly Status, Reason, Data and UniqueId)."""
        return self._answer(request, arn, sync=True)

    def signal(self, request: webob.Request, arn: str) -> webob.Response:
        """Hand a signal to a resource for asynchronous processing; 200 ``null``."""
        return self._answer(request, arn, sync=False)
