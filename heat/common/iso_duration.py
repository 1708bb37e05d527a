"""ISO 8601 durations (``PT1M30S``), as CloudFormation update policies give pause times."""

import re

from heat.common.i18n import _

_DURATION = re.compile(
    r"^P(?:(?P<days>\d+)D)?"
    r"(?:T(?:(?P<hours>\d+)H)?(?:(?P<minutes>\d+)M)?(?:(?P<seconds>\d+)S)?)?$"
)
_SECONDS_PER = {"days": 86400, "hours": 3600, "minutes": 60, "seconds": 1}


def seconds(duration: str) -> int:
    """The number of seconds ``duration`` lasts; ValueError when it is not an ISO 8601
    duration of days, hours, minutes and seconds."""
    match = _DURATION.match(duration)
    if match is None or duration in ("P", "PT") or duration.endswith("T"):
        raise ValueError(_("Only ISO 8601 duration format of the form PT#H#M#S is supported."))
    return sum(int(value) * _SECONDS_PER[unit] for unit, value in match.groupdict(0).items())
