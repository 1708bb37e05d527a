"""``OS::Heat::ScalingPolicy``: the HOT policy that resizes an ``OS::Heat::AutoScalingGroup``.

``alarm_url`` is its pre-signed CloudFormation API URL (what an alarm calls with a POST),
``signal_url`` its native API signal URL, for callers with a token.
"""

from typing import Any

from heat.common.i18n import _
from heat.engine import attributes, properties
from heat.engine.resources import scaling_policy
from heat.engine.scaling import capacity

Schema = properties.Schema

PROPERTIES = (GROUP, ADJUSTMENT, ADJUSTMENT_TYPE, COOLDOWN, MIN_ADJUSTMENT_STEP) = (
    "auto_scaling_group_id",
    "scaling_adjustment",
    "adjustment_type",
    "cooldown",
    "min_adjustment_step",
)
ATTRIBUTES = (ALARM_URL, SIGNAL_URL) = ("alarm_url", "signal_url")


class AutoScalingPolicy(scaling_policy.ScalingPolicy):
    """A resource to manage scaling of ``OS::Heat::AutoScalingGroup``.

    It says by how much a signal changes the group's size (by a number of members, to an
    exact size, or by a percentage) and how long the group then waits before the next
    change. Use ``AWS::AutoScaling::ScalingPolicy`` for CloudFormation templates.
    """

    GROUP = GROUP
    ADJUSTMENT = ADJUSTMENT
    ADJUSTMENT_TYPE = ADJUSTMENT_TYPE
    COOLDOWN = COOLDOWN
    MIN_ADJUSTMENT_STEP = MIN_ADJUSTMENT_STEP
    PERCENT_TYPE = capacity.PERCENT_CHANGE_IN_CAPACITY

    properties_schema = scaling_policy.properties_schema(
        PROPERTIES,
        _("AutoScaling group ID to apply policy to."),
        Schema.NUMBER,
        capacity.HOT_TYPES,
        capacity.PERCENT_CHANGE_IN_CAPACITY,
    )
    attributes_schema = {
        ALARM_URL: attributes.Schema(
            _("A signed url to handle the alarm."), type=attributes.Schema.STRING
        ),
        SIGNAL_URL: attributes.Schema(
            _("A url to handle the alarm using native API."), type=attributes.Schema.STRING
        ),
    }

    def _resolve_attribute(self, name: str) -> Any:
        if self.resource_id is None:
            return None
        if name == ALARM_URL:
            return self.alarm_url()
        if name == SIGNAL_URL:
            return self.heat_signal_url()
        return None


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Heat::ScalingPolicy": AutoScalingPolicy}
