"""``AWS::IAM::User``: a stack domain user, with a password and access policies.

Only ``LoginProfile`` (its password) and ``Policies`` act: Keystone has nothing for
``Path`` and ``Groups``, which are accepted and ignored. A policy is the name of an
``OS::Heat::AccessPolicy`` of the stack; a policy given as a map (an IAM policy document)
is ignored, as templates written for AWS carry them. The reference id is the user's name
in Keystone; the resource id is its Keystone id.
"""

import logging
from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import properties
from heat.engine import resource_states as states
from heat.engine.resources.stack_user import StackUser

LOG = logging.getLogger(__name__)

PROPERTIES = (PATH, GROUPS, LOGIN_PROFILE, POLICIES) = (
    "Path",
    "Groups",
    "LoginProfile",
    "Policies",
)
LOGIN_PROFILE_KEYS = (LOGIN_PROFILE_PASSWORD,) = ("Password",)


class User(StackUser):
    """A user of the stack, for software running in its servers.

    The user lives in the stack's own Keystone project, so its credentials (a password, or
    the EC2 keypair of an ``AWS::IAM::AccessKey``) reach nothing of the stack's creator.
    Its policies limit which resources of the stack it may describe through the CFN API.
    """

    properties_schema = {
        PATH: properties.Schema(properties.Schema.STRING, _("Not Implemented.")),
        GROUPS: properties.Schema(properties.Schema.LIST, _("Not Implemented.")),
        LOGIN_PROFILE: properties.Schema(
            properties.Schema.MAP,
            _("A login profile for the user."),
            schema={LOGIN_PROFILE_PASSWORD: properties.Schema(properties.Schema.STRING)},
        ),
        POLICIES: properties.Schema(
            properties.Schema.LIST, _("Access policies to apply to the user.")
        ),
    }

    @property
    def password(self) -> str | None:
        """The password of the login profile, if any."""
        profile = self.properties[LOGIN_PROFILE] or {}
        return profile.get(LOGIN_PROFILE_PASSWORD)

    def _policy_names(self) -> list[str]:
        """The policies named by the template; maps (IAM policy documents) are ignored."""
        names = []
        for policy in self.properties[POLICIES] or []:
            if isinstance(policy, str):
                names.append(policy)
            else:
                LOG.debug("Ignoring policy %s of %s: not a resource name", policy, self.name)
        return names

    def _is_policy(self, name: str) -> bool:
        return name in self.stack and callable(getattr(self.stack[name], "access_allowed", None))

    def handle_create(self) -> None:
        """Make the user once its policies are known to be access policies of the stack."""
        if not all(self._is_policy(name) for name in self._policy_names()):
            raise exception.InvalidTemplateAttribute(resource=self.name, key=POLICIES)
        super().handle_create()
        self.resource_id_set(self.user_id())

    def get_reference_id(self) -> str | None:
        """The user's name in Keystone, once the resource is stored."""
        if self.id is None or self.action == states.INIT:
            return super().get_reference_id()
        return self.physical_resource_name()

    def access_allowed(self, resource_name: str) -> bool:
        """Whether every policy of the user lets it see ``resource_name``."""
        return all(self.stack[name].access_allowed(resource_name) for name in self._policy_names())


def resource_mapping() -> dict[str, Any]:
    """The types this module provides."""
    return {"AWS::IAM::User": User}
