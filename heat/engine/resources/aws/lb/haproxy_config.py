"""The HAProxy configuration a load balancer's instance is given, as OpenStack Heat writes it.

Only the first listener counts and the frontend speaks HTTP whatever its ``Protocol``:
the simplifications of upstream's built-in load balancer, kept because the text lands in
the instance's metadata, where users and their templates read it.
"""

from collections.abc import Iterable, Mapping
from typing import Any

GLOBAL_SECTION = """
global
    daemon
    maxconn 256
    stats socket /tmp/.haproxy-stats

defaults
    mode http
    timeout connect 5000ms
    timeout client 50000ms
    timeout server 50000ms
"""
FRONTEND_SECTION = """
frontend http
    bind *:{port}
    default_backend servers
"""
BACKEND_SECTION = """
backend servers
    balance roundrobin
    option http-server-close
    option forwardfor
    option httpchk
{timeout}
"""
# What a member's address is when its server is gone or has none.
NO_ADDRESS = "0.0.0.0"


def render(
    listeners: list[Mapping[str, Any]],
    health_check: Mapping[str, Any] | None,
    addresses: Iterable[str | None],
) -> str:
    """The configuration balancing the first listener's port over ``addresses`` (one per
    member, None when unknown), checked as ``health_check`` says when given."""
    listener = listeners[0]
    timeout = ""
    check = ""
    if health_check:
        timeout = "    timeout check %ds" % int(health_check["Timeout"])
        check = " check inter %ss fall %s rise %s" % (
            health_check["Interval"],
            health_check["UnhealthyThreshold"],
            health_check["HealthyThreshold"],
        )
    servers = "\n".join(
        "    server server%d %s:%s%s"
        % (number, address or NO_ADDRESS, listener["InstancePort"], check)
        for number, address in enumerate(addresses, start=1)
    )
    return "%s%s%s%s\n" % (
        GLOBAL_SECTION,
        FRONTEND_SECTION.format(port=listener["LoadBalancerPort"]),
        BACKEND_SECTION.format(timeout=timeout),
        servers,
    )
