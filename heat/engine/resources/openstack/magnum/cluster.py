"""``OS::Magnum::Cluster``: a container orchestration cluster (Kubernetes...) that Magnum
builds from a cluster template, with a number of master and worker nodes.

Magnum builds and changes a cluster in the background: the create waits for
``CREATE_COMPLETE``, an update (node and master counts, discovery URL, create timeout:
a JSON patch) for ``UPDATE_COMPLETE``, a delete until Magnum no longer has the cluster.
A ``*_FAILED`` status fails the action with Magnum's reason (``DELETE_FAILED`` too,
where OpenStack Heat waits on until the stack's timeout). The attributes are the
cluster's fields as Magnum shows them.
"""

from typing import Any

from openstack import exceptions as sdk_exceptions

from heat.common import exception
from heat.common.i18n import _
from heat.engine import attributes, constraints, properties, support
from heat.engine.clients.os.magnum import CLUSTERS, item_path, replace_patch
from heat.engine.resource import Resource

Schema = properties.Schema
PROPERTIES = (
    NAME,
    CLUSTER_TEMPLATE,
    KEYPAIR,
    NODE_COUNT,
    MASTER_COUNT,
    DISCOVERY_URL,
    CREATE_TIMEOUT,
) = (
    "name",
    "cluster_template",
    "keypair",
    "node_count",
    "master_count",
    "discovery_url",
    "create_timeout",
)
# Magnum's statuses of a cluster still being built or changed, by the action waiting.
WAITING = {"CREATE": ("CREATE_IN_PROGRESS",), "UPDATE": ("UPDATE_IN_PROGRESS", "CREATE_COMPLETE")}
FAILED_MESSAGES = {
    "CREATE": _("Failed to create Cluster '%(name)s' - %(reason)s"),
    "UPDATE": _("Failed to update Cluster '%(name)s' - %(reason)s"),
}
UNKNOWN_MESSAGES = {
    "CREATE": _("Unknown status creating Cluster '%(name)s' - %(reason)s"),
    "UPDATE": _("Unknown status updating Cluster '%(name)s' - %(reason)s"),
}


def _attribute(description: str, kind: str = attributes.Schema.STRING) -> attributes.Schema:
    return attributes.Schema(description, type=kind)


class Cluster(Resource):
    """A Magnum cluster, built from a cluster template."""

    support_status = support.SupportStatus(version="9.0.0")
    default_client_name = "magnum"

    properties_schema = {
        NAME: Schema(Schema.STRING, _("The cluster name.")),
        CLUSTER_TEMPLATE: Schema(
            Schema.STRING,
            _("The name or ID of the cluster template."),
            constraints=[constraints.CustomConstraint("magnum.cluster_template")],
            required=True,
        ),
        KEYPAIR: Schema(
            Schema.STRING,
            _("The name of the keypair. If not presented, use keypair in cluster template."),
            constraints=[constraints.CustomConstraint("nova.keypair")],
        ),
        NODE_COUNT: Schema(
            Schema.INTEGER,
            _("The node count for this cluster."),
            constraints=[constraints.Range(min=1)],
            update_allowed=True,
            default=1,
        ),
        MASTER_COUNT: Schema(
            Schema.INTEGER,
            _("The number of master nodes for this cluster."),
            constraints=[constraints.Range(min=1)],
            update_allowed=True,
            default=1,
        ),
        DISCOVERY_URL: Schema(
            Schema.STRING,
            _("Specifies a custom discovery url for node discovery."),
            update_allowed=True,
        ),
        CREATE_TIMEOUT: Schema(
            Schema.INTEGER,
            _("Timeout for creating the cluster in minutes. Set to 0 for no timeout."),
            constraints=[constraints.Range(min=0)],
            update_allowed=True,
            default=60,
        ),
    }

    attributes_schema = {
        "api_address": _attribute(_("The endpoint URL of COE API exposed to end-users.")),
        "stack_id": _attribute(
            _("The reference UUID of orchestration stack for this COE cluster.")
        ),
        "coe_version": _attribute(
            _(
                "Version info of chosen COE in cluster for helping client in picking the right "
                "version of client."
            )
        ),
        "master_addresses": _attribute(
            _("List of floating IP of all master nodes."), attributes.Schema.LIST
        ),
        "status": _attribute(_("The status for this COE cluster.")),
        "master_count": _attribute(
            _("The number of servers that will serve as master for the cluster."),
            attributes.Schema.INTEGER,
        ),
        "node_addresses": _attribute(
            _("List of floating IP of all servers that serve as node."), attributes.Schema.LIST
        ),
        "status_reason": _attribute(_("The reason of cluster current status.")),
        "node_count": _attribute(
            _("The number of servers that will serve as node in the cluster."),
            attributes.Schema.INTEGER,
        ),
        "name": _attribute(_("Name of the resource.")),
        # OpenStack Heat's words, its typo included: clients see them.
        "container_version": _attribute(
            _(
                "Version info of constainer engine in the chosen COE in cluster for helping "
                "client in picking the right version of client."
            )
        ),
        "discovery_url": _attribute(_("The custom discovery url for node discovery.")),
        "cluster_template_id": _attribute(_("The UUID of the cluster template.")),
        "keypair": _attribute(_("The name of the keypair.")),
        "create_timeout": _attribute(
            _("The timeout for cluster creation in minutes."), attributes.Schema.INTEGER
        ),
    }

    def _get(self) -> dict[str, Any]:
        return dict(self.client_plugin().call("get", item_path(CLUSTERS, str(self.resource_id))))

    def _show_resource(self) -> Any:
        return self._get() if self.resource_id else {}

    def _resolve_attribute(self, name: str) -> Any:
        return self._get().get(name) if self.resource_id else None

    def handle_create(self) -> None:
        """Ask Magnum for the cluster (every property, the template by its uuid); Magnum
        answers with its uuid and builds it in the background."""
        plugin = self.client_plugin()
        body = {name: self.properties[name] for name in PROPERTIES if name != CLUSTER_TEMPLATE}
        body["cluster_template_id"] = plugin.cluster_template_id(self.properties[CLUSTER_TEMPLATE])
        self.resource_id_set(plugin.call("post", CLUSTERS, body)["uuid"])

    def check_create_complete(self, token: Any) -> bool:
        return self._settled("CREATE")

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> bool:
        """Patch the changed fields; whether there is a change to wait for."""
        if not prop_diff:
            return False
        path = item_path(CLUSTERS, str(self.resource_id))
        self.client_plugin().call("patch", path, replace_patch(prop_diff))
        return True

    def check_update_complete(self, changed: bool) -> bool:
        # As OpenStack Heat, CREATE_COMPLETE is read as Magnum not having started yet.
        return not changed or self._settled("UPDATE")

    def _settled(self, action: str) -> bool:
        """Whether Magnum is done with ``action``; ResourceInError with Magnum's reason
        when it failed, ResourceUnknownStatus for a status it should not have."""
        cluster = self._get()
        status = cluster.get("status")
        if status in WAITING[action]:
            return False
        if status == action + "_COMPLETE":
            return True
        values = {"name": self.name, "reason": cluster.get("status_reason")}
        if status == action + "_FAILED":
            raise exception.ResourceInError(
                status_reason=FAILED_MESSAGES[action] % values, resource_status=status
            )
        raise exception.ResourceUnknownStatus(
            status_reason=UNKNOWN_MESSAGES[action] % values, resource_status=status
        )

    def handle_delete(self) -> str | None:
        """Ask Magnum to delete the cluster; one gone already is fine."""
        if self.resource_id is None:
            return None
        try:
            self.client_plugin().call("delete", item_path(CLUSTERS, self.resource_id))
        except sdk_exceptions.NotFoundException:
            return None
        return self.resource_id

    def check_delete_complete(self, cluster_id: str | None) -> bool:
        """Whether Magnum no longer has the cluster; ResourceInError with Magnum's reason
        when it failed to delete it."""
        if cluster_id is None:
            return True
        try:
            cluster = self._get()
        except sdk_exceptions.NotFoundException:
            return True
        if cluster.get("status") == "DELETE_FAILED":
            raise exception.ResourceInError(
                status_reason=cluster.get("status_reason"), resource_status="DELETE_FAILED"
            )
        return False


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Magnum::Cluster": Cluster}
