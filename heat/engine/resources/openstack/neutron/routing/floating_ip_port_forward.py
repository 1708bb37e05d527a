"""``OS::Neutron::FloatingIPPortForward``: a port of a floating IP (one associated with
no port) forwarded to a port and address of an internal port; an item of the floating
IP's ``port_forwardings``."""

from typing import Any

from heat.common.i18n import _
from heat.engine import constraints, properties, support
from heat.engine.resources.openstack.neutron.neutron_resource import NeutronResource
from heat.engine.resources.openstack.neutron.routing import router_requirements

FLOATING_IP, INTERNAL_PORT, INTERNAL_PORT_NUMBER = (
    "floating_ip",
    "internal_port",
    "internal_port_number",
)
# Neutron's keys for the internal port and its port number.
INTERNAL_PORT_ID_KEY, INTERNAL_PORT_NUMBER_KEY = "internal_port_id", "internal_port"
# The resource data naming the floating IP the port forwarding was made on.
FLOATINGIP_ID_KEY = "floatingip_id"


def _port_number(description: str, required: bool = False) -> properties.Schema:
    return properties.Schema(
        properties.Schema.INTEGER,
        description,
        required=required,
        update_allowed=True,
        constraints=[constraints.Range(min=1, max=65535)],
    )


PORT_FORWARD_PROPERTIES = {
    "external_port": _port_number(_("External port address to port forward from."), True),
    "floating_ip": properties.Schema(
        properties.Schema.STRING,
        _("Name or ID of the floating IP create port forwarding on."),
        required=True,
    ),
    "internal_ip_address": properties.Schema(
        properties.Schema.STRING,
        _("Internal IP address to port forwarded to."),
        required=True,
        update_allowed=True,
        constraints=[constraints.CustomConstraint("ip_addr")],
    ),
    "internal_port": properties.Schema(
        properties.Schema.STRING,
        _("Name or ID of the internal_ip_address port."),
        required=True,
        update_allowed=True,
        constraints=[constraints.CustomConstraint("neutron.port")],
    ),
    "internal_port_number": _port_number(_("Internal port number to port forward to.")),
    "protocol": properties.Schema(
        properties.Schema.STRING,
        _("Port protocol to forward."),
        required=True,
        update_allowed=True,
        constraints=[constraints.AllowedValues(["tcp", "udp", "icmp", "icmp6", "sctp", "dccp"])],
    ),
}


class FloatingIPPortForward(NeutronResource):
    """A port forwarding of a floating IP (named by address or id) to an internal port
    (named or identified)."""

    support_status = support.SupportStatus(version="19.0.0")
    entity = "port_forwarding"
    required_extension = "floating-ip-port-forwarding"
    properties_schema = PORT_FORWARD_PROPERTIES

    @classmethod
    def implied_requirements(cls, name: str, values: dict[str, Any], resources: Any) -> list[str]:
        """The template's router interfaces that may be on the subnet of the internal
        port."""
        return router_requirements.interfaces_reaching(values.get(INTERNAL_PORT), resources)

    def collection_path(self) -> str:
        """The port forwardings of the floating IP: the one recorded at create (a replaced
        copy is deleted with its successor's properties), else the one named."""
        floating_ip = self.data().get(FLOATINGIP_ID_KEY) or self.neutron_id(
            "floatingip", self.properties[FLOATING_IP]
        )
        return "/floatingips/%s/port_forwardings" % floating_ip

    def after_create(self) -> None:
        floating_ip = self.neutron_id("floatingip", self.properties[FLOATING_IP])
        self.data_set(FLOATINGIP_ID_KEY, str(floating_ip))

    def neutron_values(self, values: dict[str, Any]) -> dict[str, Any]:
        """The internal port by id and its port number under Neutron's keys; the floating
        IP is in the path, not the body."""
        values.pop(FLOATING_IP, None)
        port, number = values.pop(INTERNAL_PORT, None), values.pop(INTERNAL_PORT_NUMBER, None)
        if port is not None:
            values[INTERNAL_PORT_ID_KEY] = self.neutron_id("port", port)
        if number is not None:
            values[INTERNAL_PORT_NUMBER_KEY] = number
        return values

    def prepare_for_replace(self) -> None:
        """Delete the port forwarding before the replacement is made: Neutron refuses a
        second forwarding to the same internal address and port, on any floating IP."""
        self.handle_delete()
        self.resource_id_set(None)

    def parse_live_resource_data(self, properties: Any, data: Any) -> dict[str, Any]:
        """Neutron's ``internal_port`` is the port number, ``internal_port_id`` the port."""
        live = {
            key: data.get(key)
            for key in ("internal_ip_address", "external_port", "protocol")
            if key in data
        }
        live[INTERNAL_PORT] = data.get(INTERNAL_PORT_ID_KEY)
        live[INTERNAL_PORT_NUMBER] = data.get(INTERNAL_PORT_NUMBER_KEY)
        return live


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Neutron::FloatingIPPortForward": FloatingIPPortForward}
