"""The Swift client plugin: openstacksdk's object-store proxy, and the plain header-based
calls of Swift's API that containers are managed with."""

from typing import Any
from urllib import parse

from openstack import exceptions as sdk_exceptions

from heat.engine.clients.sdk_plugin import SdkClientPlugin


class SwiftClientPlugin(SdkClientPlugin):
    """``client()`` is openstacksdk's object-store proxy acting as the context."""

    name = "swift"
    service_type = "object-store"
    proxy = "object_store"

    # -- containers (volumes) ------------------------------------------------------------

    def account_url(self) -> str:
        """The URL of the context's Swift account (``.../v1/AUTH_<project>``)."""
        return str(self.client().get_endpoint()).rstrip("/")

    def request(self, method: str, path: str = "", **kwargs: Any) -> Any:
        """Swift's answer to ``method`` on ``path`` under the account; its HTTP errors
        raised as openstacksdk's exceptions (so ``is_not_found`` and the rest apply)."""
        url = self.account_url() + ("/" + parse.quote(path) if path else "")
        response = self.client().request(url, method, raise_exc=False, **kwargs)
        sdk_exceptions.raise_from_response(response)
        return response

    def put_container(self, container: str, headers: dict[str, str]) -> None:
        self.request("PUT", container, headers=headers)

    def post_account(self, headers: dict[str, str]) -> None:
        self.request("POST", headers=headers)

    def head_container(self, container: str) -> dict[str, str]:
        """The container's headers, names in lower case as Swift's clients give them."""
        response = self.request("HEAD", container)
        return {key.lower(): value for key, value in response.headers.items()}

    def object_names(self, container: str) -> list[str]:
        """The names of the container's objects (the first page of up to 10,000)."""
        response = self.request("GET", container, params={"format": "json"})
        return [item["name"] for item in response.json()]

    def delete_object(self, container: str, name: str) -> None:
        self.request("DELETE", "%s/%s" % (container, name))

    def delete_container(self, container: str) -> None:
        self.request("DELETE", container)
