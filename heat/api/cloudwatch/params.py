"""Reading the CloudWatch actions' parameters: required lists, dimensions, numbers, flags.

Plain lists are read by :func:`heat.api.aws.utils.member_values`; dimensions come as
``Dimensions.member.<N>.Name/Value``. Missing required values are MissingParameter,
malformed ones InvalidParameterValue.
"""

from collections.abc import Mapping

from heat.api.aws import exception
from heat.api.aws import utils as api_utils
from heat.common.i18n import _


def required_members(params: Mapping[str, str], prefix: str) -> list[str]:
    """The values of ``<prefix>.member.N``; MissingParameter when there are none."""
    values = api_utils.member_values(params, prefix)
    if not values:
        raise exception.HeatMissingParameterError(detail=_("The parameter %s is required") % prefix)
    return values


def dimensions(params: Mapping[str, str]) -> list[dict[str, str]]:
    """``Dimensions.member.N.Name/Value`` as ``[{"Name", "Value"}]``."""
    pairs = api_utils.extract_param_pairs(params, "Dimensions", "Name", "Value")
    return [{"Name": name, "Value": value} for name, value in pairs.items()]


def optional(params: Mapping[str, str], key: str, parse) -> object:
    """``parse(key, value)`` of the parameter, or None when it is not given."""
    value = params.get(key)
    return None if value is None else parse(key, value)


def parse_number(name: str, value: str) -> float:
    """A number; anything else is InvalidParameterValue."""
    try:
        return float(value)
    except ValueError:
        raise exception.HeatInvalidParameterValueError(
            detail=_('"%(name)s" must be a number, not "%(value)s"')
            % {"name": name, "value": value}
        )


def positive_integer(name: str, value: str) -> int:
    """An integer of at least 1; anything else is InvalidParameterValue."""
    number = api_utils.parse_integer(name, value)
    if number < 1:
        raise exception.HeatInvalidParameterValueError(
            detail=_('"%s" must be at least 1') % name
        )  # fmt: skip
    return number
