"""The CloudWatch action table: each ``Action=`` name and the handler serving it.

The policy checked for an action is ``cloudwatch:<name>``; actions this service does
not provide are still policy-checked before answering APINotImplemented.
"""

from collections.abc import Mapping

from heat.api.aws.query import Handler
from heat.api.cloudwatch import watch

ACTIONS: Mapping[str, Handler] = {
    "DescribeAlarms": watch.describe_alarms,
    "ListMetrics": watch.list_metrics,
    "PutMetricData": watch.put_metric_data,
    "SetAlarmState": watch.set_alarm_state,
    "DeleteAlarms": watch.not_implemented,
    "DescribeAlarmHistory": watch.not_implemented,
    "DescribeAlarmsForMetric": watch.not_implemented,
    "DisableAlarmActions": watch.not_implemented,
    "EnableAlarmActions": watch.not_implemented,
    "GetMetricStatistics": watch.not_implemented,
    "PutMetricAlarm": watch.not_implemented,
}
