"""Resources that are things in Nova: servers, and what they boot with (``OS::Nova::*``)."""
