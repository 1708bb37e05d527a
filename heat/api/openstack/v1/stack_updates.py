"""Stack updates: full (PUT), patch (PATCH) and their previews. Policy scope ``stacks``.

A patch keeps whatever the body leaves out (``existing``); a patch that changes nothing
is checked against ``stacks:update_no_change`` instead of ``stacks:update_patch``.
"""

from heat.api.openstack.v1 import controller, stack_data, util
from heat.api.openstack.v1.stacks import prepare_args
from heat.common import identifier, wsgi
from heat.rpc import api as rpc_api


def update_data(conf, body, patch: bool) -> stack_data.InstantiationData:
    """The update's part of a body, read with the configured template limits."""
    return stack_data.InstantiationData(
        body, patch, conf.max_template_size, conf.template_fetch_timeout
    )


class StackUpdateController(controller.Controller):
    """Update and update-preview calls of the v1 API."""

    REQUEST_SCOPE = "stacks"

    def _data(self, body, patch):
        return update_data(self.conf, body, patch)

    def _engine_arguments(self, data, patch: bool, show_nested=None) -> dict:
        args = prepare_args(data, is_update=True)
        if patch:
            args[rpc_api.PARAM_EXISTING] = True
        if show_nested is not None:
            args[rpc_api.PARAM_SHOW_NESTED] = show_nested
        return {
            "template": data.template(),
            "params": data.environment(),
            "files": data.files(),
            "environment_files": data.environment_files(),
            "files_container": data.files_container(),
            "args": args,
        }

    @util.identified_stack
    def update(self, request, identity, body):
        """Update to the template in the body: 202."""
        arguments = self._engine_arguments(self._data(body, False), patch=False)
        self.engine_client.update_stack(util.context_of(request), identity, **arguments)
        return wsgi.empty_response(202)

    def update_patch(self, request, tenant_id, stack_name, stack_id, body):
        """Update keeping what the body leaves out: 202."""
        util.check_tenant(request, tenant_id)
        data = self._data(body, True)
        self.enforce(request, tenant_id, "update_no_change" if data.no_change() else "update_patch")
        identity = identifier.HeatIdentifier(tenant_id, stack_name, stack_id)
        arguments = self._engine_arguments(data, patch=True)
        self.engine_client.update_stack(util.context_of(request), identity, **arguments)
        return wsgi.empty_response(202)

    def _preview(self, request, identity, body, patch: bool):
        show_nested = util.bool_param(request.params, rpc_api.PARAM_SHOW_NESTED)
        arguments = self._engine_arguments(self._data(body, patch), patch, show_nested)
        changes = self.engine_client.preview_update_stack(
            util.context_of(request), identity, **arguments
        )
        return {"resource_changes": changes}

    @util.identified_stack
    def preview_update(self, request, identity, body):
        """The resource changes a full update would make."""
        return self._preview(request, identity, body, patch=False)

    @util.identified_stack
    def preview_update_patch(self, request, identity, body):
        """The resource changes a patch update would make."""
        return self._preview(request, identity, body, patch=True)
