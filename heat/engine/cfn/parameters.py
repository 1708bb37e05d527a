"""CFN parameter schemas (``Parameters`` entries of CFN templates) and CFN pseudo parameters."""

from typing import Any

from heat.common import exception, identifier
from heat.common.i18n import _
from heat.engine import constraints, parameters
from heat.engine.parameter_schema import check_dict, invalid_parameter

KEYS = (
    TYPE,
    DEFAULT,
    NO_ECHO,
    ALLOWED_VALUES,
    ALLOWED_PATTERN,
    MAX_LENGTH,
    MIN_LENGTH,
    MAX_VALUE,
    MIN_VALUE,
    DESCRIPTION,
    CONSTRAINT_DESCRIPTION,
    LABEL,
) = (
    "Type",
    "Default",
    "NoEcho",
    "AllowedValues",
    "AllowedPattern",
    "MaxLength",
    "MinLength",
    "MaxValue",
    "MinValue",
    "Description",
    "ConstraintDescription",
    "Label",
)

REGIONS = (
    "us-east-1",
    "us-west-1",
    "us-west-2",
    "sa-east-1",
    "eu-west-1",
    "ap-southeast-1",
    "ap-northeast-1",
)
DEFAULT_REGION = "ap-southeast-1"


class CfnParamSchema(parameters.Schema):
    """The schema of a CFN parameter, from its template entry."""

    @classmethod
    def from_dict(cls, param_name: str, schema_dict: Any) -> "CfnParamSchema":
        """The schema of ``param_name``; ``InvalidSchemaError`` naming it when its entry is bad."""
        check_dict(schema_dict, KEYS, "parameter (%s)" % param_name)
        if TYPE not in schema_dict:
            raise exception.InvalidSchemaError(
                message=_("Missing parameter type for parameter: %s") % param_name
            )
        try:
            return cls(
                schema_dict[TYPE],
                description=schema_dict.get(DESCRIPTION),
                default=schema_dict.get(DEFAULT),
                constraints=_constraints(schema_dict),
                hidden=str(schema_dict.get(NO_ECHO, "false")).lower() == "true",
                label=schema_dict.get(LABEL),
            )
        except exception.InvalidSchemaError as error:
            raise invalid_parameter(param_name, error)


def _constraints(schema_dict: dict) -> list[constraints.Constraint]:
    """The constraints the CFN keys express, each described by ``ConstraintDescription``."""
    description = schema_dict.get(CONSTRAINT_DESCRIPTION)
    result: list[constraints.Constraint] = []
    if MIN_VALUE in schema_dict or MAX_VALUE in schema_dict:
        result.append(
            constraints.Range(schema_dict.get(MIN_VALUE), schema_dict.get(MAX_VALUE), description)
        )
    if MIN_LENGTH in schema_dict or MAX_LENGTH in schema_dict:
        result.append(
            constraints.Length(
                schema_dict.get(MIN_LENGTH), schema_dict.get(MAX_LENGTH), description
            )
        )
    if ALLOWED_VALUES in schema_dict:
        result.append(constraints.AllowedValues(schema_dict[ALLOWED_VALUES], description))
    if ALLOWED_PATTERN in schema_dict:
        result.append(constraints.AllowedPattern(schema_dict[ALLOWED_PATTERN], description))
    return result


class CfnPseudoParameters(parameters.PseudoParameters):
    """``AWS::StackId`` (the stack's ARN), ``AWS::StackName`` and ``AWS::Region``.

    Before the stack has an id, ``AWS::StackId`` is the text ``None``, as in OpenStack Heat;
    ``AWS::StackName`` and ``AWS::Region`` exist only when the stack has a name.
    """

    names = ("AWS::StackId", "AWS::StackName", "AWS::Region")
    stack_id_name = "AWS::StackId"

    def stack_id(self, stack_identifier: Any) -> str:
        """The stack's ARN, or ``None`` (as text) while it has no id."""
        if not stack_identifier or stack_identifier.get("stack_id") is None:
            return "None"
        return identifier.HeatIdentifier(
            stack_identifier["tenant"],
            stack_identifier["stack_name"],
            stack_identifier["stack_id"],
        ).arn()

    def parameters(self, stack_identifier: Any) -> list[parameters.Parameter]:
        result = [
            parameters.text_parameter(
                "AWS::StackId", _("Stack ID"), self.stack_id(stack_identifier)
            )
        ]
        stack_name = (stack_identifier or {}).get("stack_name")
        if stack_name:
            result.append(parameters.text_parameter("AWS::StackName", _("Stack Name"), stack_name))
            result.append(
                parameters.text_parameter(
                    "AWS::Region",
                    None,
                    DEFAULT_REGION,
                    constraints=[constraints.AllowedValues(list(REGIONS))],
                )
            )
        return result
