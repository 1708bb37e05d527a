"""HOT ``str_replace`` and its stricter variants.

Placeholders are replaced longest first (equal lengths in alphabetical order), and text
that a replacement put in is never searched again.
"""

from typing import Any

from heat.engine import function
from heat.engine.hot.functions.arguments import (
    PureFunction,
    check_text_length,
    fail,
    is_function,
    is_list,
    is_map,
    json_text,
    short,
)

USAGE = "{template: <string>, params: {<placeholder>: <value>, ...}}"


def substitute(text: str, replacements: dict[str, str], fn_name: str = "str_replace") -> str:
    """``text`` with each key of ``replacements`` replaced, longest keys first, in one pass;
    fails naming ``fn_name`` before joining a result longer than ``MAX_TEXT_LENGTH``."""
    # Segments are (text, done): a done segment is a replacement, never searched again.
    segments = [(text, False)]
    for key in sorted(sorted(replacements), key=len, reverse=True):
        value = replacements[key]
        split: list[tuple[str, bool]] = []
        for segment, done in segments:
            if done or key not in segment:
                split.append((segment, done))
                continue
            for index, piece in enumerate(segment.split(key)):
                if index:
                    split.append((value, True))
                split.append((piece, False))
        segments = split
    check_text_length(fn_name, sum(len(segment) for segment, _done in segments))
    return "".join(segment for segment, _done in segments)


class Replace(PureFunction):
    """A template string with placeholders replaced by the values of ``params``."""

    description = "A function for performing string substitutions."

    def _parts(self, args: Any) -> tuple[Any, Any]:
        if not is_map(args) or "template" not in args or "params" not in args:
            fail('"%s" syntax should be %s' % (self.fn_name, USAGE))
        return args["template"], args["params"]

    def validate(self) -> None:
        template, params = self._parts(self.args)
        if not (isinstance(template, str) or is_function(template)):
            fail('"%s" template must be a string' % self.fn_name)
        if not (is_map(params) or is_function(params)):
            fail('"%s" params must be a map' % self.fn_name)
        super().validate()

    def result(self) -> str:
        template, params = self._parts(function.resolve(self.args))
        if not isinstance(template, str):
            fail('"%s" template must be a string' % self.fn_name)
        if not is_map(params):
            fail('"%s" params must be a map' % self.fn_name)
        replacements = {}
        for key, value in params.items():
            if not isinstance(key, str) or not key:
                fail('"%s" param placeholders must be non-empty strings' % self.fn_name)
            replacements[key] = self._text(key, value)
        self._check(template, replacements)
        return substitute(template, replacements, self.fn_name)

    def _text(self, key: str, value: Any) -> str:
        if value is None:
            return ""
        if not isinstance(value, (str, int, float)):
            fail('"%s" params must be strings or numbers, not %s' % (self.fn_name, short(value)))
        return str(value)

    def _check(self, template: str, replacements: dict[str, str]) -> None:
        """Further checks of the stricter variants."""


class ReplaceJson(Replace):
    """As ``str_replace``, with list and map values of ``params`` written as JSON."""

    def _text(self, key: str, value: Any) -> str:
        if is_list(value) or is_map(value):
            return json_text(value, self.fn_name)
        return super()._text(key, value)


class ReplaceJsonStrict(ReplaceJson):
    """As ``str_replace``, failing when a placeholder does not occur in the template."""

    def _check(self, template: str, replacements: dict[str, str]) -> None:
        missing = sorted(key for key in replacements if key not in template)
        if missing:
            fail(
                'The following params were not found in the template of "%s": %s'
                % (self.fn_name, ",".join(missing))
            )


class ReplaceJsonVeryStrict(ReplaceJsonStrict):
    """As ``str_replace_strict``, failing also when a value is empty or null."""

    def _check(self, template: str, replacements: dict[str, str]) -> None:
        empty = sorted(key for key, value in replacements.items() if value == "")
        if empty:
            fail('"%s" has empty values for the params: %s' % (self.fn_name, ",".join(empty)))
        super()._check(template, replacements)
