"""The Nova client plugin: openstacksdk's compute proxy, and the look-ups templates need
(flavors, servers, key pairs, hosts named or identified)."""

from typing import Any

from heat.engine.clients.sdk_plugin import SdkClientPlugin


class NovaClientPlugin(SdkClientPlugin):
    """``client()`` is openstacksdk's compute proxy acting as the context."""

    name = "nova"
    service_type = "compute"
    proxy = "compute"
    microversion_option = "max_nova_api_microversion"

    def get_flavor(self, flavor: str) -> Any:
        """The flavor whose id or name is ``flavor``."""
        return self.find("flavor", flavor, "Flavor")

    def get_flavor_id(self, flavor: str) -> str:
        return str(self.get_flavor(flavor).id)

    def get_server(self, server: str) -> Any:
        """The server whose id or name is ``server`` (with its details)."""
        found = self.find("server", server, "Server")
        return self.client().get_server(found.id)

    def get_keypair(self, key_name: str) -> Any:
        """The key pair named ``key_name`` of the context's user."""
        return self.find("keypair", key_name, "Key")

    def get_host(self, host: str) -> Any:
        """The compute service running on hypervisor host ``host``."""
        for service in self.client().services(binary="nova-compute", host=host):
            return service
        return self.find("hypervisor", host, "Host")

    def get_server_group(self, group: str) -> Any:
        """The server group whose id or name is ``group``."""
        return self.find("server_group", group, "ServerGroup")
