"""Engine calls about templates, resource types and the service itself."""

from typing import Any

from heat.common import exception
from heat.db import api as db_api
from heat.engine import resource_schema, service_registry, template_catalog, template_validation
from heat.engine.clients import clients_for
from heat.engine.container_files import with_container_files


class TemplateEndpoints:
    """Template versions and functions, validation, resource types, services, revision.

    Mixed into :class:`heat.engine.service.EngineService`, which provides ``conf``,
    ``templates``, ``global_env`` and ``runtime``.
    """

    conf: Any
    templates: Any
    global_env: Any
    runtime: Any

    def list_services(self, context) -> list[dict[str, Any]]:
        services = db_api.service_get_all(context)
        return [service_registry.format_service(service) for service in services]

    def get_revision(self, context) -> str:
        return self.conf.revision.heat_revision

    def list_template_versions(self, context) -> list[dict[str, Any]]:
        return template_catalog.list_versions(self.templates)

    def list_template_functions(
        self, context, template_version: str, with_condition: bool = False
    ) -> list[dict[str, Any]]:
        return template_catalog.list_functions(self.templates, template_version, with_condition)

    def validate_template(
        self,
        context,
        template,
        params=None,
        files=None,
        environment_files=None,
        files_container=None,
        show_nested=False,
        ignorable_errors=None,
    ) -> dict[str, Any]:
        """The template's description, or ``{"Error": message}`` when it fails validation
        (Heat's answer, which the API turns into a 400 HTTPBadRequest)."""
        files = with_container_files(context, self.conf, files_container, files)
        return template_validation.validate_template(
            context,
            self.templates,
            self.global_env,
            template,
            params,
            files,
            environment_files,
            ignorable_errors,
            show_nested=show_nested,
            settings=self.runtime.settings,
        )

    def list_resource_types(
        self,
        context,
        support_status=None,
        type_name=None,
        heat_version=None,
        with_description=False,
    ) -> list:
        # As upstream, the types whose service the caller cannot use are left out.
        clients = clients_for(context, self.conf)
        return self.global_env.get_types(
            support_status=support_status,
            type_name=type_name,
            version=heat_version,
            with_description=with_description,
            include=lambda name, cls: _unavailable(clients, cls) is None,
        )

    def resource_schema(self, context, type_name, with_description=False) -> dict[str, Any]:
        resource_class = resource_schema.resource_class(self.global_env, type_name)
        reason = _unavailable(clients_for(context, self.conf), resource_class)
        if reason is not None:
            raise exception.ResourceTypeUnavailable(
                service_name=getattr(resource_class, "default_client_name", None),
                resource_type=type_name,
                reason=reason,
            )
        return resource_schema.resource_schema(self.global_env, type_name, with_description)

    def generate_template(self, context, type_name, template_type="cfn") -> dict[str, Any]:
        return resource_schema.generate_template(self.global_env, type_name, template_type)


def _unavailable(clients: Any, resource_class: Any) -> str | None:
    """Why the service of ``resource_class`` cannot be used, or None."""
    return clients.unavailable_reason(getattr(resource_class, "default_client_name", None))
