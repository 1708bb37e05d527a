"""Engine calls about a stack's resources, events and snapshots."""

from heat.rpc.calls.base import Calls


class ResourceCalls(Calls):
    """Engine calls about a stack's resources, events and snapshots."""

    def list_events(
        self,
        context,
        stack_identity,
        filters=None,
        limit=None,
        marker=None,
        sort_keys=None,
        sort_dir=None,
        nested_depth=0,
    ):
        """Events of a stack (optionally of its nested stacks)."""
        return self._call(
            context,
            "list_events",
            "1.31",
            stack_identity=stack_identity,
            filters=filters,
            limit=limit,
            marker=marker,
            sort_keys=sort_keys,
            sort_dir=sort_dir,
            nested_depth=nested_depth,
        )

    def describe_stack_resource(self, context, stack_identity, resource_name, with_attr=None):
        """One resource of a stack, with the attributes asked for."""
        return self._call(
            context,
            "describe_stack_resource",
            "1.2",
            stack_identity=stack_identity,
            resource_name=resource_name,
            with_attr=with_attr,
        )

    def find_physical_resource(self, context, physical_resource_id):
        """The identity of the resource with this physical id."""
        return self._call(
            context, "find_physical_resource", "1.0", physical_resource_id=physical_resource_id
        )

    def describe_stack_resources(self, context, stack_identity, resource_name):
        """Resources of a stack, optionally only those with this name."""
        return self._call(
            context,
            "describe_stack_resources",
            "1.0",
            stack_identity=stack_identity,
            resource_name=resource_name,
        )

    def list_stack_resources(
        self, context, stack_identity, nested_depth=0, with_detail=False, filters=None
    ):
        """Resources of a stack, optionally with nested stacks' resources."""
        return self._call(
            context,
            "list_stack_resources",
            "1.25",
            stack_identity=stack_identity,
            nested_depth=nested_depth,
            with_detail=with_detail,
            filters=filters,
        )

    def resource_signal(
        self, context, stack_identity, resource_name, details=None, sync_call=False
    ):
        """Deliver a signal to a resource, synchronously if sync_call."""
        return self._call(
            context,
            "resource_signal",
            "1.3",
            stack_identity=stack_identity,
            resource_name=resource_name,
            details=details,
            sync_call=sync_call,
        )

    def resource_mark_unhealthy(
        self, context, stack_identity, resource_name, mark_unhealthy, resource_status_reason=None
    ):
        """Mark a resource unhealthy (CHECK_FAILED) or healthy again."""
        return self._call(
            context,
            "resource_mark_unhealthy",
            "1.26",
            stack_identity=stack_identity,
            resource_name=resource_name,
            mark_unhealthy=mark_unhealthy,
            resource_status_reason=resource_status_reason,
        )

    def stack_snapshot(self, context, stack_identity, name):
        """Snapshot a stack."""
        return self._call(
            context, "stack_snapshot", "1.0", stack_identity=stack_identity, name=name
        )

    def show_snapshot(self, context, stack_identity, snapshot_id):
        """One snapshot of a stack."""
        return self._call(
            context, "show_snapshot", "1.0", stack_identity=stack_identity, snapshot_id=snapshot_id
        )

    def delete_snapshot(self, context, stack_identity, snapshot_id):
        """Delete a snapshot of a stack."""
        return self._call(
            context,
            "delete_snapshot",
            "1.0",
            stack_identity=stack_identity,
            snapshot_id=snapshot_id,
        )

    def stack_list_snapshots(self, context, stack_identity):
        """Snapshots of a stack."""
        return self._call(context, "stack_list_snapshots", "1.0", stack_identity=stack_identity)

    def stack_restore(self, context, stack_identity, snapshot_id):
        """Restore a stack from one of its snapshots."""
        return self._call(
            context, "stack_restore", "1.0", stack_identity=stack_identity, snapshot_id=snapshot_id
        )
