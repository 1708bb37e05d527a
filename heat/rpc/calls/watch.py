"""Engine calls of the CloudWatch-compatible API (watch rules, metric data, history).

The four calls of 2014 Heat are version 1.0 (``set_watch_state`` with a reason, 1.37);
the calls serving the CloudWatch actions 2014 Heat left unimplemented are 1.37.
"""

from heat.rpc.calls.base import Calls


class WatchCalls(Calls):
    """Engine calls of the CloudWatch-compatible API (watch rules and metric data)."""

    def create_watch_data(self, context, watch_name, stats_data):
        """Store a metric sample for a watch rule (CloudWatch PutMetricData)."""
        return self._call(
            context, "create_watch_data", "1.0", watch_name=watch_name, stats_data=stats_data
        )

    def show_watch(self, context, watch_name):
        """Watch rules (CloudWatch alarms), all of them when the name is None."""
        return self._call(context, "show_watch", "1.0", watch_name=watch_name)

    def show_watch_metric(self, context, metric_namespace=None, metric_name=None):
        """Stored metric samples, filtered by namespace and name."""
        return self._call(
            context,
            "show_watch_metric",
            "1.0",
            metric_namespace=metric_namespace,
            metric_name=metric_name,
        )

    def set_watch_state(self, context, watch_name, state, state_reason=None):
        """Force a watch rule (CloudWatch alarm) into a state, saying why when given."""
        if state_reason is None:
            return self._call(context, "set_watch_state", "1.0", watch_name=watch_name, state=state)
        return self._call(
            context,
            "set_watch_state",
            "1.37",
            watch_name=watch_name,
            state=state,
            state_reason=state_reason,
        )

    def put_watch(self, context, watch_name, rule):
        """Create or redefine an alarm of the caller's project (CloudWatch PutMetricAlarm)."""
        return self._call(context, "put_watch", "1.37", watch_name=watch_name, rule=rule)

    def delete_watches(self, context, watch_names):
        """Delete alarms of the caller's project (CloudWatch DeleteAlarms)."""
        return self._call(context, "delete_watches", "1.37", watch_names=watch_names)

    def set_watch_actions_enabled(self, context, watch_names, enabled):
        """Enable or disable the actions of alarms (Enable/DisableAlarmActions)."""
        return self._call(
            context,
            "set_watch_actions_enabled",
            "1.37",
            watch_names=watch_names,
            enabled=enabled,
        )

    def show_watches_for_metric(self, context, namespace, metric_name, filters=None):
        """The alarms of a metric (CloudWatch DescribeAlarmsForMetric)."""
        return self._call(
            context,
            "show_watches_for_metric",
            "1.37",
            namespace=namespace,
            metric_name=metric_name,
            filters=filters,
        )

    def list_watch_history(
        self, context, watch_name=None, filters=None, limit=None, marker=None, ascending=False
    ):
        """A page of alarm history (CloudWatch DescribeAlarmHistory)."""
        return self._call(
            context,
            "list_watch_history",
            "1.37",
            watch_name=watch_name,
            filters=filters,
            limit=limit,
            marker=marker,
            ascending=ascending,
        )

    def show_watch_statistics(
        self,
        context,
        namespace,
        metric_name,
        start_time,
        end_time,
        period,
        statistics,
        dimensions=None,
        unit=None,
    ):
        """Statistics of a metric per period (CloudWatch GetMetricStatistics)."""
        return self._call(
            context,
            "show_watch_statistics",
            "1.37",
            namespace=namespace,
            metric_name=metric_name,
            start_time=start_time,
            end_time=end_time,
            period=period,
            statistics=statistics,
            dimensions=dimensions,
            unit=unit,
        )
