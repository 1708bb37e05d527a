"""HOT ``repeat``: copies of a template, one per combination of the ``for_each`` values."""

import itertools
import math
from typing import Any

from heat.engine import function
from heat.engine.hot.functions.arguments import (
    PureFunction,
    check_items,
    check_text_length,
    fail,
    is_function,
    is_list,
    is_map,
    json_text,
    measure,
    short,
)

USAGE = "{for_each: {<var>: <list>, ...}, template: <template>}"
LOOP_VALUES = 'The values of the "for_each" argument to "%s" must be lists'


class _Copier:
    """Copies of a template with variables replaced, failing as soon as all the copies
    together would pass ``MAX_ITEMS`` nodes or ``MAX_TEXT_LENGTH`` characters."""

    def __init__(self, fn_name: str) -> None:
        self.fn_name = fn_name
        self.nodes = 0
        self.characters = 0

    def copy(self, template: Any, pairs: list[tuple[str, str]]) -> Any:
        """``template`` with every variable of ``pairs`` replaced in its strings and keys."""
        self.nodes += 1
        check_items(self.fn_name, self.nodes)
        if isinstance(template, str):
            return self._text(template, pairs)
        if is_list(template):
            return [self.copy(item, pairs) for item in template]
        if is_map(template):
            return {
                self.copy(key, pairs): self.copy(value, pairs) for key, value in template.items()
            }
        return template

    def _text(self, text: str, pairs: list[tuple[str, str]]) -> str:
        # Each replacement may put in text that a later variable matches, so the length
        # is checked before every step rather than estimated for the whole copy.
        for variable, value in pairs:
            occurrences = text.count(variable)
            length = len(text) + occurrences * (len(value) - len(variable))
            check_text_length(self.fn_name, self.characters + length)
            if occurrences:
                text = text.replace(variable, value)
        self.characters += len(text)
        return text


class Repeat(PureFunction):
    """One copy of ``template`` for each combination of the ``for_each`` lists (2015-04-30)."""

    description = "A function for iterating over a list of items."

    loops_over_maps = False

    def _parts(self, args: Any) -> tuple[Any, Any]:
        if not is_map(args) or "for_each" not in args or "template" not in args:
            fail('"%s" syntax should be %s' % (self.fn_name, USAGE))
        return args["for_each"], args["template"]

    def _loop_value(self, value: Any) -> bool:
        return is_list(value) or (self.loops_over_maps and is_map(value))

    def validate(self) -> None:
        for_each, _template = self._parts(self.args)
        if not (is_map(for_each) or is_function(for_each)):
            fail('The "for_each" argument to "%s" must contain a map' % self.fn_name)
        if is_map(for_each):
            for value in for_each.values():
                if not (self._loop_value(value) or is_function(value)):
                    fail(LOOP_VALUES % self.fn_name)
        super().validate()

    def _loops(self, for_each: Any) -> tuple[list[str], list[list]]:
        if not is_map(for_each) or not for_each:
            fail('The "for_each" argument to "%s" must contain a non-empty map' % self.fn_name)
        variables, loops = [], []
        for variable, value in for_each.items():
            if value is None:
                # A value not known yet (an attribute before the resource exists) loops
                # over nothing, as upstream.
                value = []
            if not isinstance(variable, str) or not self._loop_value(value):
                fail(LOOP_VALUES % self.fn_name)
            variables.append(variable)
            loops.append([self._text(item) for item in value])
        return variables, loops

    def _text(self, item: Any) -> str:
        if isinstance(item, str):
            return item
        if is_list(item) or is_map(item):
            return json_text(item, self.fn_name)
        return str(item)

    def _permutations(self, args: Any) -> bool:
        return True

    def _check_size(self, template: Any, copies: int) -> None:
        """Fail before copying when ``copies`` copies of ``template`` hold too many nodes."""
        nodes, _characters = measure(template)
        check_items(self.fn_name, copies * nodes)

    def result(self) -> list:
        args = function.resolve(self.args)
        for_each, template = self._parts(args)
        variables, loops = self._loops(for_each)
        if self._permutations(args):
            self._check_size(template, math.prod(len(loop) for loop in loops))
            combinations: Any = itertools.product(*loops)
        elif len({len(loop) for loop in loops}) > 1:
            fail(
                'For "%s", the length of for_each values should be equal if no nested loop.'
                % self.fn_name
            )
        else:
            self._check_size(template, len(loops[0]))
            combinations = zip(*loops, strict=True)
        copier = _Copier(self.fn_name)
        return [
            copier.copy(template, list(zip(variables, values, strict=True)))
            for values in combinations
        ]


class RepeatWithMap(Repeat):
    """As ``repeat``, a map in ``for_each`` looping over its keys (2016-10-14)."""

    description = "A function for iterating over a list of items or a dict of keys."

    loops_over_maps = True


class RepeatWithNestedLoop(RepeatWithMap):
    """As ``repeat``; ``permutations: false`` walks the lists side by side (2017-09-01)."""

    def _permutations(self, args: Any) -> bool:
        value = args.get("permutations", True)
        if not isinstance(value, bool):
            fail('"permutations" of "%s" must be a boolean, not %s' % (self.fn_name, short(value)))
        return value
