"""A tiny HTTP server answering as Magnum's API v1 does (with the Nova, Glance and Neutron
look-ups of fake_cloud.py): Magnum 2026.x has no in-tree cluster driver that can build a
cluster on this machine (its drivers boot real images through Heat), so a cluster could
never complete, and its types are tested at the HTTP boundary.

The bodies follow Magnum's API reference (container-infrastructure-management): a
cluster template is made at once (201, the template), patched with a JSON patch (200, the
template); a cluster create or update is accepted (202, ``{"uuid"}``) and built in the
background: it reports ``*_IN_PROGRESS`` to ``busy_polls`` reads, then ``outcome``
(``COMPLETE`` or ``FAILED`` with ``failure_reason``). A deleted cluster reports
``DELETE_IN_PROGRESS`` to ``busy_polls`` reads, then is gone (or ``DELETE_FAILED``).
Magnum looks items up by uuid or by name; errors are ``{"errors": [...]}``.
"""

import uuid
from typing import Any

from tests.unit.engine.resources.openstack.magnum.fake_cloud import FakeCloud, error

STAMP = "2026-01-01T00:00:00+00:00"
ROOT = "/magnum/v1"
TEMPLATE_DEFAULTS = {
    "labels": {},
    "tls_disabled": False,
    "public": False,
    "registry_enabled": False,
    "server_type": "vm",
    "master_lb_enabled": True,
    "floating_ip_enabled": True,
    "docker_storage_driver": "devicemapper",
}


class FakeMagnum(FakeCloud):
    """Magnum (``/magnum/v1``) and the look-ups of the other services."""

    def __init__(self) -> None:
        super().__init__()
        self.templates: dict[str, dict] = {}
        self.clusters: dict[str, dict] = {}
        self.busy_polls = 1
        self.outcome = "COMPLETE"
        self.failure_reason = "Resource CREATE failed: ResourceInError: resources.kube_masters"
        self.delete_fails = False
        self._polls: dict[str, int] = {}
        self.routes += [
            ("POST", ROOT + "/clustertemplates", self.create_template),
            ("GET", ROOT + "/clustertemplates/([^/]+)", self.show_template),
            ("PATCH", ROOT + "/clustertemplates/([^/]+)", self.patch_template),
            ("DELETE", ROOT + "/clustertemplates/([^/]+)", self.delete_template),
            ("POST", ROOT + "/clusters", self.create_cluster),
            ("GET", ROOT + "/clusters/([^/]+)", self.show_cluster),
            ("PATCH", ROOT + "/clusters/([^/]+)", self.patch_cluster),
            ("DELETE", ROOT + "/clusters/([^/]+)", self.delete_cluster),
        ]

    def magnum_requests(self, method: str | None = None) -> list[tuple]:
        """The requests made to Magnum (of ``method``), in order."""
        return self.requests_to(ROOT, method)

    def find(self, collection: dict, identifier: str) -> dict | None:
        """The item whose uuid or name is ``identifier``."""
        if identifier in collection:
            return collection[identifier]
        named = [item for item in collection.values() if item.get("name") == identifier]
        return named[0] if len(named) == 1 else None

    def add_template(self, name: str, **fields: Any) -> dict:
        """A cluster template Magnum has already."""
        template = {**TEMPLATE_DEFAULTS, "uuid": str(uuid.uuid4()), "name": name, **fields}
        self.templates[template["uuid"]] = template
        return template

    # -- cluster templates --------------------------------------------------------------

    def create_template(self, body: dict, query: dict) -> tuple[int, Any]:
        template = {**TEMPLATE_DEFAULTS, **body, "uuid": str(uuid.uuid4())}
        template.update(created_at=STAMP, updated_at=None, links=[])
        self.templates[template["uuid"]] = template
        return 201, template

    def show_template(self, body: Any, query: dict, identifier: str) -> tuple[int, Any]:
        template = self.find(self.templates, identifier)
        if template is None:
            return error(404, "ClusterTemplate %s could not be found." % identifier)
        return 200, template

    def patch_template(self, body: list, query: dict, identifier: str) -> tuple[int, Any]:
        template = self.find(self.templates, identifier)
        if template is None:
            return error(404, "ClusterTemplate %s could not be found." % identifier)
        for operation in body:
            template[operation["path"].lstrip("/")] = operation["value"]
        return 200, template

    def delete_template(self, body: Any, query: dict, identifier: str) -> tuple[int, Any]:
        template = self.find(self.templates, identifier)
        if template is None:
            return error(404, "ClusterTemplate %s could not be found." % identifier)
        if any(c["cluster_template_id"] == template["uuid"] for c in self.clusters.values()):
            message = "ClusterTemplate %s is referenced by one or multiple clusters."
            return error(400, message % identifier)
        del self.templates[template["uuid"]]
        return 204, None

    # -- clusters -------------------------------------------------------------------------

    def create_cluster(self, body: dict, query: dict) -> tuple[int, Any]:
        template = self.templates.get(body.get("cluster_template_id") or "")
        if template is None:
            return error(
                400, "ClusterTemplate %s could not be found." % body.get("cluster_template_id")
            )
        cluster_id = str(uuid.uuid4())
        self.clusters[cluster_id] = {
            **body,
            "uuid": cluster_id,
            "name": body.get("name") or "cluster-%s" % cluster_id[:8],
            "keypair": body.get("keypair") or template.get("keypair_id"),
            "status": "CREATE_IN_PROGRESS",
            "status_reason": None,
            "stack_id": str(uuid.uuid4()),
            "api_address": None,
            "coe_version": None,
            "container_version": None,
            "master_addresses": [],
            "node_addresses": [],
            "created_at": STAMP,
            "links": [],
        }
        self._polls[cluster_id] = 0
        return 202, {"uuid": cluster_id}

    def show_cluster(self, body: Any, query: dict, identifier: str) -> tuple[int, Any]:
        cluster = self.find(self.clusters, identifier)
        if cluster is None:
            return error(404, "Cluster %s could not be found." % identifier)
        action = cluster["status"].rpartition("_IN_PROGRESS")[0]
        if action:
            self._polls[cluster["uuid"]] += 1
            if self._polls[cluster["uuid"]] > self.busy_polls:
                return self._settle(cluster, action)
        return 200, cluster

    def _settle(self, cluster: dict, action: str) -> tuple[int, Any]:
        if action == "DELETE":
            if not self.delete_fails:
                del self.clusters[cluster["uuid"]]
                return error(404, "Cluster %s could not be found." % cluster["uuid"])
            cluster.update(status="DELETE_FAILED", status_reason="Stack DELETE failed")
            return 200, cluster
        cluster["status"] = "%s_%s" % (action, self.outcome)
        if self.outcome == "FAILED":
            cluster["status_reason"] = self.failure_reason
            return 200, cluster
        count = cluster["master_count"], cluster["node_count"]
        cluster.update(
            status_reason="Stack %s completed successfully" % action,
            api_address="https://172.24.4.6:6443",
            coe_version="v1.30.1",
            container_version="1.12.6",
            master_addresses=["172.24.4.%d" % (10 + n) for n in range(count[0])],
            node_addresses=["172.24.4.%d" % (20 + n) for n in range(count[1])],
        )
        return 200, cluster

    def patch_cluster(self, body: list, query: dict, identifier: str) -> tuple[int, Any]:
        cluster = self.find(self.clusters, identifier)
        if cluster is None:
            return error(404, "Cluster %s could not be found." % identifier)
        for operation in body:
            cluster[operation["path"].lstrip("/")] = operation["value"]
        cluster["status"] = "UPDATE_IN_PROGRESS"
        self._polls[cluster["uuid"]] = 0
        return 202, {"uuid": cluster["uuid"]}

    def delete_cluster(self, body: Any, query: dict, identifier: str) -> tuple[int, Any]:
        cluster = self.find(self.clusters, identifier)
        if cluster is None:
            return error(404, "Cluster %s could not be found." % identifier)
        cluster["status"] = "DELETE_IN_PROGRESS"
        self._polls[cluster["uuid"]] = 0
        return 204, None
