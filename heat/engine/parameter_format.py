"""A parameter as the validate API shows it (the CFN-style keys of ``Parameters``).

For example ``{"Type": "Number", "Description": "", "NoEcho": "false", "Label": "N",
"Default": 3, "MinValue": 1, "Step": 2, "Offset": 1}``; ``Value`` appears when the parameter
was given a value, and the descriptions of its constraints are joined in
``ConstraintDescription``.
"""

from typing import Any

from heat.engine import constraints
from heat.engine.parameters import Parameter
from heat.rpc import api as rpc_api


def validate_format(param: Parameter) -> dict[str, Any]:
    """The validate API's description of ``param``: type, flags, default and constraints."""
    result: dict[str, Any] = {
        rpc_api.PARAM_TYPE: param.schema.type,
        rpc_api.PARAM_DESCRIPTION: param.description(),
        rpc_api.PARAM_NO_ECHO: "true" if param.hidden() else "false",
        rpc_api.PARAM_LABEL: param.label(),
    }
    if param.has_default():
        result[rpc_api.PARAM_DEFAULT] = param.default()
    if param.user_value:
        result[rpc_api.PARAM_VALUE] = param.user_value
    if param.tags():
        result[rpc_api.PARAM_TAG] = param.tags()
    descriptions = []
    for constraint in param.schema.constraints:
        result.update(_constraint_keys(constraint))
        if constraint.description:
            descriptions.append(constraint.description)
    if descriptions:
        result[rpc_api.PARAM_CONSTRAINT_DESCRIPTION] = " ".join(descriptions)
    return result


def _bounds(low_key: str, low: Any, high_key: str, high: Any) -> dict[str, Any]:
    return {key: bound for key, bound in ((low_key, low), (high_key, high)) if bound is not None}


def _constraint_keys(constraint: constraints.Constraint) -> dict[str, Any]:
    """The validate API keys one constraint contributes."""
    if isinstance(constraint, constraints.Length):
        return _bounds(
            rpc_api.PARAM_MIN_LENGTH, constraint.min, rpc_api.PARAM_MAX_LENGTH, constraint.max
        )
    if isinstance(constraint, constraints.Range):
        return _bounds(
            rpc_api.PARAM_MIN_VALUE, constraint.min, rpc_api.PARAM_MAX_VALUE, constraint.max
        )
    if isinstance(constraint, constraints.Modulo):
        return {rpc_api.PARAM_STEP: constraint.step, rpc_api.PARAM_OFFSET: constraint.offset}
    if isinstance(constraint, constraints.AllowedValues):
        return {rpc_api.PARAM_ALLOWED_VALUES: list(constraint.allowed)}
    if isinstance(constraint, constraints.AllowedPattern):
        return {rpc_api.PARAM_ALLOWED_PATTERN: constraint.pattern}
    if isinstance(constraint, constraints.CustomConstraint):
        return {rpc_api.PARAM_CUSTOM_CONSTRAINT: constraint.name}
    return {}
