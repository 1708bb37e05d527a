"""The Manila client plugin: openstacksdk's shared-file-system proxy, Manila's REST API (v2
at microversion 2.13, as upstream speaks it) where the proxy has no call, and share types,
share networks, snapshots and security services named or identified."""

from collections.abc import Iterable
from typing import Any

from openstack import exceptions as sdk_exceptions

from heat.common import exception
from heat.engine.clients.sdk_plugin import SdkClientPlugin

MICROVERSION = "2.13"
MICROVERSION_HEADER = "X-OpenStack-Manila-API-Version"


def find_one(items: Iterable[Any], value: str, entity: str) -> Any:
    """The item of ``items`` whose id, else whose name, is ``value``: EntityNotFound when
    none is, PhysicalResourceNameAmbiguity when several share the name."""
    named = []
    for item in items:
        if _field(item, "id") == value:
            return item
        if _field(item, "name") == value:
            named.append(item)
    if len(named) > 1:
        raise exception.PhysicalResourceNameAmbiguity(name=value)
    if not named:
        raise exception.EntityNotFound(entity=entity, name=value)
    return named[0]


def _field(item: Any, key: str) -> Any:
    """A field of an openstacksdk resource or of a decoded answer."""
    return item.get(key) if isinstance(item, dict) else getattr(item, key, None)


class ManilaClientPlugin(SdkClientPlugin):
    """``client()`` is openstacksdk's shared-file-system proxy (Manila API v2)."""

    name = "manila"
    service_type = "shared-file-system"
    proxy = "shared_file_system"

    def call(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        """Manila's answer to a request on ``path`` (``/security-services``) of API v2 at
        microversion 2.13, decoded."""
        headers = {MICROVERSION_HEADER: MICROVERSION}
        response = getattr(self.client(), method)(path, json=body, headers=headers, raise_exc=False)
        sdk_exceptions.raise_from_response(response)
        return response.json() if response.content else None

    def security_services(self, **filters: str) -> list[dict[str, Any]]:
        """The security services the context sees (``share_network_id`` filters them)."""
        query = "".join("&%s=%s" % item for item in filters.items())
        answer = self.call("get", "/security-services/detail?" + query.lstrip("&"))
        return list(answer["security_services"])

    # -- names or ids (custom constraints, properties naming other items) ----------------

    def share_type_id(self, value: str) -> str:
        """The id of the share type whose id or name is ``value``."""
        return str(find_one(self.client().share_types(), value, "share type").id)

    def share_network_id(self, value: str) -> str:
        """The id of the share network whose id or name is ``value``."""
        return str(find_one(self.client().share_networks(), value, "share network").id)

    def share_snapshot_id(self, value: str) -> str:
        """The id of the share snapshot whose id or name is ``value``."""
        return str(find_one(self.client().share_snapshots(), value, "share snapshot").id)

    def security_service_id(self, value: str) -> str:
        """The id of the security service whose id or name is ``value``."""
        return str(find_one(self.security_services(), value, "security service")["id"])
