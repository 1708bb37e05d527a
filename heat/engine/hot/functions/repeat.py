"""HOT ``repeat``: copies of a template, one per combination of the ``for_each`` values."""

import itertools
from typing import Any

from heat.engine import function
from heat.engine.hot.functions.arguments import (
    PureFunction,
    fail,
    is_function,
    is_list,
    is_map,
    json_text,
    short,
)

USAGE = "{for_each: {<var>: <list>, ...}, template: <template>}"
LOOP_VALUES = 'The values of the "for_each" argument to "%s" must be lists'


def _replace(template: Any, pairs: list[tuple[str, str]]) -> Any:
    """``template`` with every variable of ``pairs`` replaced in its strings and map keys."""
    if isinstance(template, str):
        for variable, value in pairs:
            template = template.replace(variable, value)
        return template
    if is_list(template):
        return [_replace(item, pairs) for item in template]
    if is_map(template):
        return {_replace(key, pairs): _replace(value, pairs) for key, value in template.items()}
    return template


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

    def result(self) -> list:
        args = function.resolve(self.args)
        for_each, template = self._parts(args)
        variables, loops = self._loops(for_each)
        if self._permutations(args):
            combinations: Any = itertools.product(*loops)
        elif len({len(loop) for loop in loops}) > 1:
            fail(
                'For "%s", the length of for_each values should be equal if no nested loop.'
                % self.fn_name
            )
        else:
            combinations = zip(*loops, strict=True)
        return [
            _replace(template, list(zip(variables, values, strict=True))) for values in combinations
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
