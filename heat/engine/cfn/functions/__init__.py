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

# In the order Heat lists them (``GET /template_versions/{version}/functions``).
CFN_FUNCTIONS: dict[str, type[function.Function] | None] = {
    "Fn::FindInMap": references.FindInMap,
    "Fn::GetAZs": references.GetAZs,
    "Ref": references.Ref,
    "Fn::GetAtt": references.GetAtt,
    "Fn::Select": strings.Select,
    "Fn::Join": hot_strings.Join,
    "Fn::Split": strings.Split,
    "Fn::Replace": strings.Replace,
    "Fn::Base64": strings.Base64,
    "Fn::MemberListToMap": strings.MemberListToMap,
    "Fn::ResourceFacade": references.ResourceFacade,
    "Fn::If": conditions.If,
}

CFN_CONDITION_FUNCTIONS: dict[str, type[function.Function] | None] = {
    "Fn::Equals": conditions.Equals,
    "Fn::Not": conditions.Not,
    "Fn::And": conditions.And,
    "Fn::Or": conditions.Or,
    "Fn::FindInMap": references.FindInMap,
    "Ref": references.ParamRef,
}

HEAT_CFN_FUNCTIONS: dict[str, type[function.Function] | None] = {
    name: cls for name, cls in CFN_FUNCTIONS.items() if name != "Fn::If"
}
