"""HOT string functions: list_join, str_split, digest."""

import hashlib
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


class Join(PureFunction):
    """The strings of one list joined with a delimiter (``[delimiter, list]``)."""

    description = "A function for joining strings."

    usage = "[delimiter, list]"

    def _parts(self, args: Any) -> tuple[Any, list]:
        if not is_list(args) or len(args) != 2:
            fail('Arguments to "%s" must be of the form: %s' % (self.fn_name, self.usage))
        return args[0], list(args[1:])

    def validate(self) -> None:
        delimiter, lists = self._parts(self.args)
        if not (isinstance(delimiter, str) or is_function(delimiter)):
            fail('The delimiter of "%s" must be a string' % self.fn_name)
        if not all(is_list(items) or is_function(items) for items in lists):
            fail('"%s" must operate on a list' % self.fn_name)
        super().validate()

    def result(self) -> str:
        delimiter, lists = self._parts(function.resolve(self.args))
        if not isinstance(delimiter, str):
            fail('The delimiter of "%s" must be a string' % self.fn_name)
        strings: list[str] = []
        for items in lists:
            if items is None:
                continue
            if not is_list(items):
                fail('"%s" must operate on a list' % self.fn_name)
            strings.extend(self._text(item) for item in items)
        length = sum(len(text) for text in strings) + len(delimiter) * max(len(strings) - 1, 0)
        check_text_length(self.fn_name, length)
        return delimiter.join(strings)

    def _text(self, item: Any) -> str:
        if item is None:
            return ""
        if not isinstance(item, str):
            fail("Items to join must be strings not %s" % short(item))
        return item


class JoinMultiple(Join):
    """The items of one or more lists joined with a delimiter; lists and maps become JSON."""

    description = "A function for joining one or more lists of strings."

    usage = "[delimiter, list, ...]"

    def _parts(self, args: Any) -> tuple[Any, list]:
        if not is_list(args) or len(args) < 2:
            fail('Arguments to "%s" must be of the form: %s' % (self.fn_name, self.usage))
        return args[0], list(args[1:])

    def _text(self, item: Any) -> str:
        if is_list(item) or is_map(item):
            return json_text(item, self.fn_name)
        if item is not None and not isinstance(item, str):
            fail("Items to join must be string, map or list not %s" % short(item))
        return super()._text(item)


class StrSplit(PureFunction):
    """A string split on a delimiter into a list, or one item of it when an index is given."""

    description = "A function for splitting delimited strings into a list."

    usage = "[delimiter, string, <index>]"

    def _parts(self, args: Any) -> list:
        if not is_list(args) or len(args) not in (2, 3):
            fail('Incorrect arguments to "%s" should be: %s' % (self.fn_name, self.usage))
        return list(args)

    def result(self) -> Any:
        delimiter, text, *index = self._parts(function.resolve(self.args))
        if text is None:
            # A value not known yet (an attribute before the resource exists).
            return None
        if not (isinstance(delimiter, str) and delimiter and isinstance(text, str)):
            fail('Incorrect arguments to "%s" should be: %s' % (self.fn_name, self.usage))
        pieces = text.split(delimiter)
        if not index:
            return pieces
        position = index[0]
        if isinstance(position, str) and position.isdigit():
            position = int(position)
        if isinstance(position, bool) or not isinstance(position, int):
            fail('Incorrect index to "%s": %s is not an integer' % (self.fn_name, short(position)))
        if not 0 <= position < len(pieces):
            fail(
                'Incorrect index to "%s" should be between 0 and %d'
                % (self.fn_name, len(pieces) - 1)
            )
        return pieces[position]


class Digest(PureFunction):
    """The hexadecimal digest of a string by a hashlib algorithm (``[algorithm, value]``)."""

    description = "A function for performing digest operations."

    # SHAKE digests have no fixed length, so they cannot give a hexdigest alone.
    algorithms = frozenset(
        name.lower() for name in hashlib.algorithms_available if "shake" not in name.lower()
    )

    def _parts(self, args: Any) -> tuple[str, str]:
        if not is_list(args) or len(args) != 2:
            fail('Function "%s" usage: ["<algorithm>", "<value>"]' % self.fn_name)
        return args[0], args[1]

    def validate(self) -> None:
        algorithm, value = self._parts(self.args)
        for argument in (algorithm, value):
            if not (isinstance(argument, str) or is_function(argument)):
                fail('Argument to function "%s" must be a list of strings' % self.fn_name)
        if isinstance(algorithm, str):
            self._check_algorithm(algorithm)
        super().validate()

    def _check_algorithm(self, algorithm: str) -> None:
        if algorithm.lower() not in self.algorithms:
            fail("Algorithm must be one of %s" % ", ".join(sorted(self.algorithms)))

    def result(self) -> str:
        algorithm, value = self._parts(function.resolve(self.args))
        if not (isinstance(algorithm, str) and isinstance(value, str)):
            fail('Argument to function "%s" must be a list of strings' % self.fn_name)
        self._check_algorithm(algorithm)
        try:
            digest = hashlib.new(algorithm.lower())
        except ValueError as error:
            fail('Algorithm "%s" of "%s" is not usable here: %s' % (algorithm, self.fn_name, error))
        digest.update(value.encode("utf-8"))
        return digest.hexdigest()
