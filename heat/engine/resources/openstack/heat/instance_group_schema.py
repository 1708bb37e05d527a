"""The property, attribute and update policy schemas of ``OS::Heat::InstanceGroup``."""

from heat.common.i18n import _
from heat.engine import attributes, properties

Schema = properties.Schema

PROPERTIES = (AVAILABILITY_ZONES, LAUNCH_CONFIGURATION_NAME, SIZE, LOAD_BALANCER_NAMES, TAGS) = (
    "AvailabilityZones",
    "LaunchConfigurationName",
    "Size",
    "LoadBalancerNames",
    "Tags",
)
TAG_KEYS = (TAG_KEY, TAG_VALUE) = ("Key", "Value")
ROLLING_UPDATE_KEYS = (MIN_INSTANCES_IN_SERVICE, MAX_BATCH_SIZE, PAUSE_TIME) = (
    "MinInstancesInService",
    "MaxBatchSize",
    "PauseTime",
)
ROLLING_UPDATE = "RollingUpdate"
INSTANCE_LIST = "InstanceList"
# The longest pause between two batches of a rolling update, in seconds.
MAX_PAUSE = 3600


def tags_schema(described: bool) -> Schema:
    """The ``Tags`` property (its keys described or not, as each group type has it)."""
    return Schema(
        Schema.LIST,
        _("Tags to attach to this group."),
        schema=Schema(
            Schema.MAP,
            schema={
                TAG_KEY: Schema(Schema.STRING, _("Tag key.") if described else None, required=True),
                TAG_VALUE: Schema(
                    Schema.STRING, _("Tag value.") if described else None, required=True
                ),
            },
        ),
    )


def rolling_update_policy(name: str) -> dict[str, Schema]:
    """An update policy schema whose rolling update section is called ``name``."""
    rolling_update = {
        MIN_INSTANCES_IN_SERVICE: Schema(Schema.INTEGER, default=0),
        MAX_BATCH_SIZE: Schema(Schema.INTEGER, default=1),
        PAUSE_TIME: Schema(Schema.STRING, default="PT0S"),
    }
    return {name: Schema(Schema.MAP, schema=rolling_update)}


AVAILABILITY_ZONES_SCHEMA = Schema(Schema.LIST, _("Not Implemented."), required=True)

properties_schema = {
    AVAILABILITY_ZONES: AVAILABILITY_ZONES_SCHEMA,
    LAUNCH_CONFIGURATION_NAME: Schema(
        Schema.STRING,
        _("The reference to a LaunchConfiguration resource."),
        required=True,
        update_allowed=True,
    ),
    SIZE: Schema(
        Schema.INTEGER, _("Desired number of instances."), required=True, update_allowed=True
    ),
    LOAD_BALANCER_NAMES: Schema(
        Schema.LIST,
        _(
            "List of LoadBalancer resources. Currently only the "
            "AWS::ElasticLoadBalancing::LoadBalancer resource type is supported."
        ),
    ),
    TAGS: tags_schema(described=True),
}

attributes_schema = {
    INSTANCE_LIST: attributes.Schema(
        _("A comma-delimited list of server ip addresses. (Heat extension)."),
        type=attributes.Schema.STRING,
    ),
}

update_policy_schema = rolling_update_policy(ROLLING_UPDATE)
