"""Names shared by the RPC client and the engine: topics, versions, argument and result keys."""

ENGINE_TOPIC = "engine"
LISTENER_TOPIC = "heat-engine-listener"
WORKER_TOPIC = "engine_worker"
RPC_API_VERSION = "1.38"
LISTENER_API_VERSION = "1.0"
WORKER_API_VERSION = "1.10"

# Keys of the ``args`` dict of create/update/preview calls.
PARAM_TIMEOUT = "timeout_mins"
PARAM_DISABLE_ROLLBACK = "disable_rollback"
PARAM_ADOPT_STACK_DATA = "adopt_stack_data"
PARAM_SHOW_DELETED = "show_deleted"
PARAM_SHOW_NESTED = "show_nested"
PARAM_EXISTING = "existing"
PARAM_CLEAR_PARAMETERS = "clear_parameters"
PARAM_GLOBAL_TENANT = "global_tenant"
PARAM_LIMIT = "limit"
PARAM_NESTED_DEPTH = "nested_depth"
PARAM_TAGS = "tags"
PARAM_SHOW_HIDDEN = "show_hidden"
PARAM_TAGS_ANY = "tags_any"
PARAM_NOT_TAGS = "not_tags"
PARAM_NOT_TAGS_ANY = "not_tags_any"
PARAM_TEMPLATE_TYPE = "template_type"
PARAM_WITH_DETAIL = "with_detail"
PARAM_RESOLVE_OUTPUTS = "resolve_outputs"
PARAM_IGNORE_ERRORS = "ignore_errors"
PARAM_CONVERGE = "converge"
PARAMS = (
    PARAM_TIMEOUT,
    PARAM_DISABLE_ROLLBACK,
    PARAM_ADOPT_STACK_DATA,
    PARAM_SHOW_DELETED,
    PARAM_SHOW_NESTED,
    PARAM_EXISTING,
    PARAM_CLEAR_PARAMETERS,
    PARAM_GLOBAL_TENANT,
    PARAM_LIMIT,
    PARAM_NESTED_DEPTH,
    PARAM_TAGS,
    PARAM_SHOW_HIDDEN,
    PARAM_TAGS_ANY,
    PARAM_NOT_TAGS,
    PARAM_NOT_TAGS_ANY,
    PARAM_TEMPLATE_TYPE,
    PARAM_WITH_DETAIL,
    PARAM_RESOLVE_OUTPUTS,
    PARAM_IGNORE_ERRORS,
    PARAM_CONVERGE,
)

STACK_KEYS = (
    STACK_NAME,
    STACK_ID,
    STACK_CREATION_TIME,
    STACK_UPDATED_TIME,
    STACK_DELETION_TIME,
    STACK_NOTIFICATION_TOPICS,
    STACK_DESCRIPTION,
    STACK_TMPL_DESCRIPTION,
    STACK_PARAMETERS,
    STACK_OUTPUTS,
    STACK_ACTION,
    STACK_STATUS,
    STACK_STATUS_DATA,
    STACK_CAPABILITIES,
    STACK_DISABLE_ROLLBACK,
    STACK_TIMEOUT,
    STACK_OWNER,
    STACK_PARENT,
    STACK_USER_PROJECT_ID,
    STACK_TAGS,
    STACK_DELETED_TIME,
    STACK_TERMINATION_PROTECTION,
) = (
    "stack_name",
    "stack_identity",
    "creation_time",
    "updated_time",
    "deletion_time",
    "notification_topics",
    "description",
    "template_description",
    "parameters",
    "outputs",
    "stack_action",
    "stack_status",
    "stack_status_reason",
    "capabilities",
    "disable_rollback",
    "timeout_mins",
    "stack_owner",
    "parent",
    "stack_user_project_id",
    "tags",
    "deletion_time",
    "termination_protection",
)

STACK_OUTPUT_KEYS = (OUTPUT_DESCRIPTION, OUTPUT_KEY, OUTPUT_VALUE, OUTPUT_ERROR) = (
    "description",
    "output_key",
    "output_value",
    "output_error",
)

RES_KEYS = (
    RES_DESCRIPTION,
    RES_CREATION_TIME,
    RES_UPDATED_TIME,
    RES_NAME,
    RES_PHYSICAL_ID,
    RES_METADATA,
    RES_ACTION,
    RES_STATUS,
    RES_STATUS_DATA,
    RES_TYPE,
    RES_ID,
    RES_STACK_ID,
    RES_STACK_NAME,
    RES_REQUIRED_BY,
    RES_NESTED_STACK_ID,
    RES_NESTED_RESOURCES,
    RES_PARENT_RESOURCE,
    RES_PROPERTIES,
    RES_ATTRIBUTES,
) = (
    "description",
    "creation_time",
    "updated_time",
    "resource_name",
    "physical_resource_id",
    "metadata",
    "resource_action",
    "resource_status",
    "resource_status_reason",
    "resource_type",
    "resource_identity",
    "stack_identity",
    "stack_name",
    "required_by",
    "nested_stack_id",
    "nested_resources",
    "parent_resource",
    "properties",
    "attributes",
)

EVENT_KEYS = (
    EVENT_ID,
    EVENT_STACK_ID,
    EVENT_STACK_NAME,
    EVENT_TIMESTAMP,
    EVENT_RES_NAME,
    EVENT_RES_PHYSICAL_ID,
    EVENT_RES_ACTION,
    EVENT_RES_STATUS,
    EVENT_RES_STATUS_DATA,
    EVENT_RES_TYPE,
    EVENT_RES_PROPERTIES,
    EVENT_ROOT_STACK_ID,
) = (
    "event_identity",
    "stack_identity",
    "stack_name",
    "event_time",
    "resource_name",
    "physical_resource_id",
    "resource_action",
    "resource_status",
    "resource_status_reason",
    "resource_type",
    "resource_properties",
    "root_stack_id",
)

SNAPSHOT_KEYS = (
    SNAPSHOT_ID,
    SNAPSHOT_NAME,
    SNAPSHOT_STACK_ID,
    SNAPSHOT_DATA,
    SNAPSHOT_STATUS,
    SNAPSHOT_STATUS_REASON,
    SNAPSHOT_CREATION_TIME,
) = ("id", "name", "stack_id", "data", "status", "status_reason", "creation_time")

SOFTWARE_CONFIG_KEYS = (
    SOFTWARE_CONFIG_ID,
    SOFTWARE_CONFIG_NAME,
    SOFTWARE_CONFIG_GROUP,
    SOFTWARE_CONFIG_CONFIG,
    SOFTWARE_CONFIG_INPUTS,
    SOFTWARE_CONFIG_OUTPUTS,
    SOFTWARE_CONFIG_OPTIONS,
    SOFTWARE_CONFIG_CREATION_TIME,
    SOFTWARE_CONFIG_PROJECT,
) = ("id", "name", "group", "config", "inputs", "outputs", "options", "creation_time", "project")

SOFTWARE_DEPLOYMENT_KEYS = (
    SOFTWARE_DEPLOYMENT_ID,
    SOFTWARE_DEPLOYMENT_CONFIG_ID,
    SOFTWARE_DEPLOYMENT_SERVER_ID,
    SOFTWARE_DEPLOYMENT_INPUT_VALUES,
    SOFTWARE_DEPLOYMENT_OUTPUT_VALUES,
    SOFTWARE_DEPLOYMENT_ACTION,
    SOFTWARE_DEPLOYMENT_STATUS,
    SOFTWARE_DEPLOYMENT_STATUS_REASON,
    SOFTWARE_DEPLOYMENT_CREATION_TIME,
    SOFTWARE_DEPLOYMENT_UPDATED_TIME,
) = (
    "id",
    "config_id",
    "server_id",
    "input_values",
    "output_values",
    "action",
    "status",
    "status_reason",
    "creation_time",
    "updated_time",
)

SERVICE_KEYS = (
    SERVICE_ID,
    SERVICE_HOST,
    SERVICE_HOSTNAME,
    SERVICE_BINARY,
    SERVICE_TOPIC,
    SERVICE_ENGINE_ID,
    SERVICE_REPORT_INTERVAL,
    SERVICE_CREATED_AT,
    SERVICE_UPDATED_AT,
    SERVICE_DELETED_AT,
    SERVICE_STATUS,
) = (
    "id",
    "host",
    "hostname",
    "binary",
    "topic",
    "engine_id",
    "report_interval",
    "created_at",
    "updated_at",
    "deleted_at",
    "status",
)

VALIDATE_PARAM_KEYS = (
    PARAM_TYPE,
    PARAM_DEFAULT,
    PARAM_NO_ECHO,
    PARAM_ALLOWED_VALUES,
    PARAM_ALLOWED_PATTERN,
    PARAM_MAX_LENGTH,
    PARAM_MIN_LENGTH,
    PARAM_MAX_VALUE,
    PARAM_MIN_VALUE,
    PARAM_STEP,
    PARAM_OFFSET,
    PARAM_DESCRIPTION,
    PARAM_CONSTRAINT_DESCRIPTION,
    PARAM_LABEL,
    PARAM_CUSTOM_CONSTRAINT,
    PARAM_VALUE,
    PARAM_TAG,
) = (
    "Type",
    "Default",
    "NoEcho",
    "AllowedValues",
    "AllowedPattern",
    "MaxLength",
    "MinLength",
    "MaxValue",
    "MinValue",
    "Step",
    "Offset",
    "Description",
    "ConstraintDescription",
    "Label",
    "CustomConstraint",
    "Value",
    "Tags",
)

# Filters the engine accepts for stack lists.
STACK_FILTER_KEYS = (
    "id",
    "name",
    "status",
    "action",
    "tenant",
    "username",
    "owner_id",
    "stack_name",
    "stack_action",
    "stack_status",
    "stack_status_reason",
    "disable_rollback",
    "timeout_mins",
    "stack_owner",
    "parent",
    "stack_user_project_id",
)

# Watch rules (CloudWatch alarms) as show_watch returns them.
WATCH_KEYS = (
    WATCH_ACTIONS_ENABLED,
    WATCH_ALARM_ACTIONS,
    WATCH_TOPIC,
    WATCH_UPDATED_TIME,
    WATCH_DESCRIPTION,
    WATCH_NAME,
    WATCH_COMPARISON,
    WATCH_DIMENSIONS,
    WATCH_PERIODS,
    WATCH_INSUFFICIENT_ACTIONS,
    WATCH_METRIC_NAME,
    WATCH_NAMESPACE,
    WATCH_OK_ACTIONS,
    WATCH_PERIOD,
    WATCH_STATE_REASON,
    WATCH_STATE_REASON_DATA,
    WATCH_STATE_UPDATED_TIME,
    WATCH_STATE_VALUE,
    WATCH_STATISTIC,
    WATCH_THRESHOLD,
    WATCH_UNIT,
    WATCH_STACK_ID,
) = (
    "actions_enabled",
    "actions",
    "topic",
    "updated_time",
    "description",
    "name",
    "comparison",
    "dimensions",
    "periods",
    "insufficient_actions",
    "metric_name",
    "namespace",
    "ok_actions",
    "period",
    "state_reason",
    "state_reason_data",
    "state_updated_time",
    "state_value",
    "statistic",
    "threshold",
    "unit",
    "stack_id",
)

# Metric samples as show_watch_metric returns them.
WATCH_DATA_KEYS = (
    WATCH_DATA_ALARM,
    WATCH_DATA_METRIC,
    WATCH_DATA_TIME,
    WATCH_DATA_NAMESPACE,
    WATCH_DATA,
) = ("watch_name", "metric_name", "timestamp", "namespace", "data")

# States of a watch rule in the engine.
WATCH_STATES = (
    WATCH_STATE_OK,
    WATCH_STATE_ALARM,
    WATCH_STATE_NODATA,
    WATCH_STATE_SUSPENDED,
    WATCH_STATE_CEILOMETER_CONTROLLED,
) = ("NORMAL", "ALARM", "NODATA", "SUSPENDED", "CEILOMETER_CONTROLLED")

# Entries of a watch rule's history as list_watch_history returns them, and their types.
WATCH_HISTORY_KEYS = (
    WATCH_HISTORY_ID,
    WATCH_HISTORY_NAME,
    WATCH_HISTORY_TIME,
    WATCH_HISTORY_TYPE,
    WATCH_HISTORY_SUMMARY,
    WATCH_HISTORY_DATA,
) = ("id", "watch_name", "timestamp", "item_type", "summary", "data")
WATCH_HISTORY_TYPES = ("ConfigurationUpdate", "StateUpdate", "Action")

# A page of history: its entries and the marker of the next page (None after the last).
WATCH_HISTORY_PAGE_KEYS = (WATCH_HISTORY_ITEMS, WATCH_HISTORY_NEXT) = ("items", "next_marker")

# Statistics of a metric as show_watch_statistics returns them, one datapoint per period.
WATCH_STATISTICS = ("SampleCount", "Average", "Sum", "Minimum", "Maximum")
WATCH_DATAPOINT_KEYS = (
    WATCH_DATAPOINT_TIME,
    WATCH_DATAPOINT_UNIT,
    WATCH_DATAPOINT_VALUES,
) = ("timestamp", "unit", "statistics")
