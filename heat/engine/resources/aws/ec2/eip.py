"""``AWS::EC2::EIP`` and ``AWS::EC2::EIPAssociation``: public addresses for instances.

An EIP is a Neutron floating IP on the external network, bound to the first port of the
instance ``InstanceId`` names, if any; its reference is its address and its
``AllocationId`` the floating IP's id. An association binds an existing address (``EIP``,
or the floating IP ``AllocationId``) to an instance or to a port (``NetworkInterfaceId``);
an update moves the binding.
"""

from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import attributes, constraints, properties
from heat.engine.resource import Resource
from heat.engine.resources.aws.ec2 import floating_ips

Schema = properties.Schema

DOMAIN, INSTANCE_ID, EIP, ALLOCATION_ID, NETWORK_INTERFACE_ID = (
    "Domain",
    "InstanceId",
    "EIP",
    "AllocationId",
    "NetworkInterfaceId",
)


def _instance_id(description: str) -> Schema:
    return Schema(
        Schema.STRING,
        description,
        update_allowed=True,
        constraints=[constraints.CustomConstraint("nova.server")],
    )


class ElasticIp(Resource):
    """A floating IP of the external network, optionally bound to an instance."""

    default_client_name = "neutron"
    properties_schema = {
        DOMAIN: Schema(
            Schema.STRING,
            _('Set to "vpc" to have IP address allocation associated to your VPC.'),
            constraints=[constraints.AllowedValues(["vpc"])],
        ),
        INSTANCE_ID: _instance_id(_("Instance ID to associate with EIP.")),
    }
    attributes_schema = {
        ALLOCATION_ID: attributes.Schema(
            _(
                "ID that AWS assigns to represent the allocation of the address for use with "
                "Amazon VPC. Returned only for VPC elastic IP addresses."
            ),
            type=attributes.Schema.STRING,
        ),
    }

    def __init__(self, name: str, definition: Any, stack: Any):
        super().__init__(name, definition, stack)
        self._address: str | None = None

    def handle_create(self) -> None:
        network = self.client()
        made = network.create_ip(floating_network_id=floating_ips.external_network_id(network))
        self.resource_id_set(made.id)
        self._address = made.floating_ip_address
        instance_id = self.properties[INSTANCE_ID]
        if instance_id:
            port = floating_ips.server_port(network, instance_id)
            floating_ips.bind(network, made.id, port.id)

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> None:
        """Bind the address to the new instance (or to none)."""
        if INSTANCE_ID in prop_diff:
            network = self.client()
            instance_id = prop_diff[INSTANCE_ID]
            port = floating_ips.server_port(network, instance_id) if instance_id else None
            floating_ips.bind(network, str(self.resource_id), port.id if port else None)

    def handle_delete(self) -> None:
        if self.resource_id is not None:
            self.client().delete_ip(self.resource_id, ignore_missing=True)

    def address(self) -> str | None:
        """The public address (None before it is allocated, or once it is gone)."""
        if self.resource_id is None:
            return None
        if self._address is None:
            found = self.client().find_ip(self.resource_id, ignore_missing=True)
            self._address = str(found.floating_ip_address) if found is not None else None
        return self._address

    def get_reference_id(self) -> str | None:
        return self.address()

    def _resolve_attribute(self, name: str) -> Any:
        return str(self.resource_id) if name == ALLOCATION_ID else None


class ElasticIpAssociation(Resource):
    """The binding of an existing public address to an instance or a port."""

    default_client_name = "neutron"
    properties_schema = {
        INSTANCE_ID: _instance_id(
            _("Instance ID to associate with EIP specified by EIP property.")
        ),
        EIP: Schema(
            Schema.STRING,
            _("EIP address to associate with instance."),
            update_allowed=True,
            constraints=[constraints.CustomConstraint("ip_addr")],
        ),
        ALLOCATION_ID: Schema(
            Schema.STRING, _("Allocation ID for VPC EIP address."), update_allowed=True
        ),
        NETWORK_INTERFACE_ID: Schema(
            Schema.STRING, _("Network interface ID to associate with EIP."), update_allowed=True
        ),
    }

    def validate(self) -> None:
        super().validate()
        # What is given counts, not its value: one resource's attribute is not known
        # before that resource exists.
        given = {name for name, value in self.t.properties_snippet().items() if value}
        if (EIP in given) == (ALLOCATION_ID in given):
            message = _("Either 'EIP' or 'AllocationId' must be provided.")
            raise exception.StackValidationFailed(message=message)
        if EIP in given and INSTANCE_ID not in given:
            message = _("Must specify 'InstanceId' if you specify 'EIP'.")
            raise exception.StackValidationFailed(message=message)
        if INSTANCE_ID not in given and NETWORK_INTERFACE_ID not in given:
            names = ", ".join((INSTANCE_ID, NETWORK_INTERFACE_ID))
            raise exception.PropertyUnspecifiedError(props=names)

    def _floating_ip_id(self, values: Any) -> str:
        if values[EIP]:
            return str(floating_ips.by_address(self.client(), values[EIP]).id)
        return values[ALLOCATION_ID]

    def _binding(self, values: Any) -> tuple[str, str]:
        """``(floating IP id, port id)`` the property ``values`` ask for."""
        port_id = values[NETWORK_INTERFACE_ID]
        if not port_id:
            port_id = str(floating_ips.server_port(self.client(), values[INSTANCE_ID]).id)
        return self._floating_ip_id(values), port_id

    def handle_create(self) -> None:
        floating_ip_id, port_id = self._binding(self.properties)
        floating_ips.bind(self.client(), floating_ip_id, port_id)
        self.resource_id_set(self.properties[EIP] or floating_ip_id)

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> None:
        """Unbind the old address, bind the new one where the new properties say."""
        assert self.previous_properties is not None
        network = self.client()
        old_floating_ip = self._floating_ip_id(self.previous_properties)
        floating_ip_id, port_id = self._binding(self.properties)
        if old_floating_ip != floating_ip_id:
            floating_ips.bind(network, old_floating_ip, None)
        floating_ips.bind(network, floating_ip_id, port_id)
        self.resource_id_set(self.properties[EIP] or floating_ip_id)

    def handle_delete(self) -> None:
        if self.resource_id is None:
            return
        try:
            floating_ips.bind(self.client(), self._floating_ip_id(self.properties), None)
        except exception.NotFound:
            pass
        except Exception as error:
            self.client_plugin().ignore_not_found(error)

    def get_reference_id(self) -> str | None:
        """Its physical name once stored (its name before)."""
        return self.physical_resource_name() if self.id is not None else None


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"AWS::EC2::EIP": ElasticIp, "AWS::EC2::EIPAssociation": ElasticIpAssociation}
