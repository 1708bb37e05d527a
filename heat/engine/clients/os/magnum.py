"""The Magnum client plugin: Magnum's REST API v1 (cluster templates, clusters) spoken
through a keystoneauth adapter of the ``container-infra`` service, with the bodies Magnum
documents; a cluster template or a cluster here is the plain dict Magnum answers with.

Requests say ``OpenStack-API-Version: container-infra 1.1``: OpenStack Heat 27 pins no
version (python-magnumclient then sends no header), so Magnum serves its base version,
1.1; naming it keeps the answers (``stack_id`` among them) the same on any Magnum.
python-magnumclient would bring its CLI's dependencies for a handful of requests.
"""

from typing import Any
from urllib import parse

from openstack import exceptions as sdk_exceptions

from heat.common import exception
from heat.engine.clients.rest_plugin import RestClientPlugin

# Relative to the catalog's endpoint, which is Magnum's versioned root (``.../v1``).
CLUSTER_TEMPLATES, CLUSTERS = "/clustertemplates", "/clusters"
VERSION_HEADERS = {"OpenStack-API-Version": "container-infra 1.1"}


def item_path(collection: str, identifier: str) -> str:
    """The path of one item (``/clusters/<uuid or name>``) of a collection."""
    return "%s/%s" % (collection, parse.quote(identifier, safe=""))


def replace_patch(changes: dict[str, Any]) -> list[dict[str, Any]]:
    """The JSON patch Magnum's PATCH takes to set the fields of ``changes``."""
    return [{"op": "replace", "path": "/" + key, "value": value} for key, value in changes.items()]


class MagnumClientPlugin(RestClientPlugin):
    """``client()`` is a keystoneauth adapter of the ``container-infra`` service for the
    context."""

    name = "magnum"
    service_type = "container-infra"

    def call(self, method: str, path: str, body: Any = None) -> Any:
        """Magnum's answer to a request on ``path`` (``/clusters``), decoded; its
        refusals raise openstacksdk's HTTP exceptions."""
        return self.send(method, path, json=body, headers=dict(VERSION_HEADERS))

    def get_cluster_template(self, value: str) -> dict[str, Any]:
        """The cluster template named or identified by ``value`` (Magnum takes either);
        EntityNotFound when there is none (the ``magnum.cluster_template`` constraint)."""
        try:
            return dict(self.call("get", item_path(CLUSTER_TEMPLATES, value)))
        except sdk_exceptions.NotFoundException:
            raise exception.EntityNotFound(entity="ClusterTemplate", name=value) from None

    def cluster_template_id(self, value: str) -> str:
        """The uuid of the cluster template named or identified by ``value``."""
        return str(self.get_cluster_template(value)["uuid"])
