"""``AWS::AutoScaling::AutoScalingGroup``: instances between ``MinSize`` and ``MaxSize``.

An ``OS::Heat::InstanceGroup`` whose size scaling policies adjust: it starts with
``DesiredCapacity`` instances (else ``MinSize``), and its members are made from a launch
configuration or from an existing server (``InstanceId``), in the subnet
``VPCZoneIdentifier`` names. An update rolls a new launch configuration out as the
``AutoScalingRollingUpdate`` policy says, then resizes to ``DesiredCapacity`` or keeps the
size within the new bounds.
"""

from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import constraints, properties, support
from heat.engine.resources.aws.autoscaling import launch_config
from heat.engine.resources.openstack.heat import instance_group_schema as group_schema
from heat.engine.resources.openstack.heat.instance_group import InstanceGroup
from heat.engine.resources.openstack.heat.scaling_group import ScalingGroup
from heat.engine.scaling import capacity
from heat.engine.scheduler import TaskRunner

Schema = properties.Schema

PROPERTIES = (
    MAX_SIZE,
    MIN_SIZE,
    COOLDOWN,
    DESIRED_CAPACITY,
    HEALTH_CHECK_GRACE_PERIOD,
    HEALTH_CHECK_TYPE,
    VPC_ZONE_IDENTIFIER,
    INSTANCE_ID,
) = (
    "MaxSize",
    "MinSize",
    "Cooldown",
    "DesiredCapacity",
    "HealthCheckGracePeriod",
    "HealthCheckType",
    "VPCZoneIdentifier",
    "InstanceId",
)
ROLLING_UPDATE = "AutoScalingRollingUpdate"

properties_schema = {
    group_schema.AVAILABILITY_ZONES: group_schema.AVAILABILITY_ZONES_SCHEMA,
    group_schema.LAUNCH_CONFIGURATION_NAME: Schema(
        Schema.STRING,
        _("The reference to a LaunchConfiguration resource."),
        update_allowed=True,
    ),
    INSTANCE_ID: Schema(
        Schema.STRING,
        _(
            "The ID of an existing instance to use to create the Auto Scaling group. If "
            "specify this property, will create the group use an existing instance instead "
            "of a launch configuration."
        ),
        constraints=[constraints.CustomConstraint("nova.server")],
    ),
    MAX_SIZE: Schema(
        Schema.INTEGER,
        _("Maximum number of instances in the group."),
        required=True,
        update_allowed=True,
    ),
    MIN_SIZE: Schema(
        Schema.INTEGER,
        _("Minimum number of instances in the group."),
        required=True,
        update_allowed=True,
    ),
    COOLDOWN: Schema(Schema.INTEGER, _("Cooldown period, in seconds."), update_allowed=True),
    DESIRED_CAPACITY: Schema(
        Schema.INTEGER, _("Desired initial number of instances."), update_allowed=True
    ),
    HEALTH_CHECK_GRACE_PERIOD: Schema(Schema.INTEGER, _("Not Implemented."), implemented=False),
    HEALTH_CHECK_TYPE: Schema(
        Schema.STRING,
        _("Not Implemented."),
        constraints=[constraints.AllowedValues(["EC2", "ELB"])],
        implemented=False,
    ),
    group_schema.LOAD_BALANCER_NAMES: Schema(Schema.LIST, _("List of LoadBalancer resources.")),
    VPC_ZONE_IDENTIFIER: Schema(
        Schema.LIST,
        _(
            "Use only with Neutron, to list the internal subnet to which the instance will be "
            "attached; needed only if multiple exist; list length must be exactly 1."
        ),
        schema=Schema(
            Schema.STRING, _("UUID of the internal subnet to which the instance will be attached.")
        ),
    ),
    group_schema.TAGS: group_schema.tags_schema(described=False),
}


class AutoScalingGroup(InstanceGroup, ScalingGroup):
    """Amazon's auto scaling group: instances that scaling policies add and remove."""

    support_status = support.SupportStatus(version="2014.1")
    properties_schema = properties_schema
    update_policy_schema = group_schema.rolling_update_policy(ROLLING_UPDATE)
    ROLLING_UPDATE = ROLLING_UPDATE

    def size_bounds(self) -> tuple[int, int]:
        return self.properties[MIN_SIZE], self.properties[MAX_SIZE]

    def default_cooldown(self) -> float | None:
        return self.properties[COOLDOWN]

    def initial_size(self) -> int:
        return self.properties[DESIRED_CAPACITY] or self.properties[MIN_SIZE]

    def updated_size(self) -> int:
        size = self.current_size()
        return self.bounded(size, self.properties[DESIRED_CAPACITY] or size)

    def launch_definition(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """The launch configuration's, or the server of ``InstanceId``'s, in the subnet
        of ``VPCZoneIdentifier``."""
        instance_id = self.properties[INSTANCE_ID]
        if instance_id:
            server = self.client_plugin("nova").get_server(instance_id)
            found = launch_config.server_properties(server)
            instance_properties = {key: value for key, value in found.items() if value}
            metadata: dict[str, Any] = {}
        else:
            instance_properties, metadata = super().launch_definition()
        subnets = self.properties[VPC_ZONE_IDENTIFIER]
        if subnets:
            instance_properties = dict(instance_properties, SubnetId=subnets[0])
        return instance_properties, metadata

    def tags(self) -> list[dict[str, str]]:
        """The instance group's tags, and one naming the group as cfn-push-stats reports."""
        group = {
            group_schema.TAG_KEY: "metering.AutoScalingGroupName",
            group_schema.TAG_VALUE: self.FnGetRefId(),
        }
        return super().tags() + [group]

    def validate(self) -> None:
        low, high = self.size_bounds()
        message = capacity.bounds_error(low, high, self.properties[DESIRED_CAPACITY])
        if message is None and bool(self.properties[INSTANCE_ID]) == bool(
            self.properties[group_schema.LAUNCH_CONFIGURATION_NAME]
        ):
            message = _("Either 'InstanceId' or 'LaunchConfigurationName' must be provided.")
        if message is not None:
            raise exception.StackValidationFailed(message=message)
        subnets = self.properties[VPC_ZONE_IDENTIFIER]
        if subnets and len(subnets) != 1:
            raise exception.NotSupported(feature=_("Anything other than one VPCZoneIdentifier"))
        super().validate()

    def check_create_complete(self, runner: TaskRunner) -> bool:
        """Step the creation; once done, the group's cooldown starts."""
        done = super().check_create_complete(runner)
        if done:
            self.cool_down(capacity.CFN_EXACT_CAPACITY, self.current_size())
        return done

    def check_update_complete(self, runner: TaskRunner) -> bool:
        """Step the update; once done, the group's cooldown starts."""
        done = runner.step()
        if done:
            self.cool_down(capacity.CFN_EXACT_CAPACITY, self.current_size())
        return done


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"AWS::AutoScaling::AutoScalingGroup": AutoScalingGroup}
