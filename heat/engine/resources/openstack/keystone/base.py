"""The base of ``OS::Keystone::*`` resources: an item of keystoneclient's v3 client."""

from typing import Any, ClassVar

from heat.engine import support
from heat.engine.resources.entity_resource import EntityResource

V3_ONLY = "Supported versions: keystone v3"


def keystone_support(version: str) -> support.SupportStatus:
    """The support status of a Keystone resource type added in ``version``."""
    return support.SupportStatus(version=version, message=V3_ONLY)


class KeystoneResource(EntityResource):
    """``client()`` is keystoneclient's v3 client acting as the stack's context."""

    default_client_name: ClassVar[str | None] = "keystone"

    def client(self, name: str | None = None) -> Any:
        if name not in (None, "keystone"):
            return super().client(name)
        return self.client_plugin().identity
