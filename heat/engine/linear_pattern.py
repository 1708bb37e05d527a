"""Regular expressions from templates, matched in time linear in the value.

Python's ``re`` backtracks, so a 200-byte ``allowed_pattern`` such as ``^(a+)+$`` can
hold an engine for hours on a short value. Patterns are compiled with RE2 instead, whose
syntax is Python's less backreferences and lookaround. Real templates use lookaround
(TripleO's ``^((?!balance.tcp).)*$``): such a pattern is matched by the backtracking
``regex`` engine under a time bound, and a value it cannot decide in time does not match.
"""

import re
from typing import Any

import re2
import regex

from heat.common import exception
from heat.common.i18n import _

_OPTIONS = re2.Options()
# A refused pattern is the template author's error, reported to them; not for the log.
_OPTIONS.log_errors = False
# How long a backtracking match may take, in seconds.
BACKTRACKING_TIMEOUT = 1.0


class BoundedPattern:
    """A pattern RE2 cannot express, matched by ``regex`` within BACKTRACKING_TIMEOUT."""

    def __init__(self, pattern: str):
        self.pattern = pattern
        self._compiled = regex.compile(pattern, flags=regex.VERSION0)

    def match(self, value: str) -> Any:
        """The match at the start of ``value``; None when there is none or it takes too long."""
        try:
            return self._compiled.match(value, timeout=BACKTRACKING_TIMEOUT)
        except TimeoutError:
            return None


def compile_pattern(pattern: str) -> Any:
    """``pattern`` compiled by RE2, or bounded in time when it needs backtracking
    (backreferences, lookaround); InvalidSchemaError when it is not a regular expression."""
    try:
        return re2.compile(pattern, options=_OPTIONS)
    except re2.error:
        pass
    try:
        re.compile(pattern)
        return BoundedPattern(pattern)
    except (re.error, regex.error) as error:
        message = _('AllowedPattern "%(pattern)s" is not a valid regular expression: %(error)s')
        raise exception.InvalidSchemaError(message=message % {"pattern": pattern, "error": error})


def compile_or_none(pattern: str) -> Any:
    """``pattern`` compiled by RE2, or None when RE2 cannot read it (for filters, where
    such a pattern matches nothing)."""
    try:
        return re2.compile(pattern, options=_OPTIONS)
    except re2.error:
        return None


def matches_whole(regex: Any, value: str) -> bool:
    """Whether the match of ``regex`` at the start of ``value`` covers all of it, as
    upstream checks (so ``a|ab`` does not accept ``ab``)."""
    match = regex.match(value)
    return match is not None and match.end() == len(value)
