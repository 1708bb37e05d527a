"""``OS::Manila::ShareNetwork``: the Neutron network and subnet that Manila puts the share
servers of its shares on, and the security services they join. Everything changes in place:
security services are added and removed one by one."""

from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import attributes, constraints, function, properties, support
from heat.engine.resources.sdk_entity_resource import SdkEntityResource

PROPERTIES = (
    NAME,
    NEUTRON_NETWORK,
    NEUTRON_SUBNET,
    NOVA_NETWORK,
    DESCRIPTION,
    SECURITY_SERVICES,
) = (
    "name",
    "neutron_network",
    "neutron_subnet",
    "nova_network",
    "description",
    "security_services",
)
ATTRIBUTES = (SEGMENTATION_ID, CIDR, IP_VERSION, NETWORK_TYPE) = (
    "segmentation_id",
    "cidr",
    "ip_version",
    "network_type",
)
# Manila's names of the fields the properties fill.
NET_ID, SUBNET_ID, NOVA_NET_ID = "neutron_net_id", "neutron_subnet_id", "nova_net_id"


class ManilaShareNetwork(SdkEntityResource):
    """A Manila share network: where the share servers of the shares made on it get their
    addresses, and which security services they join.
    """

    support_status = support.SupportStatus(version="5.0.0")
    default_client_name = "manila"
    entity = "share_network"

    properties_schema = {
        NAME: properties.Schema(
            properties.Schema.STRING, _("Name of the share network."), update_allowed=True
        ),
        NEUTRON_NETWORK: properties.Schema(
            properties.Schema.STRING,
            _("Neutron network id."),
            update_allowed=True,
            constraints=[constraints.CustomConstraint("neutron.network")],
        ),
        NEUTRON_SUBNET: properties.Schema(
            properties.Schema.STRING,
            _("Neutron subnet id."),
            update_allowed=True,
            constraints=[constraints.CustomConstraint("neutron.subnet")],
        ),
        NOVA_NETWORK: properties.Schema(
            properties.Schema.STRING,
            _("Nova network id."),
            update_allowed=True,
            support_status=support.SupportStatus(
                status=support.HIDDEN,
                message=_("nova-network is no longer supported."),
                version="21.0.0",
            ),
        ),
        DESCRIPTION: properties.Schema(
            properties.Schema.STRING, _("Share network description."), update_allowed=True
        ),
        SECURITY_SERVICES: properties.Schema(
            properties.Schema.LIST,
            _("A list of security services IDs or names."),
            schema=properties.Schema(properties.Schema.STRING),
            update_allowed=True,
            default=[],
        ),
    }

    attributes_schema = {
        SEGMENTATION_ID: attributes.Schema(
            _("VLAN ID for VLAN networks or tunnel-id for GRE/VXLAN networks."),
            type=attributes.Schema.STRING,
        ),
        CIDR: attributes.Schema(_("CIDR of subnet."), type=attributes.Schema.STRING),
        IP_VERSION: attributes.Schema(_("Version of IP address."), type=attributes.Schema.STRING),
        NETWORK_TYPE: attributes.Schema(
            _("The physical mechanism by which the virtual network is implemented."),
            type=attributes.Schema.STRING,
        ),
    }

    def validate(self) -> None:
        """As upstream: no nova-network, a network needs its subnet, and the subnet must
        be one of the network's (checked once both are known: not while either is a
        resource of the stack still to be made)."""
        super().validate()
        if self.properties[NOVA_NETWORK]:
            raise exception.StackValidationFailed(message=_("Nova network is no longer supported"))
        network, subnet = self.properties[NEUTRON_NETWORK], self.properties[NEUTRON_SUBNET]
        if network and not subnet:
            raise exception.ResourcePropertyDependency(prop1=NEUTRON_NETWORK, prop2=NEUTRON_SUBNET)
        if not (
            network and subnet and self._known(NEUTRON_NETWORK) and self._known(NEUTRON_SUBNET)
        ):
            return
        if self._subnet(subnet).network_id != self._network_id(network):
            message = _("Provided %(subnet)s does not belong to provided %(network)s.") % {
                "subnet": NEUTRON_SUBNET,
                "network": NEUTRON_NETWORK,
            }
            raise exception.StackValidationFailed(message=message)

    def _known(self, name: str) -> bool:
        """Whether the property's value is known: it names no resource of the stack that
        has no physical id yet."""
        snippet = self.t.properties_snippet().get(name)
        for reference in function.dependencies(snippet):
            target = self.stack.resources.get(getattr(reference, "resource_name", None))
            if target is not None and target.resource_id is None:
                return False
        return True

    def _network_id(self, network: str) -> str:
        return str(self.client_plugin("neutron").find_resourceid_by_name_or_id("network", network))

    def _subnet(self, subnet: str) -> Any:
        return self.client_plugin("neutron").find_resource("subnet", subnet)

    def _neutron_ids(self, network: str | None, subnet: str | None) -> tuple[Any, Any]:
        """The ids of the network and subnet named or identified: the subnet's network
        when only the subnet is given."""
        if subnet is None:
            return (self._network_id(network) if network else None), None
        found = self._subnet(subnet)
        return (self._network_id(network) if network else found.network_id), found.id

    def _security_service_ids(self, names: list[str] | None) -> set[str]:
        plugin = self.client_plugin()
        return {plugin.security_service_id(name) for name in names or []}

    def _action(self, action: str, service_id: str) -> None:
        body = {action: {"security_service_id": service_id}}
        self.client_plugin().call("post", "/share-networks/%s/action" % self.resource_id, body)

    def handle_create(self) -> None:
        network, subnet = self._neutron_ids(
            self.properties[NEUTRON_NETWORK], self.properties[NEUTRON_SUBNET]
        )
        fields = {NAME: self.properties[NAME], DESCRIPTION: self.properties[DESCRIPTION]}
        fields.update({NET_ID: network, SUBNET_ID: subnet})
        made = self.client().create_share_network(
            **{key: value for key, value in fields.items() if value is not None}
        )
        self.resource_id_set(made.id)
        for service_id in sorted(self._security_service_ids(self.properties[SECURITY_SERVICES])):
            self._action("add_security_service", service_id)

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> None:
        """Remove the security services dropped, add the new ones, then send Manila the
        other changed fields."""
        changes = dict(prop_diff)
        if SECURITY_SERVICES in changes:
            old = self._security_service_ids(
                (self.previous_properties or self.properties)[SECURITY_SERVICES]
            )
            new = self._security_service_ids(changes.pop(SECURITY_SERVICES))
            for service_id in sorted(old - new):
                self._action("remove_security_service", service_id)
            for service_id in sorted(new - old):
                self._action("add_security_service", service_id)
        fields = {key: changes[key] for key in (NAME, DESCRIPTION) if key in changes}
        if changes.get(NEUTRON_NETWORK) or changes.get(NEUTRON_SUBNET):
            network, subnet = self._neutron_ids(
                changes.get(NEUTRON_NETWORK), changes.get(NEUTRON_SUBNET)
            )
            fields.update({NET_ID: network, SUBNET_ID: subnet})
        fields = {key: value for key, value in fields.items() if value is not None}
        if fields:
            self.client().update_share_network(self.resource_id, **fields)

    def check_delete_complete(self, token: Any) -> bool:
        """Whether the share network is gone."""
        return self._show_resource() is None

    def _show_resource(self) -> Any:
        """The share network as Manila shows it at microversion 2.13 (its subnet's fields
        at the top)."""
        if self.resource_id is None:
            return None
        path = "/share-networks/%s" % self.resource_id
        try:
            return self.client_plugin().call("get", path)["share_network"]
        except Exception as error:  # Manila's "not found" is a normal answer here
            self.client_plugin().ignore_not_found(error)
            return None

    def _resolve_attribute(self, name: str) -> Any:
        found = self._show_resource() or {}
        return found.get(name)

    def parse_live_resource_data(self, properties: Any, data: Any) -> dict[str, Any]:
        """Name, description, network, subnet and security services as Manila has them."""
        services = self.client_plugin().security_services(share_network_id=self.resource_id)
        return {
            NAME: data.get(NAME),
            DESCRIPTION: data.get(DESCRIPTION),
            NOVA_NETWORK: data.get(NOVA_NET_ID),
            NEUTRON_NETWORK: data.get(NET_ID),
            NEUTRON_SUBNET: data.get(SUBNET_ID),
            SECURITY_SERVICES: [service["id"] for service in services],
        }


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Manila::ShareNetwork": ManilaShareNetwork}
