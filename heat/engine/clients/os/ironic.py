"""The Ironic client plugin: Ironic's REST API v1 (ports, nodes, port groups) spoken through
a keystoneauth adapter of the ``baremetal`` service, with the bodies Ironic documents.

Every request asks for the microversion OpenStack Heat 27 asks for: python-ironicclient's
latest known one (its ``LATEST_VERSION``, 1.115 with the client Heat 27 ships), which is
also Ironic 39's maximum. A port, a node or a port group here is the plain dict Ironic
answers with.
"""

import re
from typing import Any
from urllib import parse

from keystoneauth1 import adapter
from openstack import exceptions as sdk_exceptions

from heat.common import exception
from heat.common.i18n import _
from heat.engine.clients.rest_plugin import RestClientPlugin

API_VERSION = "1.115"
VERSION_HEADER = "X-OpenStack-Ironic-API-Version"
# Relative to Ironic's ``/v1`` root.
PORTS, NODES, PORTGROUPS = "/ports", "/nodes", "/portgroups"
# A catalog may name Ironic's root or its ``/v1`` (python-ironicclient accepts both).
VERSION_SUFFIX = re.compile(r"/v1/?$")


def item_path(collection: str, identifier: str) -> str:
    """The path of one item (``/ports/<uuid>``) of a collection."""
    return "%s/%s" % (collection, parse.quote(identifier, safe=""))


def versioned_root(endpoint: str) -> str:
    """Ironic's ``/v1`` root under the catalog's ``endpoint``."""
    return VERSION_SUFFIX.sub("", endpoint.rstrip("/")) + "/v1"


class IronicClientPlugin(RestClientPlugin):
    """``client()`` is a keystoneauth adapter of Ironic's ``/v1`` root for the context,
    asking for microversion :data:`API_VERSION`."""

    name = "ironic"
    service_type = "baremetal"

    def _create(self) -> adapter.Adapter:
        endpoint = self.url()
        if not endpoint:
            raise exception.Error(_("Ironic (baremetal) is not in the service catalog."))
        return adapter.Adapter(
            session=self.session(),
            endpoint_override=versioned_root(endpoint),
            connect_retries=self.conf.client_retry_limit,
            additional_headers={VERSION_HEADER: API_VERSION},
        )

    def call(self, method: str, path: str, body: Any = None) -> Any:
        """Ironic's answer to a request on ``path`` (``/ports``), decoded; an error answer
        is raised as openstacksdk's exception of its status."""
        return self.send(method, path, json=body)

    def _find(self, collection: str, entity: str, identifier: str) -> dict[str, Any]:
        # Ironic takes a name where it takes a UUID: no listing needed.
        try:
            return dict(self.call("get", item_path(collection, identifier)))
        except sdk_exceptions.NotFoundException:
            raise exception.EntityNotFound(entity=entity, name=identifier) from None

    def get_node(self, identifier: str) -> str:
        """The UUID of the node named or identified by ``identifier``; EntityNotFound when
        Ironic has none (the ``ironic.node`` constraint)."""
        return str(self._find(NODES, "Node", identifier)["uuid"])

    def get_portgroup(self, identifier: str) -> str:
        """The UUID of the port group named or identified by ``identifier``; EntityNotFound
        when Ironic has none (the ``ironic.portgroup`` constraint)."""
        return str(self._find(PORTGROUPS, "PortGroup", identifier)["uuid"])
