"""Which resources of a stack the holder of one of its credentials may see.

Software in a server authenticates to the CFN API with the EC2 keypair of an
``AWS::IAM::AccessKey`` (or as a stack domain user); DescribeStackResource must then show it
only what the policies of its ``AWS::IAM::User`` allow. A resource that hands out
credentials says so with ``access_credentials()`` (the access keys and user ids it answers
for) and decides with ``access_allowed(resource_name)``.
"""

import json
from typing import Any

from heat.common import exception


def access_allowed(stack: Any, credential_id: str | None, resource_name: str) -> bool:
    """Whether the holder of ``credential_id`` (an access key or a user id) may see the
    resource ``resource_name`` of ``stack``; False when no resource of the stack issued it."""
    if not credential_id:
        return False
    for resource in stack.resources.values():
        credentials = getattr(resource, "access_credentials", None)
        if credentials is not None and credential_id in credentials():
            return bool(resource.access_allowed(resource_name))
    return False


def _access_key(context: Any) -> str | None:
    """The EC2 access key a request was signed with, if it was."""
    try:
        return json.loads(context.aws_creds)["ec2Credentials"]["access"]
    except (TypeError, ValueError, KeyError):
        return None


def authorize(context: Any, stack: Any, resource_name: str, stack_user_role: str) -> None:
    """Forbidden unless ``context`` may reach the resource: a caller holding
    ``stack_user_role`` (software in a server) only as the credentials it holds allow,
    by its user id or by the EC2 access key it signed with; other callers freely."""
    if stack_user_role not in (context.roles or ()):
        return
    for credential in (context.user_id, _access_key(context)):
        if access_allowed(stack, credential, resource_name):
            return
    raise exception.Forbidden()
