"""Resource plugins for OpenStack services (``OS::*`` types), one package per service."""
