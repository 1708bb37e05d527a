"""The custom constraints that look a value up in another service (``nova.flavor``,
``glance.image``, ``neutron.network``...).

The service is the first part of the name. Until a client plugin for that service exists
(it will register its own checks under these names), every value is answered with
``ConstraintServiceUnavailable`` (HEAT-E99001), which the validate API can ignore with
``ignore_errors=99001``.
"""

from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine.constraints import BaseCustomConstraint


class ServiceConstraint(BaseCustomConstraint):
    """A check that needs the service named by the first part of the constraint name."""

    @property
    def service_name(self) -> str:
        """The service the constraint needs (``nova`` for ``nova.flavor``)."""
        return self.name.split(".", 1)[0]

    def validate(self, value: Any, context: Any) -> None:
        raise exception.ConstraintServiceUnavailable(
            service_name=self.service_name,
            constraint=self.name,
            reason=_("no client plugin for this service is installed"),
        )
