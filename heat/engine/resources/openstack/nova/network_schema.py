"""The schema of one item of ``OS::Nova::Server``'s ``networks``: a nic on a network (heat
makes its port), on a port given, or Nova's automatic allocation."""

from heat.common.i18n import _
from heat.engine import constraints, properties

Schema = properties.Schema

NIC_SCHEMA = {
    "allocate_network": Schema(
        Schema.STRING,
        _(
            "The special string values of network, auto: means either a network that is"
            " already available to the project will be used, or if one does not exist, "
            "will be automatically created for the project; none: means no networking "
            "will be allocated for the created server. Supported by Nova API since "
            'version "2.37". This property can not be used with other network keys.'
        ),
        update_allowed=True,
        constraints=[constraints.AllowedValues(["none", "auto"])],
    ),
    "fixed_ip": Schema(
        Schema.STRING,
        _("Fixed IP address to specify for the port created on the requested network."),
        constraints=[constraints.CustomConstraint("ip_addr")],
    ),
    "floating_ip": Schema(
        Schema.STRING,
        _("ID of the floating IP to associate."),
    ),
    "network": Schema(
        Schema.STRING,
        _("Name or ID of network to create a port on."),
        constraints=[constraints.CustomConstraint("neutron.network")],
    ),
    "port": Schema(
        Schema.STRING,
        _("ID of an existing port to associate with this server."),
        constraints=[constraints.CustomConstraint("neutron.port")],
    ),
    "port_extra_properties": Schema(
        Schema.MAP,
        _(
            "Dict, which has expand properties for port. Used only if port property is "
            "not specified for creating port."
        ),
        update_allowed=True,
        schema={
            "admin_state_up": Schema(
                Schema.BOOLEAN,
                _("The administrative state of this port."),
                default=True,
                update_allowed=True,
            ),
            "allowed_address_pairs": Schema(
                Schema.LIST,
                _("Additional MAC/IP address pairs allowed to pass through the port."),
                update_allowed=True,
                schema=Schema(
                    Schema.MAP,
                    schema={
                        "ip_address": Schema(
                            Schema.STRING,
                            _("IP address to allow through this port."),
                            required=True,
                            constraints=[constraints.CustomConstraint("ip_or_cidr")],
                        ),
                        "mac_address": Schema(
                            Schema.STRING,
                            _("MAC address to allow through this port."),
                            constraints=[constraints.CustomConstraint("mac_addr")],
                        ),
                    },
                ),
            ),
            "binding:vnic_type": Schema(
                Schema.STRING,
                _(
                    "The vnic type to be bound on the neutron port. To support SR-IOV "
                    "PCI passthrough networking, you can request that the neutron port "
                    "to be realized as normal (virtual nic), direct (pci passthrough), "
                    "or macvtap (virtual interface with a tap-like software interface)."
                    " Note that this only works for Neutron deployments that support "
                    "the bindings extension."
                ),
                default="normal",
                update_allowed=True,
                constraints=[
                    constraints.AllowedValues(
                        [
                            "normal",
                            "direct",
                            "macvtap",
                            "direct-physical",
                            "baremetal",
                            "virtio-forwarder",
                            "smart-nic",
                        ]
                    )
                ],
            ),
            "mac_address": Schema(
                Schema.STRING,
                _(
                    "MAC address to give to this port. The default update policy of "
                    "this property in neutron is that allow admin role only."
                ),
                constraints=[constraints.CustomConstraint("mac_addr")],
            ),
            "no_fixed_ips": Schema(
                Schema.BOOLEAN,
                _("Flag to disable all fixed ips on the port."),
                default=False,
                update_allowed=True,
            ),
            "port_security_enabled": Schema(
                Schema.BOOLEAN,
                _(
                    "Flag to enable/disable port security on the port. When disable "
                    "this feature(set it to False), there will be no packages "
                    "filtering, like security-group and address-pairs."
                ),
                update_allowed=True,
            ),
            "propagate_uplink_status": Schema(
                Schema.BOOLEAN,
                _("Flag to enable/disable propagate uplink status on the port."),
                update_allowed=True,
            ),
            "qos_policy": Schema(
                Schema.STRING,
                _("The name or ID of QoS policy to attach to this port."),
                update_allowed=True,
                constraints=[constraints.CustomConstraint("neutron.qos_policy")],
            ),
            "value_specs": Schema(
                Schema.MAP,
                _("Extra parameters to include in the request."),
                default={},
                update_allowed=True,
            ),
        },
    ),
    "subnet": Schema(
        Schema.STRING,
        _(
            "Subnet in which to allocate the IP address for port. Used for creating "
            "port, based on derived properties. If subnet is specified, network "
            "property becomes optional."
        ),
    ),
    "tag": Schema(
        Schema.STRING,
        _("Port tag. Heat ignores any update on this property as nova does not support it."),
    ),
    "uuid": Schema(
        Schema.STRING,
        _("ID of network to create a port on."),
        constraints=[constraints.CustomConstraint("neutron.network")],
    ),
}
