"""The alarms on Gnocchi's metrics: ``OS::Aodh::GnocchiResourcesAlarm`` (a metric of one
resource), ``GnocchiAggregationByMetricsAlarm`` (metrics named by id) and
``GnocchiAggregationByResourcesAlarm`` (a metric of the resources a query finds). Aodh asks
Gnocchi whether the aggregation method and the query make sense before it takes one."""

from heat.common.i18n import _
from heat.engine import properties, support
from heat.engine.resources.openstack.aodh import alarm

COMMON_GNOCCHI_PROPERTIES = (
    COMPARISON_OPERATOR,
    EVALUATION_PERIODS,
    GRANULARITY,
    AGGREGATION_METHOD,
    THRESHOLD,
) = ("comparison_operator", "evaluation_periods", "granularity", "aggregation_method", "threshold")
METRIC, METRICS, RESOURCE_ID, RESOURCE_TYPE, QUERY = (
    "metric",
    "metrics",
    "resource_id",
    "resource_type",
    "query",
)

COMMON_GNOCCHI_SCHEMA = {
    COMPARISON_OPERATOR: alarm.COMPARISON_OPERATOR_SCHEMA,
    EVALUATION_PERIODS: alarm.EVALUATION_PERIODS_SCHEMA,
    AGGREGATION_METHOD: properties.Schema(
        properties.Schema.STRING,
        _("The aggregation method to compare to the threshold."),
        update_allowed=True,
    ),
    GRANULARITY: properties.Schema(
        properties.Schema.INTEGER, _("The time range in seconds."), update_allowed=True
    ),
    THRESHOLD: alarm.THRESHOLD_SCHEMA,
}


def _required(kind: str, description: str) -> properties.Schema:
    return properties.Schema(kind, description, required=True, update_allowed=True)


class GnocchiResourcesAlarm(alarm.ThresholdAlarm):
    """An alarm on a metric of one resource Gnocchi knows.

    Its actions run when the metric's aggregate crosses the threshold.
    """

    alarm_type = "gnocchi_resources_threshold"
    rule_properties = (METRIC, RESOURCE_ID, RESOURCE_TYPE, *COMMON_GNOCCHI_PROPERTIES)
    support_status = support.SupportStatus(version="2015.1")

    properties_schema = {
        METRIC: _required(properties.Schema.STRING, _("Metric name watched by the alarm.")),
        RESOURCE_ID: _required(properties.Schema.STRING, _("Id of a resource.")),
        RESOURCE_TYPE: _required(properties.Schema.STRING, _("Resource type.")),
        **COMMON_GNOCCHI_SCHEMA,
        **alarm.COMMON_SCHEMA,
    }


class GnocchiAggregationByMetricsAlarm(alarm.ThresholdAlarm):
    """An alarm on the aggregate of the metrics it names by id."""

    alarm_type = "gnocchi_aggregation_by_metrics_threshold"
    rule_properties = (METRICS, *COMMON_GNOCCHI_PROPERTIES)
    support_status = support.SupportStatus(version="2015.1")

    properties_schema = {
        METRICS: _required(properties.Schema.LIST, _("A list of metric ids.")),
        **COMMON_GNOCCHI_SCHEMA,
        **alarm.COMMON_SCHEMA,
    }


class GnocchiAggregationByResourcesAlarm(alarm.ThresholdAlarm):
    """An alarm on a metric aggregated over the resources a query finds.

    Its actions run when the aggregate of the metric over every resource of the type
    matching the query (a Gnocchi search, as JSON) crosses the threshold.
    """

    alarm_type = "gnocchi_aggregation_by_resources_threshold"
    rule_properties = (METRIC, QUERY, RESOURCE_TYPE, *COMMON_GNOCCHI_PROPERTIES)
    support_status = support.SupportStatus(version="2015.1")

    properties_schema = {
        METRIC: _required(properties.Schema.STRING, _("Metric name watched by the alarm.")),
        QUERY: _required(properties.Schema.STRING, _("The query to filter the metrics.")),
        RESOURCE_TYPE: _required(properties.Schema.STRING, _("Resource type.")),
        **COMMON_GNOCCHI_SCHEMA,
        **alarm.COMMON_SCHEMA,
    }


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {
        "OS::Aodh::GnocchiResourcesAlarm": GnocchiResourcesAlarm,
        "OS::Aodh::GnocchiAggregationByMetricsAlarm": GnocchiAggregationByMetricsAlarm,
        "OS::Aodh::GnocchiAggregationByResourcesAlarm": GnocchiAggregationByResourcesAlarm,
    }
