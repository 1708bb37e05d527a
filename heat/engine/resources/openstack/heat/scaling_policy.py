"""``OS::Heat::ScalingPolicy``: the HOT policy that resizes an ``OS::Heat::AutoScalingGroup``.

``alarm_url`` is its pre-signed CloudFormation API URL (what an alarm calls with a POST),
``signal_url`` its native API signal URL, for callers with a token.
"""

from typing import Any

from heat.common.i18n import _
from heat.engine import attributes, constraints, properties
from heat.engine.resources.scaling_policy import ScalingPolicy
from heat.engine.scaling import capacity

Schema = properties.Schema

PROPERTIES = (GROUP, ADJUSTMENT_TYPE, ADJUSTMENT, COOLDOWN, MIN_ADJUSTMENT_STEP) = (
    "auto_scaling_group_id",
    "adjustment_type",
    "scaling_adjustment",
    "cooldown",
    "min_adjustment_step",
)
ATTRIBUTES = (ALARM_URL, SIGNAL_URL) = ("alarm_url", "signal_url")


class AutoScalingPolicy(ScalingPolicy):
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

    properties_schema = {
        GROUP: Schema(Schema.STRING, _("AutoScaling group ID to apply policy to."), required=True),
        ADJUSTMENT: Schema(
            Schema.NUMBER, _("Size of adjustment."), required=True, update_allowed=True
        ),
        ADJUSTMENT_TYPE: Schema(
            Schema.STRING,
            _("Type of adjustment (absolute or percentage)."),
            required=True,
            constraints=[constraints.AllowedValues(list(capacity.HOT_TYPES))],
            update_allowed=True,
        ),
        COOLDOWN: Schema(Schema.NUMBER, _("Cooldown period, in seconds."), update_allowed=True),
        MIN_ADJUSTMENT_STEP: Schema(
            Schema.INTEGER,
            _(
                "Minimum number of resources that are added or removed when the AutoScaling "
                "group scales up or down. This can be used only when specifying "
                "percent_change_in_capacity for the adjustment_type property."
            ),
            constraints=[constraints.Range(min=0)],
            update_allowed=True,
        ),
    }
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
