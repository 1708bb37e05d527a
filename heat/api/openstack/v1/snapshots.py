"""Stack snapshots and outputs. Policy scope ``stacks``."""

from heat.api.openstack.v1 import body_fields, controller, util
from heat.common import wsgi


class SnapshotController(controller.Controller):
    """Take, list, show, delete and restore snapshots of a stack."""

    REQUEST_SCOPE = "stacks"

    @util.identified_stack
    def snapshot(self, request, identity, body):
        """Take a snapshot named by the body's ``name``."""
        name = body_fields.string(body, "name", body_fields.NAME_LENGTH)
        return self.engine_client.stack_snapshot(util.context_of(request), identity, name)

    @util.identified_stack
    def list_snapshots(self, request, identity):
        """Every snapshot of the stack."""
        snapshots = self.engine_client.stack_list_snapshots(util.context_of(request), identity)
        return {"snapshots": snapshots}

    @util.identified_stack
    def show_snapshot(self, request, identity, snapshot_id):
        """One snapshot."""
        snapshot = self.engine_client.show_snapshot(util.context_of(request), identity, snapshot_id)
        return {"snapshot": snapshot}

    @util.identified_stack
    def delete_snapshot(self, request, identity, snapshot_id):
        """Delete a snapshot: 204."""
        self.engine_client.delete_snapshot(util.context_of(request), identity, snapshot_id)
        return wsgi.empty_response(204)

    @util.identified_stack
    def restore_snapshot(self, request, identity, snapshot_id):
        """Start restoring the stack from a snapshot: 202."""
        self.engine_client.stack_restore(util.context_of(request), identity, snapshot_id)
        return wsgi.empty_response(202)


class OutputController(controller.Controller):
    """The outputs of a stack."""

    REQUEST_SCOPE = "stacks"

    @util.identified_stack
    def list_outputs(self, request, identity):
        """Output keys and descriptions."""
        return {"outputs": self.engine_client.list_outputs(util.context_of(request), identity)}

    @util.identified_stack
    def show_output(self, request, identity, output_key):
        """One output, resolved."""
        output = self.engine_client.show_output(util.context_of(request), identity, output_key)
        return {"output": output}
