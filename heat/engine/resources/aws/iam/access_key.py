"""``AWS::IAM::AccessKey``: the EC2 keypair of an ``AWS::IAM::User`` of the stack.

``UserName`` is the user's reference id (``Ref`` of the User resource, or its resource
name). The keypair is made and owned by that User resource, which holds one at most; the
AccessKey's resource id is the access key and its secret is kept redacted in its data.
The holder of the key may see the resources of the stack the user's policies allow.
"""

import logging
from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import attributes, constraints, properties, resource

LOG = logging.getLogger(__name__)

PROPERTIES = (SERIAL, USER_NAME, STATUS) = ("Serial", "UserName", "Status")
ATTRIBUTES = (USER_NAME_ATTRIBUTE, SECRET_ACCESS_KEY) = ("UserName", "SecretAccessKey")
DATA_KEYS = (SECRET_KEY, CREDENTIAL_ID) = ("secret_key", "credential_id")
# What SecretAccessKey gives before the key exists, as in OpenStack Heat.
NO_SECRET = "000-000-000"


class AccessKey(resource.Resource):
    """An EC2 access key and secret of a stack user.

    Software in a server signs its CFN API requests (metadata reads, signals) with the
    keypair; it acts as the user, so it may see only what the user's policies allow.
    """

    properties_schema = {
        SERIAL: properties.Schema(
            properties.Schema.INTEGER, _("Not Implemented."), implemented=False
        ),
        USER_NAME: properties.Schema(
            properties.Schema.STRING,
            _("The name of the user that the new key will belong to."),
            required=True,
        ),
        STATUS: properties.Schema(
            properties.Schema.STRING,
            _("Not Implemented."),
            constraints=[constraints.AllowedValues(["Active", "Inactive"])],
            implemented=False,
        ),
    }

    attributes_schema = {
        USER_NAME_ATTRIBUTE: attributes.Schema(
            _("Username associated with the AccessKey."),
            cache_mode=attributes.Schema.CACHE_NONE,
            type=attributes.Schema.STRING,
        ),
        SECRET_ACCESS_KEY: attributes.Schema(
            _("Keypair secret key."),
            cache_mode=attributes.Schema.CACHE_NONE,
            type=attributes.Schema.STRING,
        ),
    }

    def _user(self) -> Any:
        """The User resource of the stack that ``UserName`` refers to, or None."""
        return self.stack.resource_by_refid(self.properties[USER_NAME])

    def handle_create(self) -> None:
        """Make the keypair through the User resource."""
        user = self._user()
        if user is None:
            message = _("could not find user %s") % self.properties[USER_NAME]
            raise exception.NotFound(message=message)
        keypair = user.create_keypair()
        self.resource_id_set(keypair.access)
        self.data_set(SECRET_KEY, keypair.secret, redact=True)
        self.data_set(CREDENTIAL_ID, keypair.id, redact=True)

    def handle_delete(self) -> None:
        """Delete the keypair through the User resource (which deletes it anyway when the
        user goes, so a user no longer found is not an error)."""
        if self.resource_id is None:
            return
        user = self._user()
        if user is None:
            LOG.debug("The user of %s is gone; its keypair went with it", self.name)
            return
        user.delete_keypair()

    def _resolve_attribute(self, name: str) -> Any:
        if name == USER_NAME_ATTRIBUTE:
            return self.properties[USER_NAME]
        if name == SECRET_ACCESS_KEY:
            return self.data().get(SECRET_KEY) or NO_SECRET
        return None

    def access_credentials(self) -> set[str]:
        """The access key, whose holder this resource answers for (see
        :mod:`heat.engine.stack_access`)."""
        return {self.resource_id} if self.resource_id else set()

    def access_allowed(self, resource_name: str) -> bool:
        """Whether the key's holder may see ``resource_name``: as the user's policies say."""
        user = self._user()
        return user is not None and bool(user.access_allowed(resource_name))


def resource_mapping() -> dict[str, Any]:
    """The types this module provides."""
    return {"AWS::IAM::AccessKey": AccessKey}
