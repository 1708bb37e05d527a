"""Stacks as the CloudFormation API names them: a name or an ARN in, an ARN out."""

from collections.abc import Mapping

from heat.api.aws import exception
from heat.api.aws.query import Call
from heat.common import identifier
from heat.common.i18n import _


def stack_identity(call: Call, name_or_arn: str) -> dict:
    """The engine identity of the stack a ``StackName`` parameter names.

    An ARN is parsed here; a name (or id) is looked up by the engine.
    """
    if name_or_arn.startswith("arn:"):
        try:
            return dict(identifier.HeatIdentifier.from_arn(name_or_arn))
        except ValueError as error:
            raise exception.HeatInvalidParameterValueError(detail=str(error))
    return call.engine.identify_stack(call.context, name_or_arn)


def required_stack_identity(call: Call) -> dict:
    """The identity of the stack of the required ``StackName`` parameter."""
    name = call.params.get("StackName")
    if not name:
        raise exception.HeatMissingParameterError(detail=_("StackName is required"))
    return stack_identity(call, name)


def optional_stack_identity(call: Call) -> dict | None:
    """The identity of the stack ``StackName`` names, or None when it is not given."""
    name = call.params.get("StackName")
    return stack_identity(call, name) if name else None


def arn(identity: Mapping[str, str]) -> str:
    """The ARN of an engine identity (of a stack, or of something inside one: its stack's)."""
    stack = identifier.HeatIdentifier(
        identity["tenant"], identity["stack_name"], identity["stack_id"]
    )
    return stack.arn()


def status(action: str | None, state: str | None) -> str | None:
    """``<ACTION>_<STATUS>`` as CloudFormation reports it, None when either is unknown."""
    if not action or not state:
        return None
    return "%s_%s" % (action, state)
