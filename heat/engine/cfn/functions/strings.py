"""CFN string and list functions: Fn::Select, Fn::Split, Fn::Replace, Fn::Base64,
Fn::MemberListToMap (Fn::Join is HOT's single-list ``list_join``)."""

import json
import re
from typing import Any

from heat.engine import function
from heat.engine.hot.functions.arguments import (
    PureFunction,
    check_text_length,
    fail,
    is_function,
    is_list,
    is_map,
    short,
)


class Select(PureFunction):
    """``[index, collection]``: an item of a list (by index) or a map (by key), else ""."""

    description = "A function for selecting an item from a list or map."

    def _parts(self, args: Any) -> tuple[Any, Any]:
        if not is_list(args) or len(args) != 2:
            fail('Arguments to "%s" must be of the form [index, collection]' % self.fn_name)
        return args[0], args[1]

    def result(self) -> Any:
        index, collection = self._parts(function.resolve(self.args))
        if collection is None or collection == "":
            return ""
        if isinstance(collection, str):
            collection = self._json(collection)
        if is_map(collection):
            if not isinstance(index, str):
                fail('Index to "%s" must be a string' % self.fn_name)
            return collection.get(index, "")
        if not is_list(collection):
            fail('Arguments to "%s" not fully resolved' % self.fn_name)
        if isinstance(index, str) and index.lstrip("-").isdigit():
            index = int(index)
        if isinstance(index, bool) or not isinstance(index, int):
            fail('Index to "%s" must be an integer' % self.fn_name)
        return collection[index] if -len(collection) <= index < len(collection) else ""

    def _json(self, text: str) -> Any:
        try:
            return json.loads(text)
        except ValueError as error:
            fail('"%s": %s' % (self.fn_name, error))


class Split(PureFunction):
    """``[delimiter, string]``: the string split into a list."""

    description = "A function for splitting strings."

    def _parts(self, args: Any) -> tuple[Any, Any]:
        if not is_list(args) or len(args) != 2:
            fail('Arguments to "%s" must be of the form [delimiter, string]' % self.fn_name)
        return args[0], args[1]

    def result(self) -> list:
        delimiter, text = self._parts(function.resolve(self.args))
        if not (isinstance(delimiter, str) and delimiter):
            fail('Delimiter for "%s" must be a non-empty string' % self.fn_name)
        if not isinstance(text, str):
            fail('Function "%s" must operate on a string, not %s' % (self.fn_name, short(text)))
        return text.split(delimiter)


class Replace(PureFunction):
    """``[{placeholder: value}, string]``: placeholders replaced in turn, longest first."""

    description = "A function for performing string substitutions."

    def _parts(self, args: Any) -> tuple[Any, Any]:
        if not is_list(args) or len(args) != 2:
            fail(
                'Arguments to "%s" must be of the form [{placeholder: value}, string]'
                % self.fn_name
            )
        return args[0], args[1]

    def validate(self) -> None:
        mapping, text = self._parts(self.args)
        if not (is_map(mapping) or is_function(mapping)):
            fail('"%s" params must be a map' % self.fn_name)
        super().validate()

    def result(self) -> str:
        mapping, text = self._parts(function.resolve(self.args))
        if not isinstance(text, str):
            fail('"%s" template must be a string' % self.fn_name)
        if not is_map(mapping):
            fail('"%s" params must be a map' % self.fn_name)
        for placeholder in sorted(sorted(mapping, key=str), key=lambda key: -len(str(key))):
            value = mapping[placeholder]
            if not isinstance(placeholder, str) or not placeholder:
                fail('"%s" param placeholders must be non-empty strings' % self.fn_name)
            if value is not None and not isinstance(value, (str, int, float)):
                fail('"%s" params must be strings or numbers' % self.fn_name)
            replacement = "" if value is None else str(value)
            # A value may hold a shorter placeholder, so the text can grow at every step.
            growth = text.count(placeholder) * (len(replacement) - len(placeholder))
            check_text_length(self.fn_name, len(text) + growth)
            text = text.replace(placeholder, replacement)
        return text


class Base64(PureFunction):
    """The string argument unchanged (encoding is left to the consumer, as in Heat)."""

    description = "A placeholder function for converting to base64."

    def result(self) -> str:
        value = function.resolve(self.args)
        if not isinstance(value, str):
            fail('"%s" argument must be a string' % self.fn_name)
        return value


_MEMBER = re.compile(r"\.member\.([0-9]+)\.(.*)")


class MemberListToMap(PureFunction):
    """``[key_name, value_name, ['.member.0.<key_name>=k', '.member.0.<value_name>=v', ...]]``."""

    description = "A function to convert lists with enumerated keys and values to mapping."

    def _parts(self, args: Any) -> tuple[Any, Any, Any]:
        if not is_list(args) or len(args) != 3 or not all(isinstance(a, str) for a in args[:2]):
            fail(
                'Arguments to "%s" must be of the form: [key_name, value_name, list]' % self.fn_name
            )
        return args[0], args[1], args[2]

    def validate(self) -> None:
        _key, _value, members = self._parts(self.args)
        if not (is_list(members) or is_function(members)):
            fail('Member list of "%s" must be a list' % self.fn_name)
        super().validate()

    def result(self) -> dict:
        key_name, value_name, members = self._parts(function.resolve(self.args))
        if not is_list(members):
            fail('Member list of "%s" must be a list' % self.fn_name)
        fields: dict[int, dict[str, str]] = {}
        for member in members:
            if not isinstance(member, str) or "=" not in member:
                fail('Member list items of "%s" must be strings "name=value"' % self.fn_name)
            name, value = member.split("=", 1)
            match = _MEMBER.match(name)
            if match:
                fields.setdefault(int(match.group(1)), {})[match.group(2)] = value
        entries = (fields[index] for index in sorted(fields))
        return {
            entry[key_name]: entry[value_name]
            for entry in entries
            if key_name in entry and value_name in entry
        }
