"""The Blazar client plugin: Blazar's REST API v1 (leases, compute hosts) spoken through a
keystoneauth adapter of the ``reservation`` service, with the bodies Blazar documents.

python-blazarclient would bring osc-lib and cliff for five requests; a lease or a host here
is the plain dict Blazar answers with (``{"lease": {...}}`` unwrapped).
"""

import re
from typing import Any
from urllib import parse

from keystoneauth1 import adapter
from openstack import exceptions as sdk_exceptions

from heat.common import exception
from heat.common.i18n import _
from heat.engine.clients.sdk_plugin import SdkClientPlugin

# Relative to Blazar's ``/v1`` root.
LEASES, HOSTS = "/leases", "/os-hosts"
# A catalog may name Blazar's root or its ``/v1``.
VERSION_SUFFIX = re.compile(r"/v1/?$")


def item_path(collection: str, identifier: str) -> str:
    """The path of one item (``/leases/<id>``) of a collection."""
    return "%s/%s" % (collection, parse.quote(identifier, safe=""))


def blazar_message(response: Any) -> str | None:
    """The ``error_message`` of a Blazar error answer (``{"error_code", "error_message",
    "error_name"}``), if it has one."""
    try:
        body = response.json()
    except ValueError:
        return None
    return (
        str(body["error_message"]) if isinstance(body, dict) and "error_message" in body else None
    )


class BlazarClientPlugin(SdkClientPlugin):
    """``client()`` is a keystoneauth adapter of Blazar's ``/v1`` root for the context."""

    name = "blazar"
    service_type = "reservation"

    def _create(self) -> adapter.Adapter:
        endpoint = self.url()
        if not endpoint:
            raise exception.Error(_("Blazar (reservation) is not in the service catalog."))
        return adapter.Adapter(
            session=self.session(),
            endpoint_override=VERSION_SUFFIX.sub("", endpoint.rstrip("/")) + "/v1",
            connect_retries=self.conf.client_retry_limit,
        )

    def call(self, method: str, path: str, body: Any = None) -> Any:
        """Blazar's answer to a request on ``path`` (``/leases``), decoded; an error answer is
        raised as openstacksdk's exception of its status, Blazar's message its details."""
        response = self.client().request(path, method.upper(), json=body, raise_exc=False)
        try:
            sdk_exceptions.raise_from_response(response)
        except sdk_exceptions.HttpException as error:
            error.details = blazar_message(response) or error.details
            raise
        return response.json() if response.content else None

    def has_host(self) -> bool:
        """Whether Blazar has any compute host to reserve."""
        return bool(self.call("get", HOSTS)["hosts"])

    def get_lease(self, lease_id: str) -> dict[str, Any]:
        """The lease ``lease_id``; EntityNotFound when Blazar has none (the
        ``blazar.reservation`` constraint, which takes a lease's id)."""
        try:
            return dict(self.call("get", item_path(LEASES, lease_id))["lease"])
        except sdk_exceptions.NotFoundException:
            raise exception.EntityNotFound(entity="Lease", name=lease_id) from None

    def create_lease(self, body: dict[str, Any]) -> dict[str, Any]:
        """Make a lease of ``body`` (name, dates, reservations, events)."""
        return dict(self.call("post", LEASES, body)["lease"])

    def get_host(self, host_id: str) -> dict[str, Any]:
        """The compute host ``host_id``, its extra capabilities among its keys."""
        return dict(self.call("get", item_path(HOSTS, host_id))["host"])

    def create_host(self, body: dict[str, Any]) -> dict[str, Any]:
        """Make Blazar's record of the Nova compute host ``body["name"]``, the other keys
        being its extra capabilities."""
        return dict(self.call("post", HOSTS, body)["host"])
