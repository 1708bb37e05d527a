"""``OS::Heat::Stack``: a stack created from a template given inline, as a nested stack.

Heat creates it through the orchestration endpoint of the ``context`` region (the
request's by default). Here the stack is made by this service, so that region must be
this service's own: with a Keystone catalog, a region without an orchestration endpoint
fails validation as in Heat, and one whose endpoint is another service's is refused.
The template is checked as that endpoint's validate call would, with Heat's messages.
"""

from typing import Any

from keystoneauth1 import exceptions as ks_exceptions

from heat.common import exception, template_format
from heat.common.i18n import _
from heat.engine import attributes, environment, properties, support, template_validation
from heat.engine.resource import Resource
from heat.engine.resources.stack_resource import StackResource


class RemoteStack(StackResource):
    """A template, its parameters and a timeout, created as a stack of its own."""

    support_status = support.SupportStatus()
    PROPERTIES = (CONTEXT, TEMPLATE, TIMEOUT, PARAMETERS) = (
        "context",
        "template",
        "timeout",
        "parameters",
    )
    properties_schema = {
        CONTEXT: properties.Schema(
            properties.Schema.MAP,
            _("Context for this stack."),
            schema={
                "region_name": properties.Schema(
                    properties.Schema.STRING, _("Region name in which this stack will be created.")
                ),
                # The credentials of a remote cloud; accepted, unused while only the local
                # region is served.
                "credential_secret_id": properties.Schema(
                    properties.Schema.STRING,
                    _(
                        "A Barbican secret ID. The Barbican secret should contain an OpenStack "
                        "credential that can be used to access a remote cloud."
                    ),
                    update_allowed=True,
                ),
                "ca_cert": properties.Schema(
                    properties.Schema.STRING, _("CA Cert for SSL."), update_allowed=True
                ),
                "insecure": properties.Schema(
                    properties.Schema.BOOLEAN,
                    _("If set, then the server's certificate will not be verified."),
                    default=False,
                    update_allowed=True,
                ),
            },
            update_allowed=True,
        ),
        TEMPLATE: properties.Schema(
            properties.Schema.STRING,
            _("Template that specifies the stack to be created as a resource."),
            required=True,
            update_allowed=True,
        ),
        TIMEOUT: properties.Schema(
            properties.Schema.INTEGER,
            _("Number of minutes to wait for this stack creation."),
            update_allowed=True,
        ),
        PARAMETERS: properties.Schema(
            properties.Schema.MAP,
            _("Set of parameters passed to this stack."),
            default={},
            update_allowed=True,
        ),
    }
    ATTRIBUTES = (NAME_ATTR, OUTPUTS) = ("stack_name", "outputs")
    attributes_schema = {
        NAME_ATTR: attributes.Schema(_("Name of the stack."), type=attributes.Schema.STRING),
        OUTPUTS: attributes.Schema(
            _("A dict of key-value pairs output from the stack."), type=attributes.Schema.MAP
        ),
    }

    def validate(self) -> None:
        Resource.validate(self)
        region = (self.properties[self.CONTEXT] or {}).get("region_name")
        region = region or self.context.region_name
        if not self._served_here(region):
            raise exception.NotSupported(feature=_("A stack in another region (%s)") % region)
        self._validate_as_endpoint(region)

    def _served_here(self, region: str | None) -> bool:
        """Whether this service is the orchestration endpoint of ``region``."""
        conf = self.stack.settings.conf
        if conf is None or self.stack.clients.unavailable_reason("keystone") is not None:
            # No catalog to look in: the request's own region, or any when it names none.
            own = self.context.region_name or getattr(conf, "region_name_for_services", None)
            return own is None or region in (None, own)
        heat = self.stack.clients.client_plugin("heat")
        try:
            endpoint = heat.url_for("orchestration", region)
        except ks_exceptions.EndpointNotFound as error:
            message = _(
                'Cannot establish connection to Heat endpoint at region "%(region)s" '
                'due to "%(error)s"'
            )
            raise exception.StackValidationFailed(
                message=message % {"region": region, "error": error}
            )
        return endpoint == heat.get_heat_url()

    def _validate_as_endpoint(self, region: str | None) -> None:
        """The nested template checked as the endpoint's validate call checks it."""
        try:
            template = template_format.parse(self.properties[self.TEMPLATE])
            env = environment.get_child_environment(self.stack.env, self.child_params())
            answer = template_validation.validate_template(
                self.context,
                self.stack.templates,
                self.stack.env.global_env or self.stack.env,
                template,
                env.user_env_as_dict(),
                self.stack.t.files,
            )
        except ValueError as error:
            reason = str(error)
        except exception.HeatException as error:
            reason = "ERROR: %s" % error  # as heatclient words the endpoint's refusal
        else:
            if "Error" not in answer:
                return
            reason = "ERROR: %s" % answer["Error"]
        message = _(
            'Failed validating stack template using Heat endpoint at region "%(region)s" '
            'due to "%(error)s"'
        )
        raise exception.StackValidationFailed(message=message % {"region": region, "error": reason})

    def child_template(self) -> Any:
        return self.properties[self.TEMPLATE]

    def child_params(self) -> dict[str, Any]:
        return dict(self.properties[self.PARAMETERS] or {})

    def child_timeout_mins(self) -> int | None:
        return self.properties[self.TIMEOUT]

    def _resolve_attribute(self, name: str) -> Any:
        nested = self.nested()
        if nested is None:
            return None
        if name == self.NAME_ATTR:
            return nested.name
        return {key: self.get_output(key) for key in nested.outputs}


def resource_mapping() -> dict[str, type]:
    return {"OS::Heat::Stack": RemoteStack}
