"""Resources that are things in Swift (``OS::Swift::*``)."""
