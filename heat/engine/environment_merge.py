"""Merging of ``environment_files`` into a request's environment, in the order given.

Each file's ``parameters`` and ``parameter_defaults`` are merged by the file's
``parameter_merge_strategies`` (``default`` and per parameter: ``overwrite``, ``merge``,
``deep_merge``); a parameter may not change strategy from one file to the next. Values
of parameters the template does not declare are always overwritten. Other sections are
merged key by key (lists are extended).
"""

import collections.abc
from collections.abc import Mapping
from typing import Any

from heat.common import environment_format as env_fmt
from heat.common import exception
from heat.common.i18n import _
from heat.engine import parameter_types


def merge_map(old: Any, new: Mapping, deep_merge: bool = False) -> Any:
    """``old`` updated with ``new`` (in place); ``deep_merge`` merges nested maps and lists
    and concatenates strings instead of replacing them. Null values in ``new`` are skipped."""
    if not old:
        return new
    for key, value in new.items():
        if value is None:
            continue
        previous = old.get(key)
        if not deep_merge or not previous:
            old[key] = value
        elif isinstance(value, Mapping):
            old[key] = merge_map(previous, value, deep_merge)
        elif isinstance(value, str):
            old[key] = str(previous) + value
        elif isinstance(value, collections.abc.Sequence):
            old[key] = merge_list(previous, value)
        else:
            old[key] = value
    return old


def merge_list(old: Any, new: Any) -> Any:
    """``new`` appended to ``old``; two comma-delimited strings are joined with a comma."""
    if not old:
        return new
    if isinstance(old, str) and isinstance(new, str):
        return ",".join([old, new])
    as_list = parameter_types.parse
    return list(as_list(parameter_types.LIST, old) if isinstance(old, str) else old) + list(
        as_list(parameter_types.LIST, new) if isinstance(new, str) else new
    )


def _merge_value(name: str, old: Any, new: Any, schema: Any, deep_merge: bool) -> Any:
    try:
        if schema.type == parameter_types.MAP:
            old_map = parameter_types.parse(parameter_types.MAP, old) if old else {}
            return merge_map(old_map, parameter_types.parse(parameter_types.MAP, new), deep_merge)
        if schema.type == parameter_types.LIST:
            return merge_list(old, new)
        if schema.type == parameter_types.STRING:
            return "%s%s" % ("" if old is None else old, new)
        if schema.type == parameter_types.NUMBER:
            number = parameter_types.NUMBER
            return parameter_types.parse(number, old or 0) + parameter_types.parse(number, new)
    except ValueError as error:
        raise ValueError(_("Invalid parameter in environment %s.") % error)
    raise exception.InvalidMergeStrategyForParam(strategy=env_fmt.MERGE, param=name)


def _strategy(name: str, strategies: Mapping, known: dict, env_file: str) -> str:
    default = strategies.get(env_fmt.DEFAULT_STRATEGY_KEY, env_fmt.OVERWRITE)
    if default not in env_fmt.MERGE_STRATEGIES:
        default = env_fmt.OVERWRITE
    strategy = strategies.get(name, default)
    if strategy not in env_fmt.MERGE_STRATEGIES:
        strategy = default
    if known.setdefault(name, strategy) != strategy:
        raise exception.ConflictingMergeStrategyForParam(
            strategy=strategy, param=name, env_file=env_file
        )
    return strategy


def merge_parameters(
    old: dict,
    new: Mapping,
    param_schemata: Mapping,
    strategies: Mapping,
    known: dict,
    env_file: str,
) -> dict:
    """``old`` parameters updated with one file's ``new`` ones; ``known`` records the
    strategy each parameter was merged with so far."""
    if not old:
        return dict(new)
    for name, value in new.items():
        if name not in param_schemata:
            old[name] = value
            continue
        strategy = _strategy(name, strategies, known, env_file)
        if strategy == env_fmt.OVERWRITE or name not in old:
            old[name] = value
        else:
            deep = strategy == env_fmt.DEEP_MERGE
            old[name] = _merge_value(name, old[name], value, param_schemata[name], deep)
    return old


def merge_environments(
    environment_files: list[str] | None,
    files: Mapping[str, str],
    params: dict,
    param_schemata: Mapping,
) -> None:
    """Merge the environments named in ``environment_files`` (their text is in ``files``)
    into the environment dict ``params``, in order and in place."""
    known: dict[str, str] = {}
    for filename in environment_files or ():
        if filename not in files:
            reason = _('environment file "%s" is not in the files map') % filename
            raise exception.Invalid(reason=reason)
        environment = env_fmt.parse(files[filename])
        strategies = environment.pop(env_fmt.PARAMETER_MERGE_STRATEGIES, {})
        for section, value in environment.items():
            if not value:
                continue
            if section in (env_fmt.PARAMETERS, env_fmt.PARAMETER_DEFAULTS):
                params[section] = merge_parameters(
                    params.get(section) or {}, value, param_schemata, strategies, known, filename
                )
            elif isinstance(value, list):
                params[section] = list(params.get(section) or []) + value
            else:
                params[section] = merge_map(params.get(section) or {}, value)
