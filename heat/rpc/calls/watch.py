"""Engine calls of the CloudWatch-compatible API (watch rules and metric data)."""

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

    def set_watch_state(self, context, watch_name, state):
        """Force a watch rule (CloudWatch alarm) into a state."""
        return self._call(context, "set_watch_state", "1.0", watch_name=watch_name, state=state)
