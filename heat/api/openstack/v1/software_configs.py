"""Software configs: list, create, show, delete. Policy scope ``software_configs``."""

from heat.api.openstack.v1 import body_fields, controller, util
from heat.common import context as heat_context
from heat.common import wsgi
from heat.rpc import api as rpc_api


def create_arguments(body: dict) -> dict:
    """The engine arguments of a create body; 400 naming a field of the wrong type.
    ``config`` may be any JSON value, as in OpenStack Heat; the engine checks the inputs
    and outputs."""
    return {
        "group": body_fields.string(body, "group", body_fields.NAME_LENGTH),
        "name": body_fields.string(body, "name", body_fields.NAME_LENGTH),
        "config": body.get("config"),
        "inputs": body.get("inputs"),
        "outputs": body.get("outputs"),
        "options": body_fields.json_object(body, "options"),
    }


class SoftwareConfigController(controller.Controller):
    """Software config calls of the v1 API."""

    REQUEST_SCOPE = "software_configs"

    @util.enforce_policy
    def index(self, request):
        """A page of the project's configs (of every project with ``global_tenant=true``)."""
        context = util.context_of(request)
        if util.bool_param(request.params, rpc_api.PARAM_GLOBAL_TENANT):
            self.enforce(request, context.project_id, "global_index")
            context = heat_context.get_admin_context()
        configs = self.engine_client.list_software_configs(
            context,
            limit=util.int_param(request.params, rpc_api.PARAM_LIMIT),
            marker=request.params.get("marker"),
        )
        return {"software_configs": configs}

    @util.enforce_policy
    def show(self, request, config_id):
        """One config in full."""
        config = self.engine_client.show_software_config(util.context_of(request), config_id)
        return {"software_config": config}

    @util.enforce_policy
    def create(self, request, body):
        """Store a config."""
        arguments = create_arguments(body)
        config = self.engine_client.create_software_config(util.context_of(request), **arguments)
        return {"software_config": config}

    @util.enforce_policy
    def delete(self, request, config_id):
        """Delete a config: 204."""
        self.engine_client.delete_software_config(util.context_of(request), config_id)
        return wsgi.empty_response(204)
