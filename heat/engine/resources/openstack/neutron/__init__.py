"""Resources that are things in Neutron: networks, subnets, ports and security groups
(``OS::Neutron::*``), each one item of Neutron's API (see :mod:`.neutron_resource`)."""
