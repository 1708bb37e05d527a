"""Which resources of a stack the holder of one of its credentials may see.

Software in a server authenticates to the CFN API with the EC2 keypair of an
``AWS::IAM::AccessKey`` (or as a stack domain user); DescribeStackResource must then show it
only what the policies of its ``AWS::IAM::User`` allow. A resource that hands out
credentials says so with ``access_credentials()`` (the access keys and user ids it answers
for) and decides with ``access_allowed(resource_name)``.
"""

from typing import Any


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
