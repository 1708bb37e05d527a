"""Software deployments: list, metadata, create, show, update, delete.
Policy scope ``software_deployments``."""

from heat.api.openstack.v1 import controller, util
from heat.common import wsgi

_CREATE_KEYS = (
    "config_id",
    "server_id",
    "input_values",
    "action",
    "status",
    "status_reason",
    "stack_user_project_id",
)
_UPDATE_KEYS = ("config_id", "input_values", "output_values", "action", "status", "status_reason")


class SoftwareDeploymentController(controller.Controller):
    """Software deployment calls of the v1 API."""

    REQUEST_SCOPE = "software_deployments"

    @util.enforce_policy
    def index(self, request):
        """Deployments of the project, or of one server with ``server_id``."""
        deployments = self.engine_client.list_software_deployments(
            util.context_of(request), request.params.get("server_id")
        )
        return {"software_deployments": deployments}

    @util.enforce_policy
    def metadata(self, request, server_id):
        """The configs deployed to a server, as the server polls them."""
        metadata = self.engine_client.metadata_software_deployments(
            util.context_of(request), server_id
        )
        return {"metadata": metadata}

    @util.enforce_policy
    def show(self, request, deployment_id):
        """One deployment."""
        deployment = self.engine_client.show_software_deployment(
            util.context_of(request), deployment_id
        )
        return {"software_deployment": deployment}

    @util.enforce_policy
    def create(self, request, body):
        """Store a deployment of a config to a server."""
        body = body or {}
        arguments = {key: body.get(key) for key in _CREATE_KEYS}
        deployment = self.engine_client.create_software_deployment(
            util.context_of(request), **arguments
        )
        return {"software_deployment": deployment}

    @util.enforce_policy
    def update(self, request, deployment_id, body):
        """Update a deployment's config, inputs, outputs or status."""
        body = body or {}
        arguments = {key: body.get(key) for key in _UPDATE_KEYS}
        deployment = self.engine_client.update_software_deployment(
            util.context_of(request), deployment_id, updated_at=None, **arguments
        )
        return {"software_deployment": deployment}

    @util.enforce_policy
    def delete(self, request, deployment_id):
        """Delete a deployment: 204."""
        self.engine_client.delete_software_deployment(util.context_of(request), deployment_id)
        return wsgi.empty_response(204)
