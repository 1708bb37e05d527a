"""Routers, their gateways, interfaces and extra routes, floating IPs and their port
forwardings, and the dependencies a router implies (:mod:`.router_requirements`)."""
