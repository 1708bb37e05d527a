"""Resources that are things in Blazar (``OS::Blazar::*``): the compute hosts it reserves and
the leases that reserve them."""
