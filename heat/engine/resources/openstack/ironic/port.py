"""``OS::Ironic::Port``: a port of an Ironic bare metal node, given by its hardware (MAC)
address, optionally in a port group, with its switch connection and PXE flag.

The node and port group are named or identified in the template and sent as their UUIDs.
Everything changes in place, through a JSON patch of the port; a property taken out of the
template is removed from the port (``pxe_enabled`` goes back to Ironic's default, true),
since Ironic refuses a null for it.
"""

from typing import Any

from openstack import exceptions as sdk_exceptions

from heat.common.i18n import _
from heat.engine import attributes, constraints, properties, support
from heat.engine.clients.os.ironic import PORTS, item_path
from heat.engine.resource import Resource

Schema = properties.Schema
PROPERTIES = (
    NODE,
    ADDRESS,
    PORTGROUP,
    LOCAL_LINK_CONNECTION,
    PXE_ENABLED,
    PHYSICAL_NETWORK,
    EXTRA,
    IS_SMARTNIC,
) = (
    "node",
    "address",
    "portgroup",
    "local_link_connection",
    "pxe_enabled",
    "physical_network",
    "extra",
    "is_smartnic",
)
ATTRIBUTES = (NODE_UUID, PORTGROUP_UUID, INTERNAL_INFO) = (
    "node_uuid",
    "portgroup_uuid",
    "internal_info",
)
# Ironic's field of a property, where the name differs.
FIELDS = {NODE: NODE_UUID, PORTGROUP: PORTGROUP_UUID}
# The value a property taken out of the template gives a non-nullable field of Ironic's.
IRONIC_DEFAULTS = {PXE_ENABLED: True}

LINK_DESCRIPTION = _(
    "The Port binding profile. If specified, must contain switch_id (only a MAC address or an "
    "OpenFlow based datapath_id of the switch are accepted in this field) and port_id "
    "(identifier of the physical port on the switch to which node's port is connected to) "
    "fields. switch_info is an optional string field to be used to store any "
    "vendor-specific information."
)
ADDRESS_DESCRIPTION = _(
    "Physical hardware address of this network Port, typically the hardware MAC address."
)
PXE_DESCRIPTION = _("Indicates whether PXE is enabled or disabled on the Port.")
NETWORK_DESCRIPTION = _(
    "The name of the physical network to which a port is connected. May be empty."
)
EXTRA_DESCRIPTION = _("A set of one or more arbitrary metadata key and value pairs.")
SMARTNIC_DESCRIPTION = _("Indicates whether the Port is a Smart NIC port.")


def _property(kind: str, description: str, **options: Any) -> properties.Schema:
    return Schema(kind, description, update_allowed=True, **options)


def _attribute(description: str, kind: str) -> attributes.Schema:
    return attributes.Schema(description, type=kind)


class Port(Resource):
    """An Ironic port: a node's network interface, by its physical (MAC) address; every
    port belongs to a node."""

    support_status = support.SupportStatus(version="13.0.0")
    default_client_name = "ironic"

    properties_schema = {
        NODE: _property(
            Schema.STRING,
            _("UUID or name of the Node this resource belongs to."),
            required=True,
            constraints=[constraints.CustomConstraint("ironic.node")],
        ),
        ADDRESS: _property(Schema.STRING, ADDRESS_DESCRIPTION, required=True),
        PORTGROUP: _property(
            Schema.STRING,
            _("UUID or name of the Portgroup this resource belongs to."),
            constraints=[constraints.CustomConstraint("ironic.portgroup")],
        ),
        LOCAL_LINK_CONNECTION: _property(Schema.MAP, LINK_DESCRIPTION),
        PXE_ENABLED: _property(Schema.BOOLEAN, PXE_DESCRIPTION),
        PHYSICAL_NETWORK: _property(Schema.STRING, NETWORK_DESCRIPTION),
        EXTRA: _property(Schema.MAP, EXTRA_DESCRIPTION),
        IS_SMARTNIC: _property(Schema.BOOLEAN, SMARTNIC_DESCRIPTION),
    }

    attributes_schema = {
        ADDRESS: _attribute(ADDRESS_DESCRIPTION, attributes.Schema.STRING),
        NODE_UUID: _attribute(
            _("UUID of the Node this resource belongs to."), attributes.Schema.STRING
        ),
        PORTGROUP_UUID: _attribute(
            _("UUID of the Portgroup this resource belongs to."), attributes.Schema.STRING
        ),
        LOCAL_LINK_CONNECTION: _attribute(LINK_DESCRIPTION, attributes.Schema.MAP),
        PXE_ENABLED: _attribute(PXE_DESCRIPTION, attributes.Schema.BOOLEAN),
        PHYSICAL_NETWORK: _attribute(NETWORK_DESCRIPTION, attributes.Schema.STRING),
        INTERNAL_INFO: _attribute(
            _("Internal metadata set and stored by the Port. This field is read-only."),
            attributes.Schema.MAP,
        ),
        EXTRA: _attribute(EXTRA_DESCRIPTION, attributes.Schema.MAP),
        IS_SMARTNIC: _attribute(SMARTNIC_DESCRIPTION, attributes.Schema.BOOLEAN),
    }

    def _field_value(self, name: str, value: Any) -> Any:
        """What Ironic's field of property ``name`` is given for ``value``: a node or port
        group as its UUID."""
        if value is None:
            return None
        if name == NODE:
            return self.client_plugin().get_node(value)
        if name == PORTGROUP:
            return self.client_plugin().get_portgroup(value)
        return value

    def handle_create(self) -> str:
        """Make the port of the properties that have values (Ironic refuses a null
        ``pxe_enabled``)."""
        body = {
            FIELDS.get(name, name): self._field_value(name, self.properties[name])
            for name in PROPERTIES
            if self.properties[name] is not None
        }
        port = self.client_plugin().call("post", PORTS, body)
        self.resource_id_set(port["uuid"])
        return str(port["uuid"])

    def check_create_complete(self, port_id: str) -> bool:
        """Done once Ironic shows the port."""
        return self._port(port_id) is not None

    def _operation(self, name: str, value: Any) -> dict[str, Any]:
        path = "/" + FIELDS.get(name, name)
        if value is None and name not in IRONIC_DEFAULTS:
            return {"op": "remove", "path": path}
        if value is None:
            value = IRONIC_DEFAULTS[name]
        return {"op": "replace", "path": path, "value": self._field_value(name, value)}

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> None:
        """Patch the port's fields of the changed properties."""
        if prop_diff and self.resource_id is not None:
            patch = [self._operation(name, value) for name, value in sorted(prop_diff.items())]
            self.client_plugin().call("patch", item_path(PORTS, self.resource_id), patch)

    def handle_delete(self) -> str | None:
        """Delete the port; one gone already is fine."""
        if self.resource_id is None:
            return None
        try:
            self.client_plugin().call("delete", item_path(PORTS, self.resource_id))
        except sdk_exceptions.NotFoundException:
            return None
        return self.resource_id

    def check_delete_complete(self, port_id: str | None) -> bool:
        """Done once Ironic no longer shows the port."""
        return port_id is None or self._port(port_id) is None

    def _port(self, port_id: str | None) -> dict[str, Any] | None:
        if port_id is None:
            return None
        try:
            return dict(self.client_plugin().call("get", item_path(PORTS, port_id)))
        except sdk_exceptions.NotFoundException:
            return None

    def _show_resource(self) -> dict[str, Any]:
        return self._port(self.resource_id) or {}

    def _resolve_attribute(self, name: str) -> Any:
        return self._show_resource().get(name)


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Ironic::Port": Port}
