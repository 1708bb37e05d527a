"""Template versions and functions, resource types, and template validation.
All are checked against ``stacks:<action>`` rules."""

import webob.exc

from heat.api.openstack.v1 import controller, stack_data, util
from heat.common import param_utils
from heat.common.i18n import _
from heat.rpc import api as rpc_api

SUPPORT_STATUSES = ("UNKNOWN", "SUPPORTED", "DEPRECATED", "UNSUPPORTED", "HIDDEN")


class TemplateVersionController(controller.Controller):
    """The template versions the engine accepts and their functions."""

    REQUEST_SCOPE = "stacks"

    @util.enforce_policy
    def list_template_versions(self, request):
        """Every template version key the engine accepts."""
        versions = self.engine_client.list_template_versions(util.context_of(request))
        return {"template_versions": versions}

    @util.enforce_policy
    def list_template_functions(self, request, template_version):
        """Functions (or condition functions with ``with_condition_func``) of a version."""
        with_condition = util.bool_param(request.params, "with_condition_func")
        functions = self.engine_client.list_template_functions(
            util.context_of(request), template_version, with_condition=with_condition
        )
        return {"template_functions": functions}


class ResourceTypeController(controller.Controller):
    """Resource types: list, schema and generated template."""

    REQUEST_SCOPE = "stacks"

    @util.enforce_policy
    def list_resource_types(self, request):
        """Type names, filtered by support status, name pattern and version."""
        params = request.params
        support_status = params.get("support_status")
        if support_status is not None and support_status not in SUPPORT_STATUSES:
            raise webob.exc.HTTPBadRequest(
                _("Invalid support status %(status)s; use one of %(known)s")
                % {"status": support_status, "known": ", ".join(SUPPORT_STATUSES)}
            )
        types = self.engine_client.list_resource_types(
            util.context_of(request),
            support_status=support_status,
            type_name=params.get("name"),
            heat_version=params.get("version"),
            with_description=util.bool_param(params, "with_description"),
        )
        return {"resource_types": types}

    @util.enforce_policy
    def resource_schema(self, request, type_name):
        """Properties, attributes and support status of a type."""
        with_description = util.bool_param(request.params, "with_description")
        return self.engine_client.resource_schema(
            util.context_of(request), type_name, with_description=with_description
        )

    @util.enforce_policy
    def generate_template(self, request, type_name):
        """A template exposing the type (``template_type`` cfn, the default, or hot)."""
        template_type = request.params.get(rpc_api.PARAM_TEMPLATE_TYPE, "cfn")
        try:
            template_type = param_utils.extract_template_type(template_type)
        except ValueError as error:
            raise webob.exc.HTTPBadRequest(str(error))
        return self.engine_client.generate_template(
            util.context_of(request), type_name, template_type=template_type
        )


class ValidateController(controller.Controller):
    """Template validation."""

    REQUEST_SCOPE = "stacks"

    @util.enforce_policy
    def validate_template(self, request, body):
        """Validate a template; answers its description and parameters."""
        data = stack_data.InstantiationData(
            body,
            max_template_size=self.conf.max_template_size,
            fetch_timeout=self.conf.template_fetch_timeout,
        )
        ignorable = request.params.get(rpc_api.PARAM_IGNORE_ERRORS)
        ignorable_errors = param_utils.delimited_list(ignorable) if ignorable else None
        if ignorable_errors and not all(code.isdigit() for code in ignorable_errors):
            raise webob.exc.HTTPBadRequest(_("Invalid error code in %s") % ignorable)
        result = self.engine_client.validate_template(
            util.context_of(request),
            data.template(),
            data.environment(),
            files=data.files(),
            show_nested=util.bool_param(request.params, rpc_api.PARAM_SHOW_NESTED),
            environment_files=data.environment_files(),
            files_container=data.files_container(),
            ignorable_errors=ignorable_errors,
        )
        if isinstance(result, dict) and "Error" in result:
            raise webob.exc.HTTPBadRequest(result["Error"])
        return result
