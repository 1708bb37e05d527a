"""The native OpenStack orchestration REST API (``/v1``).

The ``*_filter`` callables are the filters OpenStack Heat's api-paste.ini names through
``heat.common.wsgi:filter_factory`` (``heat.api.openstack:version_negotiation_filter``, ...).
"""

from heat.api.middleware import fault, ssl, version_negotiation
from heat.common.wsgi import paste_compat

version_negotiation_filter = paste_compat.heat_filter(version_negotiation.VersionNegotiationFilter)
faultwrap_filter = paste_compat.heat_filter(fault.FaultWrapper)
sslmiddleware_filter = paste_compat.heat_filter(ssl.SSLMiddleware)
