"""The Neutron client plugin: openstacksdk's network proxy, and networks, subnets, ports,
routers and security groups named or identified."""

from typing import Any

from heat.engine.clients import lookup_cache
from heat.engine.clients.sdk_plugin import SdkClientPlugin

#: Heat's names of Neutron resources, and the finder and entity of each.
RESOURCES = {
    "network": ("network", "network"),
    "subnet": ("subnet", "subnet"),
    "port": ("port", "port"),
    "router": ("router", "router"),
    "security_group": ("security_group", "security_group"),
    "subnetpool": ("subnet_pool", "subnetpool"),
    "qos_policy": ("qos_policy", "policy"),
    "address_scope": ("address_scope", "address_scope"),
    "segment": ("segment", "segment"),
    "floatingip": ("ip", "floatingip"),
    "port_pair": ("sfc_port_pair", "port_pair"),
    "port_pair_group": ("sfc_port_pair_group", "port_pair_group"),
    "flow_classifier": ("sfc_flow_classifier", "flow_classifier"),
    "tap_service": ("tap_service", "tap_service"),
    "tap_flow": ("tap_flow", "tap_flow"),
}


class NeutronClientPlugin(SdkClientPlugin):
    """``client()`` is openstacksdk's network proxy acting as the context."""

    name = "neutron"
    service_type = "network"
    proxy = "network"

    def find_resource(self, resource: str, value: str) -> Any:
        """The Neutron ``resource`` (``network``, ``subnet``...) whose id or name is ``value``."""
        finder, entity = RESOURCES[resource]
        return self.find(finder, value, entity)

    def has_extension(self, alias: str) -> bool:
        """Whether Neutron has the API extension ``alias``."""
        return self.client().find_extension(alias) is not None

    def find_resourceid_by_name_or_id(self, resource: str, value: str) -> str:
        """The id of the ``resource`` named or identified by ``value``, remembered as the
        ``[resource_finder_cache]`` options say."""
        key = lookup_cache.context_key(self.context, "neutron", resource, value)
        return lookup_cache.cached(
            self.conf,
            "resource_finder_cache",
            key,
            lambda: str(self.find_resource(resource, value).id),
        )
