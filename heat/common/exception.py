"""Every error a user or an operator can cause, as a ``HeatException`` subclass.

Hierarchy (the HTTP status faultwrap gives each is in ``heat.api.middleware.fault``)::

    HeatException                      message built from ``msg_fmt`` and keyword fields
    ├── Invalid                        bad input in general (400)
    │   ├── InvalidTemplateVersion, InvalidTemplateSection, InvalidTemplateReference
    │   ├── StackValidationFailed      names the template path in ``path``
    │   ├── UnknownUserParameter, UserParameterMissing, ImmutableParameterModified
    │   └── InvalidSchemaError, ResourcePropertyConflict, PropertyUnspecifiedError, ...
    ├── NotSupported                   a call or feature this service does not provide (400)
    ├── EntityNotFound                 StackNotFound-like look-ups (404)
    │   ├── ResourceNotFound, SnapshotNotFound
    ├── Forbidden, InvalidTenant       (403)
    ├── StackExists, ActionInProgress  (409)
    ├── ActionNotComplete              a stack to migrate is not COMPLETE (heat-manage)
    ├── RequestLimitExceeded           (400)
    └── ServiceUnavailable-like errors for engines that do not answer (503)

Exceptions travel over RPC by class name; oslo.messaging rebuilds them on the API side
as ``<Name>_Remote`` subclasses of the same class.
"""

from heat.common.i18n import _


class HeatException(Exception):
    """Base of Heat's errors; ``msg_fmt`` is formatted with the keyword arguments.

    A ``message`` given outright is kept in the keyword fields, so that the error rebuilt
    from them on the other side of RPC says the same; a field the format names but the
    raiser left out reads as empty rather than leaving a ``%(...)s`` in the message.
    """

    msg_fmt = _("An unknown exception occurred.")
    error_code: str | None = None
    safe = True

    def __init__(self, message=None, **kwargs):
        if message is None:
            message = self.msg_fmt % _Fields(kwargs)
        else:
            kwargs["message"] = message
        self.kwargs = kwargs
        if self.error_code:
            message = "HEAT-E%s %s" % (self.error_code, message)
        self.message = message
        super().__init__(message)
        # oslo.messaging rebuilds a remote error as ``cls(*args, **kwargs)``: the keyword
        # fields alone must rebuild it, since subclasses take other positional arguments.
        self.args = ()

    def __str__(self):
        return self.message

    def __deepcopy__(self, memo):
        return self.__class__(**self.kwargs)


class _Fields(dict):
    """Keyword fields for a message format: a field not given is empty."""

    def __missing__(self, key):
        return ""


class Invalid(HeatException):
    msg_fmt = _("Data supplied was not valid: %(reason)s")


class InvalidSchemaError(HeatException):
    msg_fmt = _("%(message)s")


class InvalidTemplateVersion(HeatException):
    msg_fmt = _("The template version is invalid: %(explanation)s")


class InvalidTemplateSection(HeatException):
    msg_fmt = _("The template section is invalid: %(section)s")


class InvalidTemplateReference(HeatException):
    msg_fmt = _('The specified reference "%(resource)s" (in %(key)s) is incorrect.')


class InvalidExternalResourceDependency(HeatException):
    """A resource adopted by ``external_id`` names resources it depends on."""

    msg_fmt = _("Invalid dependency with external %(resource_type)s resource: %(external_id)s")


class InvalidTemplateAttribute(HeatException):
    msg_fmt = _("The Referenced Attribute (%(resource)s %(key)s) is incorrect.")


class InvalidBreakPointHook(HeatException):
    msg_fmt = _("%(message)s")


class ImmutableParameterModified(HeatException):
    msg_fmt = _("The following parameters are immutable and may not be updated: %(keys)s")


class UnknownUserParameter(HeatException):
    msg_fmt = _("The Parameter (%(key)s) was not defined in template.")


class UserParameterMissing(HeatException):
    msg_fmt = _("The Parameter (%(key)s) was not provided.")


class StackValidationFailed(HeatException):
    """A template or stack failed validation; ``path`` locates the fault in the template.

    The message is ``<error>: <path>: <message>`` (each part only when given). The keyword
    fields carry the formatted parts, as Heat's do: rebuilt from them on the API side of
    RPC, each given part is followed by ``": : "``, which is what Heat's API answers show.
    """

    msg_fmt = _("%(error)s%(path)s%(message)s")

    def __init__(self, error=None, path=None, message=None, resource=None):
        self.error = error or ""
        self.path = [] if path is None else ([path] if isinstance(path, str) else list(path))
        self.error_message = message or ""
        self.resource = resource
        where = path_text(self.path)
        parts = {
            "error": "%s: " % self.error if self.error else "",
            "path": "%s: " % where if where else "",
            "message": self.error_message,
        }
        super().__init__(message=self.msg_fmt % parts)
        self.kwargs = parts


def path_text(path) -> str:
    """A template path as Heat writes it: keys joined by dots, list indices in brackets."""
    text = ""
    for item in path:
        if isinstance(item, int) or str(item).isdigit():
            text += "[%s]" % item
        else:
            text += ".%s" % item if text else str(item)
    return text


class ResourcePropertyConflict(HeatException):
    msg_fmt = _("Cannot define the following properties at the same time: %(props)s.")


class ResourcePropertyValueDependency(HeatException):
    msg_fmt = _("%(prop1)s property should only be specified for %(prop2)s with value %(value)s.")


class ResourcePropertyDependency(HeatException):
    msg_fmt = _("%(prop1)s cannot be specified without %(prop2)s.")


class PropertyUnspecifiedError(HeatException):
    msg_fmt = _("At least one of the following properties must be specified: %(props)s.")


class ResourceActionNotSupported(HeatException):
    msg_fmt = _("%(action)s is not supported for resource.")


class ResourceTypeUnavailable(HeatException):
    error_code = "99001"
    msg_fmt = _(
        "Service %(service_name)s is not available for resource type %(resource_type)s, "
        "reason: %(reason)s"
    )


class NotSupported(HeatException):
    msg_fmt = _("%(feature)s is not supported.")


class EntityNotFound(HeatException):
    msg_fmt = _("The %(entity)s (%(name)s) could not be found.")


class KeystoneServiceNameConflict(HeatException):
    msg_fmt = _(
        "Keystone has more than one service with same name %(service)s. "
        "Please use service id instead of name"
    )


class ResourceNotFound(EntityNotFound):
    msg_fmt = _("The Resource (%(resource_name)s) could not be found in Stack %(stack_name)s.")


class SnapshotNotFound(EntityNotFound):
    msg_fmt = _("The Snapshot (%(snapshot)s) for Stack (%(stack)s) could not be found.")


class NotFound(HeatException):
    msg_fmt = _("%(message)s")


class ResourceNotAvailable(HeatException):
    msg_fmt = _("The Resource (%(resource_name)s) is not available.")


class PhysicalResourceNameAmbiguity(HeatException):
    msg_fmt = _("Multiple physical resources were found with name (%(name)s).")


class PhysicalResourceExists(HeatException):
    msg_fmt = _("The physical resource for (%(name)s) exists.")


class PhysicalResourceIDAmbiguity(HeatException):
    msg_fmt = _("Multiple resources were found with the physical ID (%(phys_id)s).")


class Forbidden(HeatException):
    msg_fmt = _("You are not authorized to use %(action)s.")

    def __init__(self, action="this action", **kwargs):
        super().__init__(action=action, **kwargs)


class InvalidTenant(HeatException):
    msg_fmt = _("Searching Tenant %(target)s from Tenant %(actual)s forbidden.")


class MissingCredentialError(HeatException):
    msg_fmt = _("Missing required credential: %(required)s")


class AuthorizationFailure(HeatException):
    msg_fmt = _("Authorization failed.")


class StackExists(HeatException):
    msg_fmt = _("The Stack (%(stack_name)s) already exists.")


class ActionInProgress(HeatException):
    msg_fmt = _("Stack %(stack_name)s already has an action (%(action)s) in progress.")


class StackTerminationProtected(HeatException):
    msg_fmt = _(
        "Stack %(stack_name)s cannot be deleted while termination protection is enabled on "
        "its root stack %(root_name)s."
    )


class ChangeSetNotFound(HeatException):
    msg_fmt = _("ChangeSet [%(change_set)s] does not exist")


class ChangeSetExists(HeatException):
    msg_fmt = _("ChangeSet %(change_set)s already exists")


class InvalidChangeSetStatus(HeatException):
    msg_fmt = _("ChangeSet %(change_set)s cannot be executed: %(reason)s")


class ActionNotComplete(HeatException):
    msg_fmt = _("Stack %(stack_name)s has an action (%(action)s) in progress or failed state.")


class RequestLimitExceeded(HeatException):
    msg_fmt = _("Request limit exceeded: %(message)s")


class DownloadLimitExceeded(HeatException):
    msg_fmt = _("Permission denied: %(message)s")


class CircularDependencyException(HeatException):
    msg_fmt = _("Circular Dependency Found: %(cycle)s")


class InvalidEncryptionKey(HeatException):
    msg_fmt = _("Can not decrypt data with the auth_encryption_key in heat config.")


class EngineUnavailable(HeatException):
    """No engine answered an RPC call in time."""

    msg_fmt = _("All heat engines are down.")


class ConfigFileNotFound(HeatException):
    msg_fmt = _("Could not find config at %(path)s")


class PasteAppNotFound(HeatException):
    msg_fmt = _("Could not load paste app '%(name)s' from %(path)s: %(reason)s")


class PasteFactoryUnavailable(HeatException):
    msg_fmt = _(
        "%(path)s names Paste factories that this Heat does not provide; change these "
        "lines (or start from the api-paste.ini shipped with Heat):\n%(lines)s"
    )


class DatabaseVersionMismatch(HeatException):
    msg_fmt = _(
        "Database schema is at %(current)s; this code needs %(expected)s. Run heat-manage db_sync."
    )


class InvalidRestrictedAction(HeatException):
    msg_fmt = _("%(message)s")


class InvalidGlobalResource(HeatException):
    msg_fmt = _(
        "There was an error loading the definition of the global resource type %(type_name)s."
    )


class ConflictingMergeStrategyForParam(HeatException):
    msg_fmt = _(
        "Conflicting merge strategy '%(strategy)s' for parameter '%(param)s' "
        "in file '%(env_file)s'."
    )


class IntrinsicFunctionError(HeatException):
    """An intrinsic function call whose arguments are malformed or cannot be evaluated.

    Not a StackValidationFailed on purpose: validation wraps it with the template path.
    """

    msg_fmt = _("%(message)s")

    def __init__(self, message):
        super().__init__(message=message)
        self.kwargs = {"message": message}


class InvalidMergeStrategyForParam(HeatException):
    msg_fmt = _("Invalid merge strategy '%(strategy)s' for parameter '%(param)s'.")


class ConstraintServiceUnavailable(ResourceTypeUnavailable):
    """A custom constraint needs a service this deployment has no client for (HEAT-E99001)."""

    msg_fmt = _(
        "Service %(service_name)s is not available for custom constraint %(constraint)s, "
        "reason: %(reason)s"
    )


class ResourceFailure(HeatException):
    """A resource action failed; wraps the cause and names the resource in the message.

    The text is ``<CauseType>: resources.<name>: <cause>``, as Heat puts it in status reasons.
    """

    msg_fmt = _("%(message)s")

    def __init__(self, cause, resource_name=None, action=None):
        self.cause = cause
        self.resource_name = resource_name
        self.action = action
        if isinstance(cause, (ResourceFailure, str)):
            # A str cause is the text of a failure rebuilt on the other side of RPC.
            text = str(cause)
        else:
            where = "resources.%s: " % resource_name if resource_name else ""
            text = "%s: %s%s" % (type(cause).__name__, where, cause)
        super().__init__(message=text)
        self.kwargs = {"cause": text, "resource_name": resource_name, "action": action}


class UpdateReplace(HeatException):
    """Raised by a resource's update handler: the change needs a replacement resource."""

    msg_fmt = _("The Resource %(resource_name)s requires replacement.")

    def __init__(self, resource_name="Unknown", **kwargs):
        super().__init__(resource_name=resource_name, **kwargs)


class ResourceInError(HeatException):
    """The physical resource reported an error state; the action may be retried."""

    msg_fmt = _('Went to status %(resource_status)s due to "%(status_reason)s"')

    def __init__(self, status_reason="Unknown", **kwargs):
        super().__init__(status_reason=status_reason, **kwargs)


class ResourceUnknownStatus(HeatException):
    """The physical resource reached a status the plugin did not expect."""

    msg_fmt = _('%(result)s - Unknown status %(resource_status)s due to "%(status_reason)s"')

    def __init__(self, result=None, status_reason=None, **kwargs):
        super().__init__(
            result=result or _("Resource failed"),
            status_reason=status_reason or _("Unknown"),
            **kwargs,
        )


class ResourceActionRestricted(HeatException):
    msg_fmt = _("%(action)s is restricted for resource.")


class StackResourceLimitExceeded(RequestLimitExceeded):
    msg_fmt = _("Maximum resources per stack exceeded.")


class Error(HeatException):
    """A failure described only by its message (a nested stack's failure, for one)."""

    msg_fmt = _("%(message)s")

    def __init__(self, message=None):
        super().__init__(message=message)
        self.kwargs = {"message": message}
