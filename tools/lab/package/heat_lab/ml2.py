"""An ML2 mechanism driver for a lab without network agents: it binds every port.

Neutron's own drivers bind a port only on a host whose agent reported in; the lab runs
no agent, so servers' ports would stay unbound and Nova would refuse them. This driver
binds each port to the first segment offered, as Open vSwitch would (vif type ``ovs``),
and marks it ACTIVE since no agent will ever report it up.
"""

from neutron_lib import constants
from neutron_lib.api.definitions import portbindings
from neutron_lib.plugins.ml2 import api


class BindEveryPortDriver(api.MechanismDriver):
    """Bind any port of any network type on any host."""

    def initialize(self):
        """Nothing to set up: the driver keeps no state."""

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
