"""``OS::Heat::Stack``: a stack created from a template given inline, as a nested stack.

Upstream may create it in another region through heatclient; here only the local region
is served, and a ``context`` naming another region is refused.
"""

from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import attributes, properties, support
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
        region = (self.properties[self.CONTEXT] or {}).get("region_name")
        local = getattr(self.context, "region_name", None)
        if region and region != local:
            raise exception.NotSupported(feature=_("A stack in another region (%s)") % region)
        super().validate()

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
