"""Date and time constraints: ``iso_8601``, ``expiration`` (a future ISO 8601 time),
``cron_expression`` and ``timezone`` (an IANA time zone name)."""

import datetime
import zoneinfo
from typing import Any

import croniter
from oslo_utils import timeutils

from heat.common.i18n import _
from heat.engine.constraints import BaseCustomConstraint


def _parse_time(value: Any) -> datetime.datetime:
    """An aware datetime from ISO 8601 text (UTC when it names no zone); ``ValueError`` else."""
    if not isinstance(value, str):
        raise ValueError(_("'%s' is not a string") % (value,))
    parsed = timeutils.parse_isotime(value)
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=datetime.timezone.utc)
    return parsed


class ISO8601Constraint(BaseCustomConstraint):
    """``iso_8601``: a date and time in ISO 8601 form."""

    def validate(self, value: Any, context: Any) -> None:
        try:
            _parse_time(value)
        except ValueError as error:
            raise ValueError(_("Invalid ISO 8601 time: %s") % error)


class ExpirationConstraint(BaseCustomConstraint):
    """``expiration``: an ISO 8601 time in the future (empty means no expiration)."""

    def validate(self, value: Any, context: Any) -> None:
        if not value:
            return
        try:
            expiration = _parse_time(value.strip() if isinstance(value, str) else value)
            if expiration <= datetime.datetime.now(datetime.timezone.utc):
                raise ValueError(_("Expiration time is out of date."))
        except ValueError as error:
            raise ValueError(
                _("Expiration %(value)s is invalid: %(error)s") % {"value": value, "error": error}
            )


class CRONExpressionConstraint(BaseCustomConstraint):
    """``cron_expression``: a cron schedule such as ``0 */2 * * *`` (empty is accepted)."""

    def validate(self, value: Any, context: Any) -> None:
        if not value:
            return
        try:
            croniter.croniter(value)
        except (ValueError, TypeError, KeyError) as error:
            raise ValueError(_("Invalid CRON expression: %s") % error)


class TimezoneConstraint(BaseCustomConstraint):
    """``timezone``: a time zone name such as ``Europe/Paris`` (empty is accepted)."""

    def validate(self, value: Any, context: Any) -> None:
        if not value:
            return
        try:
            zoneinfo.ZoneInfo(value)
        except (zoneinfo.ZoneInfoNotFoundError, ValueError, TypeError) as error:
            raise ValueError(_("Invalid timezone: %s") % error)
