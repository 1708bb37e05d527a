"""``AWS::ElasticLoadBalancing::LoadBalancer``: an HAProxy instance in a nested stack.

As in OpenStack Heat, the load balancer is a stack of one ``AWS::EC2::Instance``
(``LB_instance``) whose cfn-init metadata carries the HAProxy configuration, and a wait
condition its boot script signals (haproxy_stack.yaml, or the template heat.conf's
``loadbalancer_template`` names). Changing ``Instances`` rewrites that metadata, which
cfn-hup in the instance applies: the nested stack itself is not updated. The parent
stack's ``KeyName``, ``LbFlavor``, ``LBTimeout`` and ``LbImageId`` parameters, when it has
them, reach the nested stack.
"""

import os
import pathlib
from typing import Any

from heat.common import exception, template_format
from heat.common.i18n import _
from heat.engine import support
from heat.engine.resources.aws.lb import haproxy_config
from heat.engine.resources.aws.lb import load_balancer_schema as schema
from heat.engine.resources.stack_resource import StackResource

BUILT_IN_TEMPLATE = pathlib.Path(__file__).with_name("haproxy_stack.yaml")
INSTANCE = "LB_instance"
CONFIG_FILE = "/etc/haproxy/haproxy.cfg"
# Parameters of the parent stack handed down to the nested one under the same name.
INHERITED_PARAMETERS = ("KeyName", "LbFlavor", "LBTimeout", "LbImageId")
PUBLIC_IP_OUTPUT = "PublicIp"


class LoadBalancer(StackResource):
    """An HAProxy server balancing the first listener's port over ``Instances``."""

    support_status = support.SupportStatus()
    properties_schema = schema.properties_schema
    attributes_schema = schema.attributes_schema

    # -- the nested stack ---------------------------------------------------------------------

    def _template_path(self) -> str:
        return self.stack.settings.loadbalancer_template or str(BUILT_IN_TEMPLATE)

    def child_template(self) -> Any:
        """The nested template with the HAProxy configuration of the current instances;
        without ``KeyName`` when the parent stack has no such parameter."""
        with open(self._template_path()) as template_file:
            template = template_format.parse(template_file.read())
        if "KeyName" not in self.stack.parameters:
            template["Resources"][INSTANCE].get("Properties", {}).pop("KeyName", None)
            template.get("Parameters", {}).pop("KeyName", None)
        if self.properties[schema.INSTANCES]:
            _config_files(template["Resources"][INSTANCE]["Metadata"])[CONFIG_FILE]["content"] = (
                self._haproxy_config(self.properties[schema.INSTANCES])
            )
        return template

    def child_params(self) -> dict[str, Any]:
        values = {schema.SECURITY_GROUPS: self.properties[schema.SECURITY_GROUPS]}
        for name in INHERITED_PARAMETERS:
            if name in self.stack.parameters:
                values[name] = self.stack.parameters[name]
        return values

    def _haproxy_config(self, instances: list[str] | None) -> str:
        nova = self.client_plugin("nova")
        addresses = [nova.server_to_ipaddress(instance) for instance in instances or []]
        return haproxy_config.render(
            self.properties[schema.LISTENERS], self.properties[schema.HEALTH_CHECK], addresses
        )

    # -- validation ---------------------------------------------------------------------------

    def validate(self) -> None:
        custom = self.stack.settings.loadbalancer_template
        if custom and not os.access(custom, os.R_OK):
            message = _("Custom LoadBalancer template can not be found")
            raise exception.StackValidationFailed(message=message)
        super().validate()
        health_check = self.properties[schema.HEALTH_CHECK]
        if health_check and float(health_check[schema.INTERVAL]) < float(
            health_check[schema.TIMEOUT]
        ):
            # Upstream reports this check as a dict, which its message shows as such.
            error = {"Error": "Interval must be larger than Timeout"}
            raise exception.StackValidationFailed(message=str(error))

    # -- update -------------------------------------------------------------------------------

    def needs_update(self, old: Any) -> bool | None:
        """As any resource: only a changed property updates it (the nested stack follows
        the properties, not a template file)."""
        return None

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> Any:
        """Give the instance the configuration of the new ``Instances`` (cfn-hup applies
        it); update the nested stack only for new security groups."""
        nested = self.nested()
        if nested is None:
            raise exception.UpdateReplace(self.name)
        previous = self.previous_properties or self.properties
        if schema.INSTANCES in prop_diff and (
            previous[schema.INSTANCES] is not None or self.properties[schema.INSTANCES] is not None
        ):
            instance = nested[INSTANCE]
            metadata = instance.metadata_get()
            _config_files(metadata)[CONFIG_FILE]["content"] = self._haproxy_config(
                prop_diff[schema.INSTANCES]
            )
            instance.metadata_set(metadata)
        if schema.SECURITY_GROUPS in prop_diff:
            return super().handle_update(json_snippet, tmpl_diff, prop_diff)
        return None

    def check_update_complete(self, runner: Any) -> bool:
        return runner is None or super().check_update_complete(runner)

    # -- attributes ---------------------------------------------------------------------------

    def get_reference_id(self) -> str | None:
        return self.name

    def _resolve_attribute(self, name: str) -> Any:
        if name == schema.DNS_NAME:
            return self.get_output(PUBLIC_IP_OUTPUT)
        # The other attributes have no meaning here; upstream answers them empty.
        return ""


def _config_files(metadata: dict[str, Any]) -> dict[str, Any]:
    """The ``files`` of the cfn-init configuration in an instance's metadata."""
    return metadata["AWS::CloudFormation::Init"]["config"]["files"]


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"AWS::ElasticLoadBalancing::LoadBalancer": LoadBalancer}
