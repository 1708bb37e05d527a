"""``OS::Heat::AccessPolicy``: the resources of a stack a stack user may describe.

An ``AWS::IAM::User`` names access policies in its ``Policies``; the holder of its access
key may then see through the CFN API's DescribeStackResource only the resources every one
of them allows. The policy makes nothing: it is a list checked against the stack.
"""

from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import properties, resource

PROPERTIES = (ALLOWED_RESOURCES,) = ("AllowedResources",)


class AccessPolicy(resource.Resource):
    """A list of resources of the stack that users given this policy may describe.

    Though in the ``OS::Heat`` namespace, it applies to ``AWS::IAM::User`` resources: the
    CFN API's DescribeStackResource shows the holder of such a user's access key only the
    resources its policies allow.
    """

    # It makes nothing outside the database: its writes can be batched.
    durable_writes = False

    properties_schema = {
        ALLOWED_RESOURCES: properties.Schema(
            properties.Schema.LIST,
            _("Resources that users are allowed to access by the DescribeStackResource API."),
            required=True,
        ),
    }

    def validate(self) -> None:
        """The properties, then that each allowed resource is a resource of the stack."""
        super().validate()
        for name in self.properties[ALLOWED_RESOURCES]:
            if name not in self.stack:
                message = _("AccessPolicy resource %s not in stack") % name
                raise exception.StackValidationFailed(message=message)

    def access_allowed(self, resource_name: str) -> bool:
        """Whether the policy allows seeing ``resource_name``."""
        return resource_name in self.properties[ALLOWED_RESOURCES]


def resource_mapping() -> dict[str, Any]:
    """The types this module provides."""
    return {"OS::Heat::AccessPolicy": AccessPolicy}
