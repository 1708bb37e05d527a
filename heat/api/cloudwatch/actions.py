"""The CloudWatch action table: each ``Action=`` name and the handler serving it.

The policy checked for an action is ``cloudwatch:<name>``.
"""

from collections.abc import Mapping

from heat.api.aws.query import Handler
from heat.api.cloudwatch import history, metrics, watch

ACTIONS: Mapping[str, Handler] = {
    "DescribeAlarms": watch.describe_alarms,
    "ListMetrics": metrics.list_metrics,
    "PutMetricData": metrics.put_metric_data,
    "SetAlarmState": watch.set_alarm_state,
    "DeleteAlarms": watch.delete_alarms,
    "DescribeAlarmHistory": history.describe_alarm_history,
    "DescribeAlarmsForMetric": watch.describe_alarms_for_metric,
    "DisableAlarmActions": watch.disable_alarm_actions,
    "EnableAlarmActions": watch.enable_alarm_actions,
    "GetMetricStatistics": metrics.get_metric_statistics,
    "PutMetricAlarm": watch.put_metric_alarm,
}
