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
            "The HARestarter resource type has been removed. Existing stacks containing "
            "HARestarter resources can still be used, but the HARestarter resource will be a "
            "placeholder that does nothing."
        ),
        previous_status=support.SupportStatus(
            support.DEPRECATED,
            version="2015.1",
            message=_(
                "The HARestarter resource type is deprecated and will be removed in a future "
                "release of Heat, once it has support for auto-healing any type of resource. Note"
                " that HARestarter does *not* actually restart servers - it deletes and then "
                "recreates them. It also does the same to all dependent resources, and may "
                "therefore exhibit unexpected and undesirable behaviour. Instead, use the mark-"
                "unhealthy API to mark a resource as needing replacement, and then a stack update"
                " to perform the replacement while respecting  the dependencies and not deleting "
                "them unnecessarily."
            ),
        ),
    )


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Heat::HARestarter": Restarter}
