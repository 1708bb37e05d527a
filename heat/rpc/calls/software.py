"""Engine calls about software configs and deployments."""

from heat.rpc.calls.base import Calls


class SoftwareCalls(Calls):
    """Engine calls about software configs and deployments."""

    def show_software_config(self, context, config_id):
        """One software config."""
        return self._call(context, "show_software_config", "1.0", config_id=config_id)

    def list_software_configs(self, context, limit=None, marker=None):
        """Software configs of the caller's project, paginated."""
        return self._call(context, "list_software_configs", "1.33", limit=limit, marker=marker)

    def create_software_config(
        self, context, group, name, config, inputs=None, outputs=None, options=None
    ):
        """Store a software config."""
        return self._call(
            context,
            "create_software_config",
            "1.0",
            group=group,
            name=name,
            config=config,
            inputs=inputs,
            outputs=outputs,
            options=options,
        )

    def delete_software_config(self, context, config_id):
        """Delete a software config that no deployment uses."""
        return self._call(context, "delete_software_config", "1.0", config_id=config_id)

    def list_software_deployments(self, context, server_id):
        """Software deployments, optionally of one server."""
        return self._call(context, "list_software_deployments", "1.0", server_id=server_id)

    def metadata_software_deployments(self, context, server_id):
        """The deployment metadata a server polls for."""
        return self._call(context, "metadata_software_deployments", "1.0", server_id=server_id)

    def show_software_deployment(self, context, deployment_id):
        """One software deployment."""
        return self._call(context, "show_software_deployment", "1.0", deployment_id=deployment_id)

    def check_software_deployment(self, context, deployment_id, timeout=None):
        """One software deployment after waiting up to timeout for a change."""
        return self._call(
            context,
            "check_software_deployment",
            "1.27",
            deployment_id=deployment_id,
            timeout=timeout,
        )

    def create_software_deployment(
        self,
        context,
        server_id,
        config_id,
        deployment_id=None,
        input_values=None,
        action=None,
        status=None,
        status_reason=None,
        stack_user_project_id=None,
    ):
        """Store a software deployment of a config to a server."""
        return self._call(
            context,
            "create_software_deployment",
            "1.0",
            server_id=server_id,
            config_id=config_id,
            deployment_id=deployment_id,
            input_values=input_values,
            action=action,
            status=status,
            status_reason=status_reason,
            stack_user_project_id=stack_user_project_id,
        )

    def update_software_deployment(
        self,
        context,
        deployment_id,
        config_id=None,
        input_values=None,
        output_values=None,
        action=None,
        status=None,
        status_reason=None,
        updated_at=None,
    ):
        """Update a deployment's status, outputs or config."""
        return self._call(
            context,
            "update_software_deployment",
            "1.5",
            deployment_id=deployment_id,
            config_id=config_id,
            input_values=input_values,
            output_values=output_values,
            action=action,
            status=status,
            status_reason=status_reason,
            updated_at=updated_at,
        )

    def delete_software_deployment(self, context, deployment_id):
        """Delete a software deployment."""
        return self._call(context, "delete_software_deployment", "1.0", deployment_id=deployment_id)

    def signal_software_deployment(self, context, deployment_id, details=None, updated_at=None):
        """Deliver a server's signal to a deployment."""
        return self._call(
            context,
            "signal_software_deployment",
            "1.6",
            deployment_id=deployment_id,
            details=details,
            updated_at=updated_at,
        )
