"""An ML2 mechanism driver for a lab without network agents: it binds every port.

Neutron's own drivers bind a port only on a host whose agent reported in; the lab runs
no agent, so servers' ports would stay unbound and Nova would refuse them. This driver
binds each port to the first segment offered, as Open vSwitch would (vif type ``ovs``),
and marks it ACTIVE since no agent will ever report it up.

It also brings a trunk driver: Neutron's trunk plugin refuses to start unless a driver
matching the mechanism drivers registers, and the lab's ports are wired by nobody.
"""

from neutron.services.trunk.drivers import base as trunk_base
from neutron_lib import constants
from neutron_lib.api.definitions import portbindings
from neutron_lib.plugins.ml2 import api
from neutron_lib.services.trunk import constants as trunk_constants


class BindEveryPortDriver(api.MechanismDriver):
    """Bind any port of any network type on any host."""

    def initialize(self):
        """Make the trunk driver, which registers itself once the trunk plugin starts."""
        self.trunk_driver = TrunkDriver(
            "heat_lab",
            (portbindings.VIF_TYPE_OVS,),
            (trunk_constants.SEGMENTATION_TYPE_VLAN,),
            can_trunk_bound_port=True,
        )

    def bind_port(self, context):
        """Bind the port to the first segment Neutron offers for it."""
        for segment in context.segments_to_bind:
            context.set_binding(
                segment[api.ID],
                portbindings.VIF_TYPE_OVS,
                {portbindings.CAP_PORT_FILTER: True},
                status=constants.PORT_STATUS_ACTIVE,
            )
            return


class TrunkDriver(trunk_base.DriverBase):
    """VLAN trunks on the ports this driver binds; agentless, so a trunk stays DOWN, as
    Neutron's API leaves one no agent has wired."""

    @property
    def is_loaded(self):
        return True
