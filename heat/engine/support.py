"""Support status of resource types, properties and attributes.

A :class:`SupportStatus` says since which release something is ``SUPPORTED``,
``DEPRECATED``, ``UNSUPPORTED`` or ``HIDDEN`` (hidden things are left out of listings and
schemas); ``to_dict()`` is the form the resource type schema API shows.
"""

from typing import Any

from heat.common.i18n import _

SUPPORT_STATUSES = (UNKNOWN, SUPPORTED, DEPRECATED, UNSUPPORTED, HIDDEN) = (
    "UNKNOWN",
    "SUPPORTED",
    "DEPRECATED",
    "UNSUPPORTED",
    "HIDDEN",
)


def is_valid_status(status: Any) -> bool:
    """Whether ``status`` is one of :data:`SUPPORT_STATUSES`."""
    return status in SUPPORT_STATUSES


class SupportStatus:
    """The status of a plugin or schema item since ``version``, with an optional ``message``.

    ``previous_status`` chains the history (e.g. DEPRECATED, previously SUPPORTED); an unknown
    ``status`` becomes ``UNKNOWN`` with a message saying so, as in OpenStack Heat.
    ``substitute_class`` names the class that replaces a deprecated plugin.
    """

    def __init__(
        self,
        status: str = SUPPORTED,
        *,
        version: str | None = None,
        message: str | None = None,
        previous_status: "SupportStatus | None" = None,
        substitute_class: type | None = None,
    ) -> None:
        if previous_status is not None and not isinstance(previous_status, SupportStatus):
            raise ValueError(
                _("previous_status must be SupportStatus instead of %s") % type(previous_status)
            )
        self.status = status
        self.version = version
        self.message = message
        self.previous_status = previous_status
        self.substitute_class = substitute_class
        if not is_valid_status(status):
            self.status = UNKNOWN
            self.message = _("Specified status is invalid, defaulting to %s") % UNKNOWN
            self.version = None
            self.previous_status = None

    def is_substituted(self, substitute_class: type) -> bool:
        """Whether ``substitute_class`` is the class that replaces the one with this status."""
        return self.substitute_class is not None and substitute_class is self.substitute_class

    def to_dict(self) -> dict[str, Any]:
        """``{"status", "message", "version", "previous_status"}``, the previous one nested."""
        previous = self.previous_status
        return {
            "status": self.status,
            "message": self.message,
            "version": self.version,
            "previous_status": previous.to_dict() if previous is not None else None,
        }

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SupportStatus):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    def __hash__(self) -> int:
        return hash((self.status, self.version))

    def __repr__(self) -> str:
        return "SupportStatus(%r, version=%r)" % (self.status, self.version)
