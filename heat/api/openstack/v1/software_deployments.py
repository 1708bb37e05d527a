"""Software deployments: list, metadata, create, show, update, delete.
Policy scope ``software_deployments``."""

from heat.api.openstack.v1 import body_fields, controller, util
from heat.common import wsgi

_STATE_FIELDS = ("action", "status")


def _state_arguments(body: dict) -> dict:
    arguments: dict = {
        name: body_fields.string(body, name, body_fields.NAME_LENGTH) for name in _STATE_FIELDS
    }
    arguments["status_reason"] = body_fields.string(body, "status_reason")
    arguments["input_values"] = body_fields.json_object(body, "input_values")
    return arguments


def create_arguments(body: dict) -> dict:
    """The engine arguments of a create body; 400 naming a field of the wrong type."""
    return {
        "config_id": body_fields.string(body, "config_id", body_fields.ID_LENGTH),
        "server_id": body_fields.required_string(body, "server_id", body_fields.ID_LENGTH),
        "stack_user_project_id": body_fields.string(body, "stack_user_project_id", 64),
        **_state_arguments(body),
    }


def update_arguments(body: dict) -> dict:
    """The engine arguments of an update body; 400 naming a field of the wrong type."""
    return {
        "config_id": body_fields.string(body, "config_id", body_fields.ID_LENGTH),
        "output_values": body_fields.json_object(body, "output_values"),
        **_state_arguments(body),
    }


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
        arguments = create_arguments(body)
        deployment = self.engine_client.create_software_deployment(
            util.context_of(request), **arguments
        )
        return {"software_deployment": deployment}

    @util.enforce_policy
    def update(self, request, deployment_id, body):
        """Update a deployment's config, inputs, outputs or status."""
        arguments = update_arguments(body)
        deployment = self.engine_client.update_software_deployment(
            util.context_of(request), deployment_id, updated_at=None, **arguments
        )
        return {"software_deployment": deployment}

    @util.enforce_policy
    def delete(self, request, deployment_id):
        """Delete a deployment: 204."""
        self.engine_client.delete_software_deployment(util.context_of(request), deployment_id)
        return wsgi.empty_response(204)
