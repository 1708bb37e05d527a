"""Resources that are things in Ironic (``OS::Ironic::*``): the ports of bare metal nodes."""
