"""The Nova client plugin: openstacksdk's compute proxy, and the look-ups templates need
(flavors, servers, key pairs, hosts named or identified)."""

from typing import Any

from keystoneauth1 import discover
from openstack import exceptions as sdk_exceptions

from heat.engine.clients.sdk_plugin import SdkClientPlugin


class NovaClientPlugin(SdkClientPlugin):
    """``client()`` is openstacksdk's compute proxy acting as the context."""

    name = "nova"
    service_type = "compute"
    proxy = "compute"
    microversion_option = "max_nova_api_microversion"

    def __init__(self, clients: Any):
        super().__init__(clients)
        self._max_microversion: tuple[int, int] | None = None

    def get_flavor(self, flavor: str) -> Any:
        """The flavor whose id or name is ``flavor``."""
        return self.find("flavor", flavor, "Flavor")

    def get_flavor_id(self, flavor: str) -> str:
        return str(self.get_flavor(flavor).id)

    def get_server(self, server: str) -> Any:
        """The server whose id or name is ``server`` (with its details)."""
        found = self.find("server", server, "Server")
        return self.client().get_server(found.id)

    def server_to_ipaddress(self, server_id: str) -> str | None:
        """The server's EC2-style single address (:func:`first_address`); None when the
        server is gone or has no address."""
        try:
            server = self.client().get_server(server_id)
        except sdk_exceptions.NotFoundException:
            return None
        return first_address(server.addresses or {})

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

    # -- microversions (key pairs, server groups) --------------------------------------

    def max_microversion(self) -> tuple[int, int]:
        """The highest microversion heat may use: Nova's own, capped by
        ``max_nova_api_microversion``; asked of Nova once per plugin."""
        if self._max_microversion is None:
            served = self.client().get_endpoint_data().max_microversion or (2, 1)
            cap = self.conf.max_nova_api_microversion
            highest = discover.normalize_version_number(served)
            if cap:
                highest = min(highest, discover.normalize_version_number(cap))
            self._max_microversion = (int(highest[0]), int(highest[1]))
        return self._max_microversion

    def is_version_supported(self, version: str) -> bool:
        """Whether features of microversion ``version`` may be used."""
        return self.max_microversion() >= discover.normalize_version_number(version)


def first_address(addresses: dict[str, list[dict[str, Any]]]) -> str | None:
    """The first address of the last network by name: what EC2-style resources show as a
    server's one IP address."""
    for network in sorted(addresses, reverse=True):
        if addresses[network]:
            return str(addresses[network][0]["addr"])
    return None
