"""The property and attribute schemas of ``OS::Heat::AutoScalingGroup``."""

from heat.common.i18n import _
from heat.engine import attributes, constraints, properties

Schema = properties.Schema

PROPERTIES = (RESOURCE, MAX_SIZE, MIN_SIZE, COOLDOWN, DESIRED_CAPACITY, ROLLING_UPDATES) = (
    "resource",
    "max_size",
    "min_size",
    "cooldown",
    "desired_capacity",
    "rolling_updates",
)
ROLLING_UPDATE_KEYS = (MIN_IN_SERVICE, MAX_BATCH_SIZE, PAUSE_TIME) = (
    "min_in_service",
    "max_batch_size",
    "pause_time",
)
ATTRIBUTES = (OUTPUTS, OUTPUTS_LIST, CURRENT_SIZE, REFS, REFS_MAP) = (
    "outputs",
    "outputs_list",
    "current_size",
    "refs",
    "refs_map",
)


def _size(description: str) -> Schema:
    return Schema(
        Schema.INTEGER,
        description,
        required=True,
        update_allowed=True,
        constraints=[constraints.Range(min=0)],
    )


rolling_updates_schema = {
    MIN_IN_SERVICE: Schema(
        Schema.INTEGER,
        _("The minimum number of resources in service while rolling updates are being executed."),
        constraints=[constraints.Range(min=0)],
        default=0,
    ),
    MAX_BATCH_SIZE: Schema(
        Schema.INTEGER,
        _("The maximum number of resources to replace at once."),
        constraints=[constraints.Range(min=1)],
        default=1,
    ),
    PAUSE_TIME: Schema(
        Schema.NUMBER,
        _("The number of seconds to wait between batches of updates."),
        constraints=[constraints.Range(min=0)],
        default=0,
    ),
}

properties_schema = {
    RESOURCE: Schema(
        Schema.MAP,
        _(
            "Resource definition for the resources in the group, in HOT format. The value of "
            "this property is the definition of a resource just as if it had been declared in "
            "the template itself."
        ),
        required=True,
        update_allowed=True,
    ),
    MAX_SIZE: _size(_("Maximum number of resources in the group.")),
    MIN_SIZE: _size(_("Minimum number of resources in the group.")),
    COOLDOWN: Schema(Schema.INTEGER, _("Cooldown period, in seconds."), update_allowed=True),
    DESIRED_CAPACITY: Schema(
        Schema.INTEGER, _("Desired initial number of resources."), update_allowed=True
    ),
    ROLLING_UPDATES: Schema(
        Schema.MAP,
        _("Policy for rolling updates for this scaling group."),
        update_allowed=True,
        schema=rolling_updates_schema,
        default={MIN_IN_SERVICE: 0, MAX_BATCH_SIZE: 1, PAUSE_TIME: 0},
    ),
}

attributes_schema = {
    OUTPUTS: attributes.Schema(
        _(
            "A map of resource names to the specified attribute of each individual resource "
            "that is part of the AutoScalingGroup. This map specifies output parameters that "
            "are available once the AutoScalingGroup has been instantiated."
        ),
        type=attributes.Schema.MAP,
    ),
    OUTPUTS_LIST: attributes.Schema(
        _(
            "A list of the specified attribute of each individual resource that is part of "
            "the AutoScalingGroup. This list of attributes is available as an output once the "
            "AutoScalingGroup has been instantiated."
        ),
        type=attributes.Schema.LIST,
    ),
    CURRENT_SIZE: attributes.Schema(
        _("The current size of AutoscalingResourceGroup."), type=attributes.Schema.INTEGER
    ),
    REFS: attributes.Schema(
        _("A list of resource IDs for the resources in the group."),
        type=attributes.Schema.LIST,
    ),
    REFS_MAP: attributes.Schema(
        _("A map of resource names to IDs for the resources in the group."),
        type=attributes.Schema.MAP,
    ),
}
