"""An Octavia network driver for the lab: Octavia's no-op driver, except that a load
balancer's VIP is a real Neutron port on the VIP subnet.

Subnets are read from Neutron too, so that their networks match the VIP's. With the no-op
driver alone the VIP port is an invented id and the address a fixed
documentation one, so a template's floating IP or security rule on the VIP port could
not be tested. The port is made as Octavia's own driver makes it (owner ``Octavia``,
down, in the load balancer's project) and deleted with the load balancer.
"""

from octavia.common import clients, data_models
from octavia.network.drivers.noop_driver.driver import NoopNetworkDriver

OWNER = "Octavia"


def _network():
    return clients.NeutronAuth.get_neutron_client().network


class RealVipNetworkDriver(NoopNetworkDriver):
    """No-op networking with VIP ports that exist."""

    def allocate_vip(self, loadbalancer):
        """A port on the VIP subnet (or network) unless the user gave one."""
        wanted = loadbalancer.vip
        if wanted is None or wanted.port_id:
            return super().allocate_vip(loadbalancer)
        network = _network()
        fixed_ip = {}
        network_id = wanted.network_id
        if wanted.subnet_id:
            fixed_ip["subnet_id"] = wanted.subnet_id
            network_id = network.get_subnet(wanted.subnet_id).network_id
        if wanted.ip_address:
            fixed_ip["ip_address"] = wanted.ip_address
        port = network.create_port(
            name="octavia-lb-%s" % loadbalancer.id,
            network_id=network_id,
            fixed_ips=[fixed_ip] if fixed_ip else None,
            device_owner=OWNER,
            device_id="lb-%s" % loadbalancer.id,
            project_id=loadbalancer.project_id,
            admin_state_up=False,
        )
        first = port.fixed_ips[0]
        vip = data_models.Vip(
            ip_address=first["ip_address"],
            subnet_id=first["subnet_id"],
            network_id=port.network_id,
            port_id=port.id,
            load_balancer_id=loadbalancer.id,
        )
        return vip, []

    def get_subnet(self, subnet_id, context=None):
        """The subnet with its real network: Octavia's member flows compare it with the
        VIP's network, which is real here."""
        subnet = super().get_subnet(subnet_id, context=context)
        found = _network().find_subnet(subnet_id, ignore_missing=True)
        if found is not None:
            subnet.network_id = found.network_id
        return subnet

    def deallocate_vip(self, vip):
        """Delete the VIP port this driver made; a user's port stays."""
        network = _network()
        port = network.find_port(vip.port_id) if vip.port_id else None
        if port is not None and port.device_owner == OWNER:
            network.delete_port(port.id, ignore_missing=True)
        super().deallocate_vip(vip)
