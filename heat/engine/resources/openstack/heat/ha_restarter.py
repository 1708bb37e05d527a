"""``OS::Heat::HARestarter``: removed in OpenStack Heat 10.0.0, kept as a placeholder.

Stacks made with it still load, update and delete; the resource does nothing and its
attributes (``AlarmUrl`` once) are None. New work marks a resource unhealthy instead and
lets the next stack update replace it.
"""

from heat.common.i18n import _
from heat.engine import support
from heat.engine.resources.openstack.heat.none_resource import NoneResource


class Restarter(NoneResource):
    """A placeholder for the removed HARestarter; it does nothing."""

    support_status = support.SupportStatus(
        support.HIDDEN,
        version="10.0.0",
        message=_(
            "OS::Heat::HARestarter has been removed. Stacks that hold one keep working, but "
            "the resource is a placeholder that does nothing."
        ),
        previous_status=support.SupportStatus(
            support.DEPRECATED,
            version="2015.1",
            message=_(
                "OS::Heat::HARestarter is deprecated: it deleted and recreated a server and "
                "everything depending on it instead of restarting it. Mark a resource "
                "unhealthy with the mark-unhealthy API and update the stack to replace it."
            ),
        ),
    )


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Heat::HARestarter": Restarter}
