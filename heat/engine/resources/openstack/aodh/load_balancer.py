"""``OS::Aodh::LBMemberHealthAlarm``: an alarm on the health of a load balancer pool's
members; Aodh's evaluator marks an erring member's server unhealthy in its scaling group
and updates the root stack, which replaces it."""

from typing import Any

from heat.common.i18n import _
from heat.engine import properties, support
from heat.engine.resources.openstack.aodh import alarm

POOL, STACK, AUTOSCALING_GROUP_ID = "pool", "stack", "autoscaling_group_id"
POOL_ID, STACK_ID = "pool_id", "stack_id"


class LBMemberHealthAlarm(alarm.AodhAlarm):
    """An alarm on load balancer pool members reporting ERROR.

    A member is unhealthy when it reports an ``operating_status`` of ERROR after a grace
    period from its creation (120 seconds by default).
    """

    alarm_type = "loadbalancer_member_health"
    rule_properties = (POOL, STACK, AUTOSCALING_GROUP_ID)
    support_status = support.SupportStatus(version="13.0.0")

    properties_schema = {
        POOL: properties.Schema(
            properties.Schema.STRING,
            _(
                "Name or ID of the loadbalancer pool for which the health of each member "
                "will be evaluated."
            ),
            update_allowed=True,
            required=True,
        ),
        STACK: properties.Schema(
            properties.Schema.STRING,
            _(
                "Name or ID of the root / top level Heat stack containing the loadbalancer "
                "pool and members. An update will be triggered on the root Stack if an "
                "unhealthy member is detected in the loadbalancer pool."
            ),
            update_allowed=False,
            required=True,
        ),
        AUTOSCALING_GROUP_ID: properties.Schema(
            properties.Schema.STRING,
            _(
                "ID of the Heat autoscaling group that contains the loadbalancer members. "
                "Unhealthy members will be marked as such before an update is triggered on "
                "the root stack."
            ),
            update_allowed=True,
            required=True,
        ),
        **alarm.COMMON_SCHEMA,
    }

    def aodh_rule(self, rule: dict[str, Any]) -> dict[str, Any]:
        """The pool by id (a name is looked up in Octavia), the stack as given."""
        return {
            POOL_ID: self.client_plugin("octavia").get_pool(rule[POOL]),
            STACK_ID: rule[STACK],
            AUTOSCALING_GROUP_ID: rule[AUTOSCALING_GROUP_ID],
        }


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Aodh::LBMemberHealthAlarm": LBMemberHealthAlarm}
