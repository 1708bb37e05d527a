"""The Barbican client plugin: openstacksdk's key-manager proxy, Barbican's REST API spoken
with the bodies it documents, and secrets and containers named by their references."""

from typing import Any

from openstack import exceptions as sdk_exceptions

from heat.common import exception
from heat.engine.clients.sdk_plugin import SdkClientPlugin


def ref_id(ref: str) -> str:
    """The id a Barbican reference ends with (``http://.../v1/secrets/<id>``), or the
    value itself when it is an id already."""
    return ref.rstrip("/").rsplit("/", 1)[-1]


class BarbicanClientPlugin(SdkClientPlugin):
    """``client()`` is openstacksdk's key-manager proxy (Barbican API v1)."""

    name = "barbican"
    service_type = "key-manager"
    proxy = "key_manager"

    def call(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        """Barbican's answer to a request on ``path`` (``/secrets``), decoded."""
        response = getattr(self.client(), method)(path, json=body, raise_exc=False)
        sdk_exceptions.raise_from_response(response)
        return response.json() if response.content else None

    def show(self, collection: str, ref: str) -> dict[str, Any]:
        """The secret, container or order (``collection``) a reference names, as Barbican
        describes it; EntityNotFound when there is none."""
        try:
            return dict(self.call("get", "/%s/%s" % (collection, ref_id(ref))))
        except sdk_exceptions.NotFoundException:
            raise exception.EntityNotFound(entity=collection[:-1].capitalize(), name=ref) from None

    def payload(self, ref: str) -> str:
        """The decrypted payload of the secret a reference names."""
        path = "/secrets/%s/payload" % ref_id(ref)
        response = self.client().get(path, headers={"Accept": "*/*"}, raise_exc=False)
        sdk_exceptions.raise_from_response(response)
        return response.content.decode("utf-8", errors="replace")

    # -- references (custom constraints, properties naming other items) ------------------

    def get_secret_by_ref(self, ref: str) -> dict[str, Any]:
        return self.show("secrets", ref)

    def get_container_by_ref(self, ref: str) -> dict[str, Any]:
        return self.show("containers", ref)
