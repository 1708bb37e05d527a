"""DNS name constraints: ``dns_name``, ``rel_dns_name`` (relative) and ``dns_domain`` (ends
with a dot). Labels are 1-63 letters, digits or hyphens, not starting or ending with a hyphen;
a name is at most 255 characters and its top-level label is not all digits.
"""

import re
from typing import Any

from heat.common.i18n import _
from heat.engine.constraints import BaseCustomConstraint

FQDN_MAX_LEN = 255
_LABEL = re.compile(r"[a-zA-Z0-9-]{1,63}")
_DIGITS = re.compile(r"[0-9]+")


def dns_format_problem(name: str) -> str | None:
    """Why ``name`` is not a valid DNS name, or None when it is (an empty name is valid)."""
    if not name:
        return None
    trimmed = name[:-1] if name.endswith(".") else name
    if len(trimmed) > FQDN_MAX_LEN:
        return _("'%(name)s' exceeds the %(max)s character FQDN limit") % {
            "name": name,
            "max": FQDN_MAX_LEN,
        }
    labels = trimmed.split(".")
    for label in labels:
        if not label:
            return _("Encountered an empty component.")
        if label.startswith("-") or label.endswith("-"):
            return _("Name '%s' must not start or end with a hyphen.") % label
        if not _LABEL.fullmatch(label):
            return (
                _(
                    "Name '%s' must be 1-63 characters long, each of which can only be "
                    "alphanumeric or a hyphen."
                )
                % label
            )
    if len(labels) > 1 and _DIGITS.fullmatch(labels[-1]):
        return _("TLD '%s' must not be all numeric") % labels[-1]
    return None


class DNSNameConstraint(BaseCustomConstraint):
    """``dns_name``: a host or domain name, relative or fully qualified."""

    def validate(self, value: Any, context: Any) -> None:
        if not isinstance(value, str):
            raise ValueError(_("'%s' is not a string") % (value,))
        problem = dns_format_problem(value)
        if problem is not None:
            raise ValueError(
                _("'%(value)s' not in valid format. Reason: %(reason)s")
                % {"value": value, "reason": problem}
            )


class RelativeDNSNameConstraint(DNSNameConstraint):
    """``rel_dns_name``: a name without the final dot, short enough to add a domain to."""

    def validate(self, value: Any, context: Any) -> None:
        if not value:
            return
        if isinstance(value, str) and value.endswith("."):
            raise ValueError(_("'%s' is a FQDN. It should be a relative domain name.") % value)
        if isinstance(value, str) and len(value) > FQDN_MAX_LEN - 3:
            raise ValueError(
                _(
                    "'%(value)s' contains '%(length)s' characters. Adding a domain name will "
                    "cause it to exceed the maximum length of a FQDN of '%(max)s'."
                )
                % {"value": value, "length": len(value), "max": FQDN_MAX_LEN}
            )
        super().validate(value, context)


class DNSDomainConstraint(DNSNameConstraint):
    """``dns_domain``: a fully qualified domain name, ending with a dot."""

    def validate(self, value: Any, context: Any) -> None:
        if not value:
            return
        super().validate(value, context)
        if not value.endswith("."):
            raise ValueError(_("'%s' must end with '.'.") % value)
