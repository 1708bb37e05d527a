"""The custom constraints that look a value up in Nova, Glance, Cinder, Neutron, Octavia,
Designate, Barbican, Zaqar, Manila, Mistral, Trove, Magnum, Ironic or Blazar.

Each asks the service's client plugin (of the clients kept on the request context) to find
the named or identified thing, a value found being remembered as the
``[constraint_validation_cache]`` options say; a service the context cannot use is HEAT-E99001
(``ConstraintServiceUnavailable``), which the validate API can be told to ignore.
"""

from typing import Any, ClassVar

from heat.common import exception
from heat.common.i18n import _
from heat.engine.clients import lookup_cache
from heat.engine.constraints import BaseCustomConstraint


class LookupConstraint(BaseCustomConstraint):
    """A value that ``getter`` of the client plugin of ``service`` resolves."""

    expected_exceptions: tuple[type[Exception], ...] = (
        exception.EntityNotFound,
        exception.PhysicalResourceNameAmbiguity,
    )
    service: ClassVar[str]
    getter: ClassVar[str]
    arguments: ClassVar[tuple[str, ...]] = ()

    def validate(self, value: Any, context: Any) -> None:
        clients: Any = getattr(context, "clients", None)
        if clients is None:
            reason = _("the request has no clients for other services")
        else:
            reason = clients.unavailable_reason(self.service)
        if reason is not None:
            raise exception.ConstraintServiceUnavailable(
                service_name=self.service, constraint=self.name, reason=reason
            )
        plugin = clients.client_plugin(self.service)
        key = lookup_cache.context_key(context, self.name, str(value))

        def look_up() -> bool:
            getattr(plugin, self.getter)(*self.arguments, value)
            return True

        lookup_cache.cached(clients.conf, "constraint_validation_cache", key, look_up)


class FlavorConstraint(LookupConstraint):
    service = "nova"
    getter = "get_flavor"


class ServerConstraint(LookupConstraint):
    service = "nova"
    getter = "get_server"


class KeypairConstraint(LookupConstraint):
    service = "nova"
    getter = "get_keypair"


class HostConstraint(LookupConstraint):
    service = "nova"
    getter = "get_host"


class ImageConstraint(LookupConstraint):
    service = "glance"
    getter = "get_image"


class VolumeConstraint(LookupConstraint):
    service = "cinder"
    getter = "get_volume"


class SnapshotConstraint(LookupConstraint):
    service = "cinder"
    getter = "get_volume_snapshot"


class BackupConstraint(LookupConstraint):
    service = "cinder"
    getter = "get_volume_backup"


class VolumeTypeConstraint(LookupConstraint):
    service = "cinder"
    getter = "get_volume_type"


class QoSSpecsConstraint(LookupConstraint):
    service = "cinder"
    getter = "get_qos_specs"


class BarbicanSecretConstraint(LookupConstraint):
    service = "barbican"
    getter = "get_secret_by_ref"


class BarbicanContainerConstraint(LookupConstraint):
    service = "barbican"
    getter = "get_container_by_ref"


class ManilaShareNetworkConstraint(LookupConstraint):
    service = "manila"
    getter = "share_network_id"


class ManilaShareTypeConstraint(LookupConstraint):
    service = "manila"
    getter = "share_type_id"


class ManilaShareSnapshotConstraint(LookupConstraint):
    service = "manila"
    getter = "share_snapshot_id"


class MistralWorkflowConstraint(LookupConstraint):
    service = "mistral"
    getter = "get_workflow"


class MagnumClusterTemplateConstraint(LookupConstraint):
    service = "magnum"
    getter = "get_cluster_template"


class IronicNodeConstraint(LookupConstraint):
    service = "ironic"
    getter = "get_node"


class IronicPortGroupConstraint(LookupConstraint):
    service = "ironic"
    getter = "get_portgroup"


class BlazarReservationConstraint(LookupConstraint):
    """A Blazar lease's id (as upstream, ``blazar.reservation`` looks up a lease)."""

    service = "blazar"
    getter = "get_lease"


class TroveFlavorConstraint(LookupConstraint):
    service = "trove"
    getter = "find_flavor_by_name_or_id"


class DesignateZoneConstraint(LookupConstraint):
    service = "designate"
    getter = "get_zone"


class NeutronConstraint(LookupConstraint):
    """A Neutron item of the kind ``arguments`` names (the neutron client plugin's
    ``find_resource``)."""

    service = "neutron"
    getter = "find_resource"


class NetworkConstraint(NeutronConstraint):
    arguments = ("network",)


class SubnetConstraint(NeutronConstraint):
    arguments = ("subnet",)


class PortConstraint(NeutronConstraint):
    arguments = ("port",)


class RouterConstraint(NeutronConstraint):
    arguments = ("router",)


class SecurityGroupConstraint(NeutronConstraint):
    arguments = ("security_group",)


class SubnetPoolConstraint(NeutronConstraint):
    arguments = ("subnetpool",)


class QoSPolicyConstraint(NeutronConstraint):
    arguments = ("qos_policy",)


class AddressScopeConstraint(NeutronConstraint):
    arguments = ("address_scope",)


class SegmentConstraint(NeutronConstraint):
    arguments = ("segment",)


class PortPairConstraint(NeutronConstraint):
    arguments = ("port_pair",)


class PortPairGroupConstraint(NeutronConstraint):
    arguments = ("port_pair_group",)


class FlowClassifierConstraint(NeutronConstraint):
    arguments = ("flow_classifier",)


class TapServiceConstraint(NeutronConstraint):
    arguments = ("tap_service",)


class TapFlowConstraint(NeutronConstraint):
    arguments = ("tap_flow",)


class OctaviaLoadBalancerConstraint(LookupConstraint):
    service = "octavia"
    getter = "get_loadbalancer"


class OctaviaListenerConstraint(LookupConstraint):
    service = "octavia"
    getter = "get_listener"


class OctaviaPoolConstraint(LookupConstraint):
    service = "octavia"
    getter = "get_pool"


class OctaviaL7PolicyConstraint(LookupConstraint):
    service = "octavia"
    getter = "get_l7policy"


class OctaviaFlavorConstraint(LookupConstraint):
    service = "octavia"
    getter = "get_flavor"


class OctaviaFlavorProfileConstraint(LookupConstraint):
    service = "octavia"
    getter = "get_flavorprofile"


class OctaviaAvailabilityZoneConstraint(LookupConstraint):
    service = "octavia"
    getter = "get_availabilityzone"


class OctaviaAvailabilityZoneProfileConstraint(LookupConstraint):
    service = "octavia"
    getter = "get_availabilityzoneprofile"


class ZaqarQueueConstraint(LookupConstraint):
    expected_exceptions = (ValueError, TypeError)
    service = "zaqar"
    getter = "get_queue"
