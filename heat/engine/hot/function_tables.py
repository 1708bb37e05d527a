"""Which intrinsic functions each HOT version accepts, as data.

``FUNCTIONS[version]`` and ``CONDITION_FUNCTIONS[version]`` map a function name to its
class, or to None when the version removed it (using it is a validation error naming
the function and the version). Each version is the previous one plus its changes, as
listed in ``_CHANGES``.
"""

from heat.engine import function
from heat.engine.cfn import functions as cfn
from heat.engine.hot.functions import (
    collections,
    conditions,
    references,
    repeat,
    replace,
    strings,
    urls,
    yaql_query,
)

Table = dict[str, type[function.Function] | None]

_CFN_FUNCTIONS_IN_HOT = (
    "Fn::Base64",
    "Fn::GetAZs",
    "Fn::Join",
    "Fn::MemberListToMap",
    "Fn::Replace",
    "Fn::ResourceFacade",
    "Fn::Split",
    "Ref",
)

_FIRST: Table = {
    "get_attr": references.GetAttThenSelect,
    "get_file": references.GetFile,
    "get_param": references.GetParam,
    "get_resource": references.GetResource,
    "list_join": strings.Join,
    "resource_facade": references.ResourceFacade,
    "str_replace": replace.Replace,
    "Fn::Select": cfn.CFN_FUNCTIONS["Fn::Select"],
    **{name: cfn.CFN_FUNCTIONS[name] for name in _CFN_FUNCTIONS_IN_HOT},
}

_FIRST_CONDITIONS: Table = {
    "get_param": references.GetParam,
    "equals": conditions.Equals,
    "not": conditions.Not,
    "and": conditions.And,
    "or": conditions.Or,
}

# version: (function changes, condition function changes); a version without
# conditions has None for the latter.
_CHANGES: dict[str, tuple[Table, Table | None]] = {
    "2013-05-23": (_FIRST, None),
    "2014-10-16": (
        {"get_attr": references.GetAtt, **dict.fromkeys(_CFN_FUNCTIONS_IN_HOT)},
        None,
    ),
    "2015-04-30": ({"repeat": repeat.Repeat, "digest": strings.Digest}, None),
    "2015-10-15": (
        {
            "get_attr": references.GetAttAllAttributes,
            "list_join": strings.JoinMultiple,
            "str_replace": replace.ReplaceJson,
            "str_split": strings.StrSplit,
            "Fn::Select": None,
        },
        None,
    ),
    "2016-04-08": ({"map_merge": collections.MapMerge}, None),
    "2016-10-14": (
        {
            "yaql": yaql_query.Yaql,
            "map_replace": collections.MapReplace,
            "if": conditions.If,
            "repeat": repeat.RepeatWithMap,
        },
        _FIRST_CONDITIONS,
    ),
    "2017-02-24": (
        {"filter": collections.Filter, "str_replace_strict": replace.ReplaceJsonStrict},
        {},
    ),
    "2017-09-01": (
        {
            "make_url": urls.MakeURL,
            "list_concat": collections.ListConcat,
            "list_concat_unique": collections.ListConcatUnique,
            "str_replace_vstrict": replace.ReplaceJsonVeryStrict,
            "contains": collections.Contains,
            "repeat": repeat.RepeatWithNestedLoop,
        },
        {"yaql": yaql_query.Yaql, "contains": collections.Contains},
    ),
    "2018-03-02": ({}, {}),
    "2018-08-31": ({}, {}),
    "2021-04-16": ({"if": conditions.IfNullable}, {}),
}

VERSIONS: tuple[str, ...] = tuple(_CHANGES)


def _build() -> tuple[dict[str, Table], dict[str, Table]]:
    functions: dict[str, Table] = {}
    condition_functions: dict[str, Table] = {}
    current: Table = {}
    current_conditions: Table = {}
    for version, (changes, condition_changes) in _CHANGES.items():
        current = {**current, **changes}
        current_conditions = {**current_conditions, **(condition_changes or {})}
        functions[version] = current
        condition_functions[version] = current_conditions
    return functions, condition_functions


FUNCTIONS, CONDITION_FUNCTIONS = _build()
