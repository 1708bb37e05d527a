"""Errors of the AWS-compatible Query APIs (CloudFormation, CloudWatch) and EC2 authentication.

Each error knows its HTTP status (``code``), its AWS error code (``title``), the
generic text of that code (``explanation``) and who is at fault (``err_type``:
``Sender`` or ``Server``). The body is the AWS envelope
``{"ErrorResponse": {"Error": {"Type", "Code", "Message"}}}``, where the message is
``<explanation>:<detail>`` when a detail is given. :func:`map_remote_error` turns
what an engine call raised into one of these.
"""

import oslo_messaging
import webob.exc

from heat.common.i18n import _


class HeatAPIException(Exception):
    """Base of the AWS errors; ``detail`` is appended to the explanation after a colon."""

    code = 400
    title = "HeatAPIException"
    explanation = _("Generic AWS API error; raise one of its subclasses.")
    err_type = "Sender"

    def __init__(self, detail: str | None = None):
        self.detail = detail
        message = "%s:%s" % (self.explanation, detail) if detail else self.explanation
        self.message = message
        super().__init__(message)

    @property
    def status(self) -> str:
        """The HTTP status line, e.g. ``403 Forbidden``."""
        return "%d %s" % (self.code, webob.exc.status_map[self.code].title)

    def body(self) -> dict:
        """The AWS error envelope of this error."""
        error = {"Type": self.err_type, "Code": self.title, "Message": self.message}
        return {"ErrorResponse": {"Error": error}}


class HeatIncompleteSignatureError(HeatAPIException):
    title = "IncompleteSignature"
    explanation = _("The request signature does not conform to AWS standards")


class HeatInternalFailureError(HeatAPIException):
    code = 500
    title = "InternalFailure"
    explanation = _("The request processing has failed due to an internal error")
    err_type = "Server"


class HeatInvalidActionError(HeatAPIException):
    title = "InvalidAction"
    explanation = _("The action or operation requested is invalid")


class HeatInvalidClientTokenIdError(HeatAPIException):
    code = 403
    title = "InvalidClientTokenId"
    explanation = _("The X.509 certificate or AWS Access Key ID provided does not exist")


class HeatInvalidParameterCombinationError(HeatAPIException):
    title = "InvalidParameterCombination"
    explanation = _("Incompatible parameters were used together")


class HeatInvalidParameterValueError(HeatAPIException):
    title = "InvalidParameterValue"
    explanation = _("A bad or out-of-range value was supplied")


class HeatValidationError(HeatAPIException):
    title = "ValidationError"
    explanation = _("The request is not valid for the stack as it is")


class HeatChangeSetNotFoundError(HeatAPIException):
    code = 404
    title = "ChangeSetNotFound"
    explanation = _("The specified change set does not exist")


class HeatInvalidChangeSetStatusError(HeatAPIException):
    title = "InvalidChangeSetStatus"
    explanation = _("The change set cannot be executed or deleted in its current status")


class HeatChangeSetExistsError(HeatAPIException):
    title = "AlreadyExistsException"
    explanation = _("A change set of that name already exists for the stack")


class HeatInvalidQueryParameterError(HeatAPIException):
    title = "InvalidQueryParameter"
    explanation = _("AWS query string is malformed, does not adhere to AWS standards")


class HeatMalformedQueryStringError(HeatAPIException):
    code = 404
    title = "MalformedQueryString"
    explanation = _("The query string is malformed")


class HeatMissingActionError(HeatAPIException):
    title = "MissingAction"
    explanation = _("The request is missing an action or operation parameter")


class HeatMissingAuthenticationTokenError(HeatAPIException):
    code = 403
    title = "MissingAuthenticationToken"
    explanation = _(
        "Request must contain either a valid (registered) AWS access key ID or X.509 certificate"
    )


class HeatMissingParameterError(HeatAPIException):
    title = "MissingParameter"
    explanation = _("A mandatory input parameter is missing")


class HeatOptInRequiredError(HeatAPIException):
    code = 403
    title = "OptInRequired"
    explanation = _("The AWS access key ID needs a subscription for the service")


class HeatRequestExpiredError(HeatAPIException):
    title = "RequestExpired"
    explanation = _(
        "Request is past expiration date or the request date (either with 15 minute "
        "padding), or the request date occurs more than 15 minutes in the future"
    )


class HeatServiceUnavailableError(HeatAPIException):
    code = 503
    title = "ServiceUnavailable"
    explanation = _("The request has failed due to a temporary failure of the server")
    err_type = "Server"


class HeatThrottlingError(HeatAPIException):
    title = "Throttling"
    explanation = _("Request was denied due to request throttling")


class AlreadyExistsError(HeatAPIException):
    title = "AlreadyExists"
    explanation = _("Resource with the name requested already exists")


class HeatAccessDeniedError(HeatAPIException):
    code = 403
    title = "AccessDenied"
    explanation = _("User is not authorized to perform action")


class HeatSignatureError(HeatAPIException):
    code = 403
    title = "SignatureDoesNotMatch"
    explanation = _("The request signature we calculated does not match the signature you provided")


class HeatAPINotImplementedError(HeatAPIException):
    code = 500
    title = "APINotImplemented"
    explanation = _("The requested action is not yet implemented")
    err_type = "Server"


class HeatRequestLimitExceeded(HeatAPIException):
    title = "RequestLimitExceeded"
    explanation = _("Payload exceeds maximum allowed size")


# Engine errors caused by what the caller sent; matched by class name (any base class).
_INVALID_PARAMETER = frozenset(
    {
        "AttributeError",
        "ValueError",
        "Invalid",
        "EntityNotFound",
        "NotFound",
        "ResourceActionNotSupported",
        "ResourceNotAvailable",
        "ResourceTypeUnavailable",
        "StackValidationFailed",
        "InvalidSchemaError",
        "InvalidTemplateReference",
        "InvalidTemplateVersion",
        "InvalidTemplateSection",
        "InvalidTemplateAttribute",
        "InvalidBreakPointHook",
        "ImmutableParameterModified",
        "UnknownUserParameter",
        "UserParameterMissing",
        "MissingCredentialError",
        "ResourcePropertyConflict",
        "PropertyUnspecifiedError",
        "PhysicalResourceIDAmbiguity",
        "PhysicalResourceNameAmbiguity",
        "CircularDependencyException",
        "NotSupported",
    }
)
_BY_NAME: dict[str, type[HeatAPIException]] = {
    "Forbidden": HeatAccessDeniedError,
    "NotAuthorized": HeatAccessDeniedError,
    "InvalidTenant": HeatAccessDeniedError,
    "StackExists": AlreadyExistsError,
    "ActionInProgress": HeatInvalidActionError,
    "StackTerminationProtected": HeatValidationError,
    "ChangeSetNotFound": HeatChangeSetNotFoundError,
    "InvalidChangeSetStatus": HeatInvalidChangeSetStatusError,
    "ChangeSetExists": HeatChangeSetExistsError,
    "RequestLimitExceeded": HeatRequestLimitExceeded,
    "EngineUnavailable": HeatServiceUnavailableError,
    "MessagingTimeout": HeatServiceUnavailableError,
}
_BY_NAME.update(dict.fromkeys(_INVALID_PARAMETER, HeatInvalidParameterValueError))
_REMOTE_SUFFIX = "_Remote"


def _class_names(error: BaseException) -> list[str]:
    """Names of the error's class and its bases, ``_Remote`` suffix removed, nearest first."""
    names = []
    if isinstance(error, oslo_messaging.RemoteError) and error.exc_type:
        names.append(error.exc_type)
    for cls in type(error).__mro__:
        name = cls.__name__
        names.append(name[: -len(_REMOTE_SUFFIX)] if name.endswith(_REMOTE_SUFFIX) else name)
    return names


def _safe_message(error: BaseException) -> str | None:
    """The message of an error that is safe to show (Heat's own), without the remote
    traceback oslo.messaging appends to the text of ``_Remote`` errors."""
    if not getattr(error, "safe", False):
        return None
    message = getattr(error, "message", None)
    if not isinstance(message, str):
        message = str(error).split("\n", 1)[0]
    return message


def map_remote_error(error: BaseException) -> HeatAPIException:
    """The AWS error for what an engine call (or a policy check) raised.

    Heat's own errors are safe to show, so their message becomes the detail; anything
    unknown is an ``InternalFailure`` without detail.
    """
    if isinstance(error, HeatAPIException):
        return error
    detail = _safe_message(error)
    for name in _class_names(error):
        if name in _BY_NAME:
            return _BY_NAME[name](detail=detail)
    return HeatInternalFailureError(detail=detail)
