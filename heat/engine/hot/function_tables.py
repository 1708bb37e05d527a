"""Which intrinsic functions each HOT version accepts, as data.

``FUNCTIONS[version]`` and ``CONDITION_FUNCTIONS[version]`` map a function name to its
class, or to None when the version removed it (using it is a validation error naming
the function and the version). Each version is the previous one plus its changes, as
listed in ``_CHANGES``. The tables keep the order in which Heat lists a version's
functions (``GET /template_versions/{version}/functions``).
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
    "Fn::GetAZs": cfn.CFN_FUNCTIONS["Fn::GetAZs"],
    "get_param": references.GetParam,
    "get_resource": references.GetResource,
    "Ref": cfn.CFN_FUNCTIONS["Ref"],
    "get_attr": references.GetAttThenSelect,
    "Fn::Select": cfn.CFN_FUNCTIONS["Fn::Select"],
    "Fn::Join": cfn.CFN_FUNCTIONS["Fn::Join"],
    "list_join": strings.Join,
    "Fn::Split": cfn.CFN_FUNCTIONS["Fn::Split"],
    "str_replace": replace.Replace,
    "Fn::Replace": cfn.CFN_FUNCTIONS["Fn::Replace"],
    "Fn::Base64": cfn.CFN_FUNCTIONS["Fn::Base64"],
    "Fn::MemberListToMap": cfn.CFN_FUNCTIONS["Fn::MemberListToMap"],
    "resource_facade": references.ResourceFacade,
    "Fn::ResourceFacade": cfn.CFN_FUNCTIONS["Fn::ResourceFacade"],
    "get_file": references.GetFile,
}

# From 2014-10-16 on, Heat lists a version's functions in this order.
_LISTING_ORDER = (
    "get_attr",
    "get_file",
    "get_param",
    "get_resource",
    "list_join",
    "repeat",
    "resource_facade",
    "str_replace",
    "Fn::Select",
    "digest",
    "str_split",
    "map_merge",
    "yaql",
    "map_replace",
    "if",
    "filter",
    "str_replace_strict",
    "make_url",
    "list_concat",
    "str_replace_vstrict",
    "list_concat_unique",
    "contains",
)

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
        if version != VERSIONS[0]:
            current = _in_listing_order(current)
        current_conditions = {**current_conditions, **(condition_changes or {})}
        functions[version] = current
        condition_functions[version] = current_conditions
    return functions, condition_functions


def _in_listing_order(table: Table) -> Table:
    """``table`` ordered by ``_LISTING_ORDER``, the names it does not list (removed
    functions) last."""
    ordered = {name: table[name] for name in _LISTING_ORDER if name in table}
    return {**ordered, **table}


FUNCTIONS, CONDITION_FUNCTIONS = _build()
