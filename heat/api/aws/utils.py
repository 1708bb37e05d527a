"""Reading AWS Query parameters: required values, member lists and key/value pairs.

AWS encodes lists as ``<Prefix>.member.<N>=value``, or ``<Prefix>.member.<N>.<Field>=value``
for lists of records (N from 1); these helpers turn such flat parameters into Python lists
and dicts, ordered by N.
"""

import re
from collections.abc import Mapping

from heat.api.aws import exception
from heat.common.i18n import _


def get_param_value(params: Mapping[str, str], key: str) -> str:
    """The value of a required parameter; raises MissingParameter naming it when absent."""
    value = params.get(key)
    if value is None:
        raise exception.HeatMissingParameterError(detail=_("The parameter %s is required") % key)
    return value


def member_values(params: Mapping[str, str], prefix: str) -> list[str]:
    """The values of ``<prefix>.member.N``, ordered by N."""
    pattern = re.compile(r"^%s\.member\.([1-9][0-9]*)$" % re.escape(prefix))
    found = {}
    for key, value in params.items():
        match = pattern.match(key)
        if match:
            found[int(match.group(1))] = value
    return [found[index] for index in sorted(found)]


def extract_param_list(params: Mapping[str, str], prefix: str) -> list[dict[str, str]]:
    """``<prefix>.member.N.<field>`` parameters as a list of ``{field: value}`` ordered by N.

    The field may itself be dotted (``Dimensions.member.1.Name``) and is kept whole.
    """
    pattern = re.compile(r"^%s\.member\.([1-9][0-9]*)\.(.+)$" % re.escape(prefix))
    members: dict[int, dict[str, str]] = {}
    for key, value in params.items():
        match = pattern.match(key)
        if match:
            members.setdefault(int(match.group(1)), {})[match.group(2)] = value
    return [members[index] for index in sorted(members)]


def extract_param_pairs(
    params: Mapping[str, str], prefix: str, keyname: str, valuename: str
) -> dict[str, str]:
    """``<prefix>.member.N.<keyname>``/``<valuename>`` pairs as a dict (members lacking a key
    are ignored; a missing value is the empty string)."""
    pairs = {}
    for member in extract_param_list(params, prefix):
        if keyname in member:
            pairs[member[keyname]] = member.get(valuename, "")
    return pairs


def reformat_dict_keys(keymap: Mapping[str, str], source: Mapping) -> dict:
    """A dict of the values of ``source`` under the names ``keymap`` gives their keys;
    keys missing from ``source`` are left out."""
    return {new: source[old] for old, new in keymap.items() if old in source}


def parse_boolean(name: str, value: str) -> bool:
    """``true``/``false`` in any case; anything else is InvalidParameterValue."""
    lowered = value.lower()
    if lowered not in ("true", "false"):
        raise exception.HeatInvalidParameterValueError(
            detail=_('Unrecognized value "%(value)s" for "%(name)s", acceptable values are: '
                     "true, false.") % {"value": value, "name": name}
        )  # fmt: skip
    return lowered == "true"


def parse_integer(name: str, value: str) -> int:
    """A non-negative integer; anything else is InvalidParameterValue."""
    if not re.fullmatch(r"[0-9]+", value):
        raise exception.HeatInvalidParameterValueError(
            detail=_('"%(name)s" must be a non-negative integer, not "%(value)s"')
            % {"value": value, "name": name}
        )
    return int(value)
