"""The ``keystone.*`` custom constraints: the value names or identifies something in Keystone.

Each looks the value up as the request's user, through the Keystone client plugin of the
clients kept on the context (see :func:`heat.engine.clients.clients_for`).
"""

from typing import Any, ClassVar

from heat.common import exception
from heat.common.i18n import _
from heat.engine.constraints import BaseCustomConstraint


class KeystoneConstraint(BaseCustomConstraint):
    """A value the Keystone client plugin's ``getter`` resolves to an id."""

    expected_exceptions: tuple[type[Exception], ...] = (exception.EntityNotFound,)
    getter: ClassVar[str]
    entity: ClassVar[str]

    def validate(self, value: Any, context: Any) -> None:
        # An empty value is never looked up: Keystone would list everything for it.
        if value == "":
            raise exception.EntityNotFound(entity=self.entity, name=value)
        clients = getattr(context, "clients", None)
        if clients is None:
            raise exception.ConstraintServiceUnavailable(
                service_name="keystone",
                constraint=self.name,
                reason=_("the request has no clients for other services"),
            )
        getattr(clients.client_plugin("keystone"), self.getter)(value)


class RoleConstraint(KeystoneConstraint):
    getter = "get_role_id"
    entity = "KeystoneRole"


class DomainConstraint(KeystoneConstraint):
    getter = "get_domain_id"
    entity = "KeystoneDomain"


class ProjectConstraint(KeystoneConstraint):
    getter = "get_project_id"
    entity = "KeystoneProject"


class GroupConstraint(KeystoneConstraint):
    getter = "get_group_id"
    entity = "KeystoneGroup"


class ServiceConstraint(KeystoneConstraint):
    expected_exceptions = (exception.EntityNotFound, exception.KeystoneServiceNameConflict)
    getter = "get_service_id"
    entity = "KeystoneService"


class UserConstraint(KeystoneConstraint):
    getter = "get_user_id"
    entity = "KeystoneUser"


class RegionConstraint(KeystoneConstraint):
    getter = "get_region_id"
    entity = "KeystoneRegion"
