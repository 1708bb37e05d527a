"""HOT functions over lists and maps: map_merge, map_replace, filter, list_concat, contains."""

import json
from typing import Any

from heat.engine import function
from heat.engine.hot.functions.arguments import (
    PureFunction,
    check_items,
    fail,
    is_function,
    is_list,
    is_map,
    short,
)


def _hashable(value: Any) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


def _identity(value: Any) -> Any:
    """A hashable stand-in for ``value``, equal for equal values, so that membership
    tests take constant time instead of a scan of the list."""
    if _hashable(value):
        return value
    return ("unhashable", json.dumps(value, sort_keys=True, default=repr))


class _ListOfArguments(PureFunction):
    """A function whose argument is a list of arguments (possibly computed as a whole)."""

    usage = ""

    def _items(self, args: Any) -> list:
        if not is_list(args):
            fail('Incorrect arguments to "%s" should be: %s' % (self.fn_name, self.usage))
        return list(args)

    def validate(self) -> None:
        if not is_function(self.args):
            self._items(self.args)
        super().validate()


class MapMerge(_ListOfArguments):
    """The maps of a list merged into one; later maps override the keys of earlier ones."""

    description = "A function for merging maps."

    usage = "[{key: value, ...}, {key: value, ...}, ...]"

    def result(self) -> dict:
        merged: dict = {}
        for item in self._items(function.resolve(self.args)):
            if item is None:
                continue
            if not is_map(item):
                fail("Incorrect arguments: Items to merge must be maps, not %s" % short(item))
            merged.update(item)
        return merged


class MapReplace(PureFunction):
    """A map with some keys and values replaced: ``[map, {keys: {old: new}, values: {...}}]``."""

    description = "A function for performing substitutions on maps."

    usage = "[{key: value, ...}, {keys: {old_key: new_key}, values: {old_value: new_value}}]"

    def _parts(self, args: Any) -> tuple[Any, Any]:
        if not is_list(args) or len(args) != 2:
            fail('Incorrect arguments to "%s" should be: %s' % (self.fn_name, self.usage))
        return args[0], args[1]

    def validate(self) -> None:
        _data, replacements = self._parts(self.args)
        if is_map(replacements):
            self._replacements(replacements)
        super().validate()

    def _map(self, value: Any) -> Any:
        if value is None:
            return {}
        if not is_map(value):
            fail('Incorrect arguments to "%s": %s is not a map' % (self.fn_name, short(value)))
        return value

    def _replacements(self, replacements: Any) -> tuple[Any, Any]:
        replacements = self._map(replacements)
        if any(key not in ("keys", "values") for key in replacements):
            fail('Incorrect arguments to "%s" should be: %s' % (self.fn_name, self.usage))
        keys, values = replacements.get("keys"), replacements.get("values")
        if is_function(keys) or is_function(values):
            return keys, values
        return self._map(keys), self._map(values)

    def result(self) -> dict:
        data, replacements = self._parts(function.resolve(self.args))
        data = self._map(data)
        new_keys, new_values = self._replacements(replacements)
        replaced: dict = {}
        for key, value in data.items():
            new_key = new_keys.get(key)
            if new_key is None:
                new_key = key
            if not _hashable(new_key):
                fail("key replacement %s is not a valid key" % short(new_key))
            if new_key != key and new_key in data:
                fail("key replacement %s collides with a key in the input map" % new_key)
            if new_key in replaced:
                fail("key replacement %s collides with a key in the output map" % new_key)
            replaced[new_key] = new_values.get(value, value) if _hashable(value) else value
        return replaced


class Filter(PureFunction):
    """A list without the values of another list: ``[values_to_remove, list]``."""

    description = "A function for filtering out values from lists."

    def _parts(self, args: Any) -> tuple[Any, Any]:
        if not is_list(args) or len(args) != 2:
            fail(
                '"%s" expected 2 arguments of the form [values, sequence] but got %s'
                % (self.fn_name, short(args))
            )
        return args[0], args[1]

    def result(self) -> Any:
        values, sequence = self._parts(function.resolve(self.args))
        if not sequence:
            return sequence
        if not is_list(sequence):
            fail('"%s" only works with lists, not %s' % (self.fn_name, short(sequence)))
        if not values:
            return list(sequence)
        if not is_list(values):
            fail('"%s" filters a list of values, not %s' % (self.fn_name, short(values)))
        removed = {_identity(value) for value in values}
        return [item for item in sequence if _identity(item) not in removed]


class ListConcat(_ListOfArguments):
    """The lists of a list concatenated into one."""

    description = "A function for extending lists."

    usage = "[[item, ...], [item, ...], ...]"

    def result(self) -> list:
        concatenated: list = []
        for item in self._items(function.resolve(self.args)):
            if item is None:
                continue
            if not is_list(item):
                fail("Incorrect arguments: Items to concat must be lists, not %s" % short(item))
            check_items(self.fn_name, len(concatenated) + len(item))
            concatenated.extend(item)
        return concatenated


class ListConcatUnique(ListConcat):
    """As ``list_concat``, keeping only the first occurrence of each item."""

    description = "A function for extending lists with unique items."

    def result(self) -> list:
        unique: list = []
        seen: set = set()
        for item in super().result():
            identity = _identity(item)
            if identity not in seen:
                seen.add(identity)
                unique.append(item)
        return unique


class Contains(PureFunction):
    """Whether a value is an item of a list (or a substring of a string): ``[value, list]``."""

    description = "A function for checking whether specific value is in sequence."

    def _parts(self, args: Any) -> tuple[Any, Any]:
        if not is_list(args) or len(args) != 2:
            fail('Arguments to "%s" must be of the form: [value, sequence]' % self.fn_name)
        return args[0], args[1]

    def result(self) -> bool:
        value, sequence = self._parts(function.resolve(self.args))
        if isinstance(sequence, str):
            return isinstance(value, str) and value in sequence
        if not is_list(sequence):
            fail('Second argument to "%s" should be a sequence.' % self.fn_name)
        return value in sequence
