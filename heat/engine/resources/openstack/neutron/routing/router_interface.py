"""``OS::Neutron::RouterInterface``: a router's interface on a subnet or on a port.

Its physical id says both ends, ``<router id>:subnet_id=<id>`` or ``<router id>:port_id=<id>``
(ids of heat's before 2015 said ``<router id>:<subnet id>``), so that delete and check
need nothing else.
"""

from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import constraints, properties, support
from heat.engine.resources.openstack.neutron.neutron_resource import NeutronResource

ROUTER, SUBNET, PORT = "router", "subnet", "port"
ROUTER_ID, SUBNET_ID, PORT_ID = "router_id", "subnet_id", "port_id"


def _hidden(
    version: str, successor: str, deprecated: str, first: str | None
) -> support.SupportStatus:
    """Support status of a property old templates use instead of ``successor``."""
    oldest = support.SupportStatus(version=first) if first else None
    return support.SupportStatus(
        status=support.HIDDEN,
        version=version,
        previous_status=support.SupportStatus(
            status=support.DEPRECATED,
            version=deprecated,
            message=_("Use property %s.") % successor,
            previous_status=oldest,
        ),
    )


INTERFACE_PROPERTIES = {
    "port": properties.Schema(
        properties.Schema.STRING,
        _("The port, either subnet or port should be specified."),
        constraints=[constraints.CustomConstraint("neutron.port")],
    ),
    "router": properties.Schema(
        properties.Schema.STRING,
        _("The router."),
        required=True,
        constraints=[constraints.CustomConstraint("neutron.router")],
    ),
    "subnet": properties.Schema(
        properties.Schema.STRING,
        _("The subnet, either subnet or port should be specified."),
        constraints=[constraints.CustomConstraint("neutron.subnet")],
    ),
    "router_id": properties.Schema(
        properties.Schema.STRING,
        support_status=_hidden("6.0.0", ROUTER, "2015.1", "2013.1"),
        constraints=[constraints.CustomConstraint("neutron.router")],
    ),
    "subnet_id": properties.Schema(
        properties.Schema.STRING,
        support_status=_hidden("5.0.0", SUBNET, "2014.2", None),
        constraints=[constraints.CustomConstraint("neutron.subnet")],
    ),
    "port_id": properties.Schema(
        properties.Schema.STRING,
        support_status=_hidden("6.0.0", PORT, "2015.1", "2014.1"),
        constraints=[constraints.CustomConstraint("neutron.port")],
    ),
}


def parse_interface_id(physical_id: str) -> tuple[str, str, str]:
    """``(router id, "subnet_id" or "port_id", id)`` of an interface's physical id."""
    tokens = physical_id.replace("=", ":").split(":")
    if len(tokens) == 2:
        return tokens[0], SUBNET_ID, tokens[1]
    router_id, key, value = tokens
    return router_id, key, value


class RouterInterface(NeutronResource):
    """A router's interface: the router routes for the subnet (taking its gateway
    address) or through the port."""

    entity = "router"
    required_extension = "router"
    properties_schema = INTERFACE_PROPERTIES
    renamed_properties = {ROUTER_ID: ROUTER, SUBNET_ID: SUBNET, PORT_ID: PORT}

    def validate(self) -> None:
        """Exactly one of subnet and port."""
        super().validate()
        has_subnet = self.properties[SUBNET] is not None
        has_port = self.properties[PORT] is not None
        if has_subnet and has_port:
            raise exception.ResourcePropertyConflict(props=", ".join((SUBNET, PORT)))
        if not (has_subnet or has_port):
            raise exception.PropertyUnspecifiedError(props=", ".join((SUBNET, PORT)))

    def handle_create(self) -> None:
        router_id = self.neutron_id("router", self.properties[ROUTER])
        if self.properties[SUBNET] is not None:
            key, value = SUBNET_ID, self.neutron_id("subnet", self.properties[SUBNET])
        else:
            key, value = PORT_ID, self.neutron_id("port", self.properties[PORT])
        self.request("put", "/routers/%s/add_router_interface" % router_id, {key: value})
        self.resource_id_set("%s:%s=%s" % (router_id, key, value))

    def handle_delete(self) -> None:
        """Remove the interface; a router or interface already gone is not an error."""
        if self.resource_id is None:
            return
        router_id, key, value = parse_interface_id(self.resource_id)
        try:
            self.request("put", "/routers/%s/remove_router_interface" % router_id, {key: value})
        except Exception as error:  # Neutron's "not found" is a normal answer here
            self.client_plugin().ignore_not_found(error)

    def show_item(self) -> dict[str, Any]:
        """The router's port that is this interface; NotFound when there is none."""
        router_id, key, value = parse_interface_id(str(self.resource_id))
        if key == PORT_ID:
            port = self.request("get", "/ports/%s" % value)["port"]
            if port.get("device_id") == router_id:
                return port
        else:
            answer = self.request("get", "/ports?device_id=%s" % router_id)
            for port in answer["ports"]:
                if any(ip.get("subnet_id") == value for ip in port.get("fixed_ips") or []):
                    return port
        raise exception.EntityNotFound(
            entity="Router interface", name="%s of router %s" % (value, router_id)
        )

    def handle_check(self) -> None:
        """The router still has this interface."""
        self.show_item()

    def parse_live_resource_data(self, properties: Any, data: Any) -> dict[str, Any]:
        """Nothing of an interface changes in place."""
        return {}


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Neutron::RouterInterface": RouterInterface}
