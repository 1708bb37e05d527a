"""The intrinsic functions of CloudFormation-compatible templates, and their tables.

``CFN_FUNCTIONS`` and ``CFN_CONDITION_FUNCTIONS`` serve ``AWSTemplateFormatVersion:
2010-09-09``; ``HEAT_CFN_FUNCTIONS`` serves ``HeatTemplateFormatVersion: 2012-12-12``,
which has no conditions. The classes are shared with HOT 2013-05-23, which still
accepts most of them.
"""

from heat.engine import function
from heat.engine.cfn.functions import references, strings
from heat.engine.hot.functions import conditions
from heat.engine.hot.functions import strings as hot_strings

CFN_FUNCTIONS: dict[str, type[function.Function] | None] = {
    "Fn::Base64": strings.Base64,
    "Fn::FindInMap": references.FindInMap,
    "Fn::GetAZs": references.GetAZs,
    "Fn::GetAtt": references.GetAtt,
    "Fn::If": conditions.If,
    "Fn::Join": hot_strings.Join,
    "Fn::MemberListToMap": strings.MemberListToMap,
    "Fn::Replace": strings.Replace,
    "Fn::ResourceFacade": references.ResourceFacade,
    "Fn::Select": strings.Select,
    "Fn::Split": strings.Split,
    "Ref": references.Ref,
}

CFN_CONDITION_FUNCTIONS: dict[str, type[function.Function] | None] = {
    "Fn::And": conditions.And,
    "Fn::Equals": conditions.Equals,
    "Fn::FindInMap": references.FindInMap,
    "Fn::Not": conditions.Not,
    "Fn::Or": conditions.Or,
    "Ref": references.ParamRef,
}

HEAT_CFN_FUNCTIONS: dict[str, type[function.Function] | None] = {
    name: cls for name, cls in CFN_FUNCTIONS.items() if name != "Fn::If"
}
