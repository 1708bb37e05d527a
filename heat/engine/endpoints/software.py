"""Engine calls of the software config and deployment API."""

from heat.engine import software_configs, software_deployments, software_limits


class SoftwareEndpoints:
    """Software config and deployment calls; mixed into
    :class:`heat.engine.service.EngineService`."""

    def show_software_config(self, context, config_id):
        return software_configs.show(context, config_id)

    def list_software_configs(self, context, limit=None, marker=None):
        return software_configs.list_configs(context, limit, marker)

    def create_software_config(
        self, context, group, name, config, inputs=None, outputs=None, options=None
    ):
        software_limits.check_configs(context, self.conf)
        return software_configs.create(context, group, name, config, inputs, outputs, options)

    def delete_software_config(self, context, config_id):
        return software_configs.delete(context, config_id)

    def list_software_deployments(self, context, server_id=None):
        return software_deployments.list_deployments(context, server_id)

    def metadata_software_deployments(self, context, server_id):
        return software_deployments.metadata(context, server_id)

    def show_software_deployment(self, context, deployment_id):
        return software_deployments.show(context, deployment_id)

    def check_software_deployment(self, context, deployment_id, timeout=None):
        return software_deployments.check(context, deployment_id, timeout)

    def create_software_deployment(
        self,
        context,
        server_id,
        config_id,
        input_values=None,
        action=None,
        status=None,
        status_reason=None,
        stack_user_project_id=None,
        deployment_id=None,
    ):
        software_limits.check_deployments(context, self.conf)
        return software_deployments.create(
            context, server_id, config_id, input_values, action, status, status_reason,
            stack_user_project_id, deployment_id, conf=self.conf,
        )  # fmt: skip

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
        return software_deployments.update(
            context, deployment_id, config_id, input_values, output_values, action, status,
            status_reason, updated_at, conf=self.conf,
        )  # fmt: skip

    def delete_software_deployment(self, context, deployment_id):
        return software_deployments.delete(context, deployment_id, conf=self.conf)

    def signal_software_deployment(self, context, deployment_id, details=None, updated_at=None):
        return software_deployments.signal(context, deployment_id, details, updated_at)
