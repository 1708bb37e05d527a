"""faultwrap: every exception below it becomes Heat's JSON error body with a mapped status.

The status is chosen by exception class name, walking the class's bases (so a
``StackNotFound_Remote`` from RPC maps like ``EntityNotFound``); unknown errors are 500.
The body is ``{"code", "title", "explanation", "error": {"type", "message", "traceback"}}``
where ``message`` appears only for safe errors and ``traceback`` only with ``debug``.
"""

import traceback

import oslo_messaging as messaging
import webob
import webob.dec
import webob.exc
from oslo_config import cfg
from oslo_log import log as logging

from heat.common import exception, wsgi

LOG = logging.getLogger(__name__)
REMOTE_SUFFIX = "_Remote"

_STATUS_BY_NAME = {
    400: (
        "AttributeError ValueError ResourceActionNotSupported PhysicalResourceNameAmbiguity "
        "PhysicalResourceIDAmbiguity StackValidationFailed InvalidSchemaError "
        "InvalidTemplateReference InvalidTemplateVersion InvalidTemplateSection "
        "UnknownUserParameter NotSupported MissingCredentialError UserParameterMissing "
        "RequestLimitExceeded DownloadLimitExceeded Invalid ResourcePropertyConflict "
        "PropertyUnspecifiedError ObjectFieldInvalid ReadOnlyFieldError ObjectActionError "
        "IncompatibleObjectVersion OrphanedObjectError UnsupportedObjectError "
        "ResourceTypeUnavailable InvalidBreakPointHook ImmutableParameterModified "
        "CircularDependencyException InvalidRestrictedAction ConflictingMergeStrategyForParam "
        "InvalidMergeStrategyForParam InvalidExternalResourceDependency"
    ),
    403: "InvalidTenant Forbidden",
    404: "EntityNotFound NotFound ResourceNotAvailable ChangeSetNotFound",
    409: (
        "ActionInProgress StackExists StackTerminationProtected ChangeSetExists "
        "InvalidChangeSetStatus"
    ),
    500: (
        "InvalidGlobalResource RevertFailed StopActionFailed EventSendFailed "
        "ServerBuildFailed InvalidEncryptionKey"
    ),
    503: "EngineUnavailable MessagingTimeout",
}
_KEPT_HEADERS = ("allow", "location", "www-authenticate", "retry-after")
ERROR_STATUS = {name: code for code, names in _STATUS_BY_NAME.items() for name in names.split()}


def _plain_name(name: str) -> str:
    return name[: -len(REMOTE_SUFFIX)] if name.endswith(REMOTE_SUFFIX) else name


def status_of(error: BaseException) -> int:
    """The HTTP status of an exception: its first mapped class name in method resolution order."""
    if isinstance(error, webob.exc.HTTPException):
        return error.code
    if isinstance(error, messaging.RemoteError):
        return ERROR_STATUS.get(_plain_name(error.exc_type or ""), 500)
    for cls in type(error).__mro__:
        status = ERROR_STATUS.get(_plain_name(cls.__name__))
        if status is not None:
            return status
    return 500


def _describe(error: BaseException) -> tuple[str, str | None, str]:
    """(type name, message or None when not safe to show, traceback text)."""
    if isinstance(error, messaging.RemoteError):
        return _plain_name(error.exc_type or "RemoteError"), None, error.traceback or ""
    if isinstance(error, messaging.MessagingTimeout):
        engine_down = exception.EngineUnavailable()
        return type(engine_down).__name__, engine_down.message, traceback.format_exc()
    remote_trace = ""
    if type(error).__name__.endswith(REMOTE_SUFFIX):
        # oslo.messaging appends the engine's traceback to the text of remote errors.
        remote_trace = str(error).partition("\n")[2]
    trace = remote_trace or traceback.format_exc()
    if isinstance(error, webob.exc.HTTPException):
        return type(error).__name__, error.detail or error.explanation, trace
    if isinstance(error, exception.HeatException) and error.safe:
        return _plain_name(type(error).__name__), error.message, trace
    return _plain_name(type(error).__name__), None, trace


def error_body(error: BaseException, debug: bool) -> tuple[int, dict]:
    """The status and the JSON error document describing ``error``."""
    status = status_of(error)
    reference = webob.exc.status_map.get(status, webob.exc.HTTPInternalServerError)
    type_name, message, trace = _describe(error)
    detail = {"type": type_name, "traceback": trace if debug else None}
    if message is not None:
        detail["message"] = message
    return status, {
        "code": status,
        "title": reference.title,
        "explanation": reference.explanation,
        "error": detail,
    }


class FaultWrapper(wsgi.Middleware):
    """Turns exceptions raised by the rest of the pipeline into JSON error responses."""

    @webob.dec.wsgify
    def __call__(self, request):
        try:
            return request.get_response(self.application)
        except wsgi.CarriedHTTPError as carried:
            return self._answer(request, carried.error)
        except Exception as error:  # the API boundary: every failure becomes an error body
            return self._answer(request, error)

    def _answer(self, request, error):
        status, body = error_body(error, self._debug())
        if status >= 500:
            LOG.exception("Request %s %s failed", request.method, request.path)
        headers = getattr(error, "headers", None) or {}
        kept = {name: value for name, value in headers.items() if name.lower() in _KEPT_HEADERS}
        return wsgi.json_response(body, status=status, headers=kept)

    def _debug(self) -> bool:
        try:
            return bool(self.conf.debug)
        except cfg.NoSuchOptError:  # oslo.log's option, absent when logging is not set up
            return False
