"""Engine calls of the CloudWatch-compatible API: alarms (watch rules), samples, history."""

from typing import Any

from heat.engine.watch import alarms, metrics


class WatchEndpoints:
    """Watch rule and metric calls; mixed into :class:`heat.engine.service.EngineService`,
    which provides ``runtime``."""

    runtime: Any

    def create_watch_data(self, context, watch_name, stats_data):
        return metrics.create_watch_data(context, watch_name, stats_data)

    def show_watch(self, context, watch_name):
        return alarms.show_watch(context, watch_name)

    def show_watch_metric(self, context, metric_namespace=None, metric_name=None):
        return metrics.show_watch_metric(context, metric_namespace, metric_name)

    def set_watch_state(self, context, watch_name, state, state_reason=None):
        return alarms.set_watch_state(self.runtime, context, watch_name, state, state_reason)

    def put_watch(self, context, watch_name, rule):
        return alarms.put_watch(context, watch_name, rule)

    def delete_watches(self, context, watch_names):
        return alarms.delete_watches(context, watch_names)

    def set_watch_actions_enabled(self, context, watch_names, enabled):
        return alarms.set_watch_actions_enabled(context, watch_names, enabled)

    def show_watches_for_metric(self, context, namespace, metric_name, filters=None):
        return alarms.show_watches_for_metric(context, namespace, metric_name, filters)

    def list_watch_history(
        self, context, watch_name=None, filters=None, limit=None, marker=None, ascending=False
    ):
        return alarms.list_watch_history(context, watch_name, filters, limit, marker, ascending)

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
        return metrics.show_watch_statistics(
            context, namespace, metric_name, start_time, end_time, period, statistics,
            dimensions, unit,
        )  # fmt: skip
