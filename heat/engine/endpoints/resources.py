"""Engine calls about a stack's resources, events, snapshots, export and abandon."""

from typing import Any

from heat.engine import stack_events, stack_export, stack_lifecycle, stack_queries, stack_snapshots


class ResourceEndpoints:
    """Resource, event and snapshot calls; mixed into
    :class:`heat.engine.service.EngineService`, which provides ``runtime``."""

    runtime: Any

    def list_stack_resources(self, context, stack_identity, **options):
        return stack_queries.list_stack_resources(self.runtime, context, stack_identity, **options)

    def describe_stack_resource(self, context, stack_identity, resource_name, with_attr=None):
        return stack_queries.describe_stack_resource(
            self.runtime, context, stack_identity, resource_name, with_attr
        )

    def describe_stack_resources(self, context, stack_identity, resource_name):
        return stack_queries.describe_stack_resources(
            self.runtime, context, stack_identity, resource_name
        )

    def find_physical_resource(self, context, physical_resource_id):
        return stack_queries.find_physical_resource(context, physical_resource_id)

    def resource_signal(self, context, stack_identity, resource_name, details, sync_call=False):
        return stack_lifecycle.resource_signal(
            self.runtime, context, stack_identity, resource_name, details, sync_call
        )

    def resource_mark_unhealthy(
        self, context, stack_identity, resource_name, mark_unhealthy, resource_status_reason=None
    ):
        return stack_lifecycle.resource_mark_unhealthy(
            self.runtime,
            context,
            stack_identity,
            resource_name,
            mark_unhealthy,
            resource_status_reason,
        )

    def list_events(self, context, stack_identity, **options):
        return stack_events.list_events(context, stack_identity, **options)

    def export_stack(self, context, stack_identity):
        return stack_export.export_stack(self.runtime, context, stack_identity)

    def abandon_stack(self, context, stack_identity):
        return stack_export.abandon_stack(self.runtime, context, stack_identity)

    def stack_snapshot(self, context, stack_identity, name):
        return stack_snapshots.stack_snapshot(self.runtime, context, stack_identity, name)

    def stack_list_snapshots(self, context, stack_identity):
        return stack_snapshots.stack_list_snapshots(self.runtime, context, stack_identity)

    def show_snapshot(self, context, stack_identity, snapshot_id):
        return stack_snapshots.show_snapshot(self.runtime, context, stack_identity, snapshot_id)

    def delete_snapshot(self, context, stack_identity, snapshot_id):
        return stack_snapshots.delete_snapshot(self.runtime, context, stack_identity, snapshot_id)

    def stack_restore(self, context, stack_identity, snapshot_id):
        return stack_snapshots.stack_restore(self.runtime, context, stack_identity, snapshot_id)
