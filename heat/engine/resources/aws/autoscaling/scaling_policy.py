"""``AWS::AutoScaling::ScalingPolicy``: the CloudFormation policy that resizes a group.

Its ``Ref`` is its alarm URL (pre-signed, never expiring), which is what
``AWS::CloudWatch::Alarm`` actions name; ``AlarmUrl`` gives the same URL.
"""

from typing import Any

from heat.common.i18n import _
from heat.engine import attributes, properties
from heat.engine.resources import scaling_policy
from heat.engine.scaling import capacity

Schema = properties.Schema

PROPERTIES = (GROUP, ADJUSTMENT, ADJUSTMENT_TYPE, COOLDOWN, MIN_ADJUSTMENT_STEP) = (
    "AutoScalingGroupName",
    "ScalingAdjustment",
    "AdjustmentType",
    "Cooldown",
    "MinAdjustmentStep",
)
ALARM_URL = "AlarmUrl"


class AWSScalingPolicy(scaling_policy.ScalingPolicy):
    """Resizes the scaling group it names when it is signalled, usually by an alarm."""

    GROUP = GROUP
    ADJUSTMENT = ADJUSTMENT
    ADJUSTMENT_TYPE = ADJUSTMENT_TYPE
    COOLDOWN = COOLDOWN
    MIN_ADJUSTMENT_STEP = MIN_ADJUSTMENT_STEP
    PERCENT_TYPE = capacity.CFN_PERCENT_CHANGE_IN_CAPACITY

    properties_schema = scaling_policy.properties_schema(
        PROPERTIES,
        _("AutoScaling group name to apply policy to."),
        Schema.INTEGER,
        capacity.CFN_TYPES,
        capacity.CFN_PERCENT_CHANGE_IN_CAPACITY,
    )
    attributes_schema = {
        ALARM_URL: attributes.Schema(
            _("A signed url to handle the alarm. (Heat extension)."),
            type=attributes.Schema.STRING,
        ),
    }

    def get_reference_id(self) -> str | None:
        """The alarm URL once the policy exists (None, so its name, before)."""
        return self.alarm_url()

    def _resolve_attribute(self, name: str) -> Any:
        return self.alarm_url() if name == ALARM_URL else None


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"AWS::AutoScaling::ScalingPolicy": AWSScalingPolicy}
