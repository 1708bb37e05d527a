"""``OS::Trove::Cluster``: a Trove cluster of database instances of one datastore (type
and version), each of a flavor and volume size, on networks, in an availability zone.

Nothing of it changes in place. The create waits until every instance is ACTIVE (or
HEALTHY); the delete waits for Trove to finish what the cluster is doing, asks Trove to
delete it, and waits until Trove no longer has it.
"""

from typing import Any

from openstack import exceptions as sdk_exceptions

from heat.common.i18n import _
from heat.engine import attributes, constraints, properties, support
from heat.engine.clients.os.trove import CLUSTERS, item_path
from heat.engine.resource import Resource
from heat.engine.resources.openstack.trove import nics, status
from heat.engine.resources.openstack.trove.instance_schema import DATASTORE_VERSION_TEXT

Schema = properties.Schema
PROPERTIES = (NAME, DATASTORE_TYPE, DATASTORE_VERSION, INSTANCES) = (
    "name",
    "datastore_type",
    "datastore_version",
    "instances",
)
INSTANCE_KEYS = (FLAVOR, VOLUME_SIZE, NETWORKS, AVAILABILITY_ZONE) = (
    "flavor",
    "volume_size",
    "networks",
    "availability_zone",
)
ATTRIBUTES = (INSTANCES_ATTRIBUTE, IP) = ("instances", "ip")
# Trove's tasks of a cluster: doing nothing, and deleting it.
IDLE, DELETING = "NONE", "DELETING"

INSTANCE_SCHEMA = {
    FLAVOR: Schema(
        Schema.STRING,
        _("Flavor of the instance."),
        required=True,
        constraints=[constraints.CustomConstraint("trove.flavor")],
    ),
    VOLUME_SIZE: Schema(
        Schema.INTEGER,
        _("Size of the instance disk volume in GB."),
        required=True,
        constraints=[constraints.Range(1, 150)],
    ),
    NETWORKS: nics.schema(support_status=support.SupportStatus(version="10.0.0")),
    AVAILABILITY_ZONE: Schema(
        Schema.STRING,
        _("Name of the availability zone for DB instance."),
        support_status=support.SupportStatus(version="14.0.0"),
    ),
}


class TroveCluster(Resource):
    """A Trove cluster: database instances Trove runs together as one clustered datastore."""

    support_status = support.SupportStatus(version="2015.1")
    default_client_name = "trove"

    properties_schema = {
        NAME: Schema(
            Schema.STRING,
            _("Name of the cluster to create."),
            constraints=[constraints.Length(max=255)],
        ),
        DATASTORE_TYPE: Schema(
            Schema.STRING,
            _("Name of registered datastore type."),
            required=True,
            constraints=[constraints.Length(max=255)],
        ),
        DATASTORE_VERSION: Schema(
            Schema.STRING,
            DATASTORE_VERSION_TEXT,
            required=True,
            constraints=[constraints.Length(max=255)],
        ),
        INSTANCES: Schema(
            Schema.LIST,
            _("List of database instances."),
            required=True,
            schema=Schema(Schema.MAP, schema=INSTANCE_SCHEMA),
        ),
    }

    attributes_schema = {
        INSTANCES_ATTRIBUTE: attributes.Schema(
            _("A list of instances ids."), type=attributes.Schema.LIST
        ),
        IP: attributes.Schema(_("A list of cluster instance IPs."), type=attributes.Schema.LIST),
    }

    def validate(self) -> None:
        """The datastore is Trove's, and each network interface names a network or a port
        (not both)."""
        super().validate()
        self.client_plugin().validate_datastore(
            self.properties[DATASTORE_TYPE],
            self.properties[DATASTORE_VERSION],
            DATASTORE_TYPE,
            DATASTORE_VERSION,
        )
        for instance in self.properties[INSTANCES]:
            for nic in instance[NETWORKS]:
                nics.check(nic, both_conflict=True)

    def _instance_request(self, instance: dict[str, Any]) -> dict[str, Any]:
        """One instance of Trove's create: its flavor by id, networks and ports by id."""
        request: dict[str, Any] = {
            "flavorRef": self.client_plugin().find_flavor_by_name_or_id(instance[FLAVOR]),
            "volume": {"size": instance[VOLUME_SIZE]},
        }
        if instance[NETWORKS]:
            request["nics"] = nics.trove_nics(self.client_plugin("neutron"), instance[NETWORKS])
        if instance[AVAILABILITY_ZONE]:
            request["availability_zone"] = instance[AVAILABILITY_ZONE]
        return request

    def handle_create(self) -> str:
        body = {
            "name": self.properties[NAME] or self.physical_resource_name(),
            "datastore": {
                "type": self.properties[DATASTORE_TYPE],
                "version": self.properties[DATASTORE_VERSION],
            },
            "instances": [self._instance_request(item) for item in self.properties[INSTANCES]],
        }
        made = self.client_plugin().call("post", CLUSTERS, {"cluster": body})
        self.resource_id_set(made["cluster"]["id"])
        return str(self.resource_id)

    def _cluster(self) -> dict[str, Any] | None:
        """The cluster as Trove shows it now; None when Trove asks to slow down."""
        try:
            path = item_path(CLUSTERS, str(self.resource_id))
            return dict(self.client_plugin().call("get", path)["cluster"])
        except sdk_exceptions.HttpException as error:
            if self.client_plugin().is_over_limit(error):
                return None
            raise

    def check_create_complete(self, cluster_id: str) -> bool:
        """Whether every instance of the cluster is ready; ResourceInError when Trove
        failed to make one."""
        cluster = self._cluster()
        if cluster is None:
            return False
        members = cluster.get("instances") or []
        for member in members:
            status.check(member)
        return all(status.is_ready(member.get("status")) for member in members)

    def handle_delete(self) -> str | None:
        """Nothing yet: the delete is asked for once Trove is done with the cluster."""
        return None if self.resource_id is None else str(self.resource_id)

    def check_delete_complete(self, cluster_id: str | None) -> bool:
        """Whether Trove no longer has the cluster; the delete is sent when the cluster is
        idle (not again while Trove deletes it)."""
        if cluster_id is None:
            return True
        try:
            cluster = self._cluster()
            task = ((cluster or {}).get("task") or {}).get("name")
            if task == IDLE:
                self.client_plugin().call("delete", item_path(CLUSTERS, cluster_id))
        except sdk_exceptions.NotFoundException:
            return True
        return False

    def _show_resource(self) -> Any:
        if self.resource_id is None:
            return None
        try:
            answer = self.client_plugin().call("get", item_path(CLUSTERS, self.resource_id))
            return answer["cluster"]
        except sdk_exceptions.NotFoundException:
            return None

    def _resolve_attribute(self, name: str) -> Any:
        cluster = self._show_resource()
        if cluster is None:
            return None
        if name == INSTANCES_ATTRIBUTE:
            return [member["id"] for member in cluster.get("instances") or []]
        return cluster.get("ip")


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Trove::Cluster": TroveCluster}
