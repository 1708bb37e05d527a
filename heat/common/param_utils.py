"""Parsing of user-supplied parameter values (query strings, request bodies).

Each function raises ``ValueError`` with a message for the user; the API turns it into a
400. Booleans accept only ``true``/``false`` in any case; integers must be integral.
"""

from oslo_utils import strutils

from heat.common.i18n import _

MAX_TAG_LENGTH = 80


def extract_bool(name: str, value) -> bool:
    """``value`` as a boolean; only true and false (any case) are accepted."""
    if isinstance(value, bool):
        return value
    if str(value).lower() not in ("true", "false"):
        raise ValueError(
            _('Unrecognized value "%(value)s" for "%(name)s", acceptable values are: true, false.')
            % {"value": value, "name": name}
        )
    return strutils.bool_from_string(value, strict=True)


def extract_int(name: str, value, allow_zero: bool = True, allow_negative: bool = False):
    """``value`` as an int (None stays None), refusing non-integers, zero or negatives."""
    if value is None:
        return None
    # is_int_like raises OverflowError for an infinite float rather than saying no.
    if isinstance(value, (bool, float)) or not strutils.is_int_like(value):
        raise ValueError(_("Only integer is acceptable by '%(name)s'.") % {"name": name})
    number = int(value)
    if number == 0 and not allow_zero:
        raise ValueError(_("Only non-zero integer is acceptable by '%(name)s'.") % {"name": name})
    if number < 0 and not allow_negative:
        raise ValueError(
            _(
                "Value '%(value)s' is invalid for '%(name)s' "
                "which only accepts non-negative integer."
            )
            % {"value": value, "name": name}
        )
    return number


def extract_tags(subject) -> list[str] | None:
    """The tags of a comma-separated string (or list), each at most 80 characters."""
    if not subject:
        return None
    tags = subject if isinstance(subject, list) else str(subject).split(",")
    tags = [tag.strip() for tag in tags]
    for tag in tags:
        if len(tag) > MAX_TAG_LENGTH:
            raise ValueError(_('Invalid tag, "%s" is longer than 80 characters') % tag)
    return tags


def delimited_list(value, delimiter: str = ",") -> list[str]:
    """A list from a delimited string, or the list itself when it already is one."""
    if isinstance(value, list):
        return value
    return [item.strip() for item in str(value).split(delimiter) if item.strip()]


def extract_template_type(value) -> str:
    """``cfn`` or ``hot`` (case-insensitive) for the generated-template type."""
    template_type = str(value).lower()
    if template_type not in ("cfn", "hot"):
        raise ValueError(
            _('Invalid template type "%(value)s", valid types are: cfn, hot.') % {"value": value}
        )
    return template_type
