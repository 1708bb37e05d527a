"""The Octavia client plugin: openstacksdk's load-balancer proxy, Octavia's REST API spoken
with the bodies it documents, and load balancers, listeners, pools, L7 policies, flavors and
profiles named or identified."""

from typing import Any

from openstack import exceptions as sdk_exceptions

from heat.engine.clients.sdk_plugin import SdkClientPlugin


class OctaviaClientPlugin(SdkClientPlugin):
    """``client()`` is openstacksdk's load-balancer proxy (Octavia API v2)."""

    name = "octavia"
    service_type = "load-balancer"
    proxy = "load_balancer"

    # -- Octavia's objects as its API describes them -------------------------------------
    # The resources send Octavia's documented request bodies (``{"listener": {...}}``) so
    # that each property reaches the API under the name Octavia gives it.

    def _call(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        response = getattr(self.client(), method)(path, json=body, raise_exc=False)
        sdk_exceptions.raise_from_response(response)
        return response.json() if response.content else None

    def show(self, path: str, key: str) -> dict[str, Any]:
        """The object at ``path`` (``/lbaas/listeners/<id>``), unwrapped from ``key``."""
        return dict(self._call("get", path)[key])

    def create(self, path: str, key: str, fields: dict[str, Any]) -> dict[str, Any]:
        """A new object of the collection at ``path`` with these fields."""
        return dict(self._call("post", path, {key: fields})[key])

    def update(self, path: str, key: str, fields: dict[str, Any]) -> None:
        """Change these fields of the object at ``path``."""
        self._call("put", path, {key: fields})

    def delete(self, path: str) -> None:
        """Delete the object at ``path``."""
        self._call("delete", path)

    # -- names or ids (custom constraints, properties naming other objects) -----------------

    def get_loadbalancer(self, value: str) -> str:
        return str(self.find("load_balancer", value, "LoadBalancer").id)

    def get_listener(self, value: str) -> str:
        return str(self.find("listener", value, "Listener").id)

    def get_pool(self, value: str) -> str:
        return str(self.find("pool", value, "Pool").id)

    def get_l7policy(self, value: str) -> str:
        return str(self.find("l7_policy", value, "L7Policy").id)

    def get_flavor(self, value: str) -> str:
        return str(self.find("flavor", value, "Flavor").id)

    def get_flavorprofile(self, value: str) -> str:
        return str(self.find("flavor_profile", value, "FlavorProfile").id)

    def get_availabilityzone(self, value: str) -> str:
        """Availability zones are known by name only: the name, once Octavia has it."""
        return str(self.find("availability_zone", value, "AvailabilityZone").name)

    def get_availabilityzoneprofile(self, value: str) -> str:
        return str(self.find("availability_zone_profile", value, "AvailabilityZoneProfile").id)
