"""Engine calls about templates, resource types and the engine itself."""

from heat.rpc.calls.base import Calls


class TemplateCalls(Calls):
    """Engine calls about templates, resource types and the engine itself."""

    def validate_template(
        self,
        context,
        template=None,
        params=None,
        files=None,
        show_nested=False,
        environment_files=None,
        files_container=None,
        ignorable_errors=None,
    ):
        """Validate a template and describe its parameters."""
        return self._call(
            context,
            "validate_template",
            "1.36",
            template=template,
            params=params,
            files=files,
            show_nested=show_nested,
            environment_files=environment_files,
            files_container=files_container,
            ignorable_errors=ignorable_errors,
        )

    def list_resource_types(
        self,
        context,
        support_status=None,
        type_name=None,
        heat_version=None,
        with_description=False,
    ):
        """Names (or names and descriptions) of the registered resource types."""
        return self._call(
            context,
            "list_resource_types",
            "1.30",
            support_status=support_status,
            type_name=type_name,
            heat_version=heat_version,
            with_description=with_description,
        )

    def list_template_versions(self, context):
        """Every template version key this service accepts."""
        return self._call(context, "list_template_versions", "1.11")

    def list_template_functions(self, context, template_version, with_condition=False):
        """The intrinsic (or condition) functions of a template version."""
        return self._call(
            context,
            "list_template_functions",
            "1.35",
            template_version=template_version,
            with_condition=with_condition,
        )

    def resource_schema(self, context, type_name, with_description=False):
        """The properties, attributes and support status of a resource type."""
        return self._call(
            context,
            "resource_schema",
            "1.30",
            type_name=type_name,
            with_description=with_description,
        )

    def generate_template(self, context, type_name, template_type="cfn"):
        """A template exposing a resource type's properties and attributes."""
        return self._call(
            context, "generate_template", "1.9", type_name=type_name, template_type=template_type
        )

    def authenticated_to_backend(self, context):
        """Whether the request carried valid credentials to the backend."""
        return self._call(context, "authenticated_to_backend", "1.0")

    def get_revision(self, context):
        """The engine's revision string."""
        return self._call(context, "get_revision", "1.0")

    def list_services(self, context):
        """The heat-engine processes and whether each is up."""
        return self._call(context, "list_services", "1.4")
