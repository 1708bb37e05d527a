"""Network address constraints: ``ip_addr``, ``ip_or_cidr``, ``mac_addr``, ``net_cidr``."""

from typing import Any

import netaddr
from oslo_utils import netutils

from heat.common.i18n import _
from heat.engine.constraints import BaseCustomConstraint


def _is_ip_address(value: Any) -> bool:
    """An IPv4 address in dotted-quad form or an IPv6 address, without whitespace."""
    if not isinstance(value, str) or value != value.strip():
        return False
    return netutils.is_valid_ipv4(value, strict=True) or netutils.is_valid_ipv6(value)


def _cidr_problem(value: Any) -> str | None:
    """Why ``value`` is not a subnet in CIDR notation, or None when it is one."""
    if not isinstance(value, str) or len(value.split()) != 1 or value != value.strip():
        return _("'%s' is not a valid IP subnet") % (value,)
    try:
        network = netaddr.IPNetwork(value)
    except (netaddr.AddrFormatError, ValueError, TypeError):
        return _("'%s' is not a valid IP subnet") % value
    if "/" not in value or (network.version == 4 and str(network) != value):
        return _("'%(value)s' isn't a recognized IP subnet cidr, '%(cidr)s' is recommended") % {
            "value": value,
            "cidr": network.cidr,
        }
    return None


class IPConstraint(BaseCustomConstraint):
    """``ip_addr``: an IPv4 or IPv6 address."""

    def validate(self, value: Any, context: Any) -> None:
        if not _is_ip_address(value):
            raise ValueError(_("Invalid IP address"))


class CIDRConstraint(BaseCustomConstraint):
    """``net_cidr``: a subnet such as ``10.0.0.0/24`` or ``2001:db8::/64``."""

    def validate(self, value: Any, context: Any) -> None:
        problem = _cidr_problem(value)
        if problem is not None:
            raise ValueError(problem)


class IPOrCIDRConstraint(BaseCustomConstraint):
    """``ip_or_cidr``: an IP address or a subnet in CIDR notation."""

    def validate(self, value: Any, context: Any) -> None:
        if not _is_ip_address(value) and _cidr_problem(value) is not None:
            raise ValueError(_("Invalid IP address or CIDR"))


class MACConstraint(BaseCustomConstraint):
    """``mac_addr``: a MAC address (``fa:16:3e:00:00:01`` and the other usual forms)."""

    def validate(self, value: Any, context: Any) -> None:
        if not isinstance(value, str) or not netaddr.valid_mac(value):
            raise ValueError(_("Invalid MAC address."))
