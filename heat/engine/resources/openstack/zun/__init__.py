"""Resources that are things in Zun (``OS::Zun::*``): containers run by OpenStack's
container service."""
