"""The Swift client plugin: openstacksdk's object-store proxy, the plain header-based
calls of Swift's API that containers are managed with, and the temporary URLs through which
servers signal heat or fetch their configuration without credentials."""

import hashlib
import hmac
import secrets
import time
from collections.abc import Iterable
from typing import Any
from urllib import parse

from keystoneauth1 import exceptions as ks_exceptions
from openstack import exceptions as sdk_exceptions

from heat.common import exception
from heat.common.i18n import _
from heat.engine.clients.sdk_plugin import SdkClientPlugin

# What a signal object holds until the server writes to it.
IN_PROGRESS = "in progress"
# The last second a 32-bit expiry can hold: "never expires" for a temporary URL.
MAX_EPOCH = 2147483647
# The answers of a busy or restarting Swift that swiftclient, upstream's client, tries again.
TRANSIENT_STATUSES = [500, 502, 503, 504]


class SwiftClientPlugin(SdkClientPlugin):
    """``client()`` is openstacksdk's object-store proxy acting as the context."""

    name = "swift"
    service_type = "object-store"
    proxy = "object_store"

    def retry_settings(self) -> dict[str, Any]:
        """A server error is tried again ``client_retry_limit`` times, as swiftclient does:
        a proxy that cannot reach its storage servers in time answers 503."""
        return {
            "object_store_status_code_retries": self.conf.client_retry_limit,
            "object_store_retriable_status_codes": TRANSIENT_STATUSES,
        }

    # -- temporary URLs (signals, configuration polled by servers) ------------------------

    def temp_url_key(self) -> str:
        """The account's temporary URL key (``X-Account-Meta-Temp-Url-Key``), set to a
        random one when the account has none yet."""
        key = self.client().get_account_metadata().meta_temp_url_key
        if not key:
            self.client().set_account_temp_url_key(secrets.token_hex(16))
            key = self.client().get_account_metadata().meta_temp_url_key
        return str(key)

    def object_path(self, container_name: str, obj_name: str) -> str:
        """``/v1/<account>/<container>/<object>``: the object's path on the Swift proxy."""
        account_path = parse.urlparse(self._endpoint()).path.rstrip("/")
        return "%s/%s/%s" % (account_path, container_name, obj_name)

    def _endpoint(self) -> str:
        endpoint = self.url()
        if not endpoint:
            raise ValueError("Swift has no endpoint in the catalog")
        return endpoint

    def get_temp_url(
        self, container_name: str, obj_name: str, timeout: int | None = None, method: str = "PUT"
    ) -> str:
        """A URL allowing ``method`` on the object to anyone for ``timeout`` seconds (for
        ever by default), signed with the account's key (HMAC-SHA256)."""
        path = self.object_path(container_name, obj_name)
        expires = MAX_EPOCH - 60 if timeout is None else int(time.time() + timeout)
        body = "%s\n%d\n%s" % (method, expires, path)
        signature = hmac.new(self.temp_url_key().encode(), body.encode(), hashlib.sha256)
        endpoint = parse.urlparse(self._endpoint())
        query = parse.urlencode(
            {"temp_url_sig": signature.hexdigest(), "temp_url_expires": expires}
        )
        return "%s://%s%s?%s" % (endpoint.scheme, endpoint.netloc, parse.quote(path), query)

    def get_signal_url(self, container_name: str, obj_name: str, timeout: int | None = None) -> str:
        """A PUT URL of a new object holding :data:`IN_PROGRESS`, in a container that keeps
        every version written to it (in the container itself), so that each PUT is one
        more signal."""
        self.client().create_container(container_name, versions_location=container_name)
        self.client().create_object(container_name, obj_name, data=IN_PROGRESS)
        return self.get_temp_url(container_name, obj_name, timeout)

    def is_valid_temp_url_path(self, path: str) -> bool:
        """Whether ``path`` is ``/v1/<account of the context's project>/<container>/<object>``
        with an object name that is not only slashes."""
        parts = path.split("/", 4)
        return (
            len(parts) == 5
            and not parts[0]
            and parts[1] == "v1"
            and parts[2].endswith(str(self.context.project_id))
            and bool(parts[3])
            and bool(parts[4].strip("/"))
        )

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

    def files_from_container(
        self, container: str, skipped: Iterable[str], limit: int
    ) -> dict[str, str]:
        """The text of every object of the container but the ``skipped`` names, by object
        name; DownloadLimitExceeded when the container holds more than ``limit`` bytes,
        NotFound (naming Swift's reason) when it cannot be read."""
        message = _("Could not fetch files from container %(container)s, reason: %(reason)s.")
        unavailable = self.unavailable_reason()
        if unavailable is not None:
            raise exception.NotFound(
                message=message % {"container": container, "reason": unavailable}
            )
        try:
            used = int(self.head_container(container).get("x-container-bytes-used", 0))
            if used > limit:
                message = _(
                    "Total size of files to download (%(size)s bytes) exceeds maximum "
                    "allowed (%(limit)s bytes)."
                ) % {"size": used, "limit": limit}
                raise exception.DownloadLimitExceeded(message=message)
            wanted = [name for name in self.object_names(container) if name not in skipped]
            return {
                name: self.request("GET", "%s/%s" % (container, name)).content.decode("utf-8")
                for name in wanted
            }
        except (sdk_exceptions.HttpException, ks_exceptions.ClientException) as error:
            reason = {"container": container, "reason": error}
            raise exception.NotFound(message=message % reason) from None

    def delete_object(self, container: str, name: str) -> None:
        self.request("DELETE", "%s/%s" % (container, name))

    def delete_container(self, container: str) -> None:
        self.request("DELETE", container)
