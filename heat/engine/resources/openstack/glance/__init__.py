"""Resources that are things in Glance (``OS::Glance::*``)."""
