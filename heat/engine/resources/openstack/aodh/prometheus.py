"""``OS::Aodh::PrometheusAlarm``: an alarm on the value of a PromQL query, which Aodh's
evaluator asks Prometheus for and compares with a threshold."""

from heat.common.i18n import _
from heat.engine import properties, support
from heat.engine.resources.openstack.aodh import alarm

COMPARISON_OPERATOR, QUERY, THRESHOLD = "comparison_operator", "query", "threshold"


class PrometheusAlarm(alarm.ThresholdAlarm):
    """An alarm whose threshold is compared with metric data fetched from Prometheus."""

    alarm_type = "prometheus"
    rule_properties = (COMPARISON_OPERATOR, QUERY, THRESHOLD)
    support_status = support.SupportStatus(version="22.0.0")

    properties_schema = {
        COMPARISON_OPERATOR: alarm.COMPARISON_OPERATOR_SCHEMA,
        QUERY: properties.Schema(
            properties.Schema.STRING,
            _("The PromQL query string to fetch metrics data from Prometheus."),
            required=True,
            update_allowed=True,
        ),
        THRESHOLD: alarm.THRESHOLD_SCHEMA,
        **alarm.COMMON_SCHEMA,
    }


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Aodh::PrometheusAlarm": PrometheusAlarm}
