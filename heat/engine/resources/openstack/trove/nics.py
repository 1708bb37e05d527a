"""The network interfaces (``networks``) of a Trove instance or of a cluster's instances:
their schema, the rule that each names a network or a port, and the ``nics`` Trove takes."""

from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import constraints, properties

Schema = properties.Schema
NIC_KEYS = (NETWORK, PORT, FIXED_IP) = ("network", "port", "fixed_ip")
EITHER = _("Either %(net)s or %(port)s must be provided.") % {"net": NETWORK, "port": PORT}
ONE_OF = _("Either %(port)s or %(net)s must be specified.") % {"port": PORT, "net": NETWORK}


def schema(**options: Any) -> Schema:
    """The ``networks`` property: a list of interfaces, each on a network or a port."""
    nic = {
        NETWORK: Schema(
            Schema.STRING,
            _("Name or UUID of the network to attach this NIC to. ") + ONE_OF,
            constraints=[constraints.CustomConstraint("neutron.network")],
        ),
        PORT: Schema(
            Schema.STRING,
            _("Name or UUID of Neutron port to attach this NIC to. ") + ONE_OF,
            constraints=[constraints.CustomConstraint("neutron.port")],
        ),
        FIXED_IP: Schema(
            Schema.STRING,
            _("Fixed IPv4 address for this NIC."),
            constraints=[constraints.CustomConstraint("ip_addr")],
        ),
    }
    return Schema(
        Schema.LIST,
        _("List of network interfaces to create on instance."),
        default=[],
        schema=Schema(Schema.MAP, schema=nic),
        **options,
    )


def check(nic: dict[str, Any], both_conflict: bool = False) -> None:
    """StackValidationFailed unless ``nic`` names a network or a port; one naming both is
    refused too, as ResourcePropertyConflict when ``both_conflict`` (a cluster's)."""
    has_network, has_port = nic.get(NETWORK) is not None, nic.get(PORT) is not None
    if has_network and has_port and both_conflict:
        raise exception.ResourcePropertyConflict(props=", ".join((NETWORK, PORT)))
    if has_network == has_port:
        raise exception.StackValidationFailed(message=EITHER)


def trove_nics(neutron: Any, networks: list[dict[str, Any]]) -> list[dict[str, str]]:
    """The ``nics`` of Trove's request for ``networks``: networks and ports by their ids
    (looked up in Neutron by name or id), with their fixed IPv4 address."""
    nics = []
    for nic in networks:
        found = {}
        if nic.get(NETWORK):
            found["net-id"] = neutron.find_resourceid_by_name_or_id("network", nic[NETWORK])
        if nic.get(PORT):
            found["port-id"] = neutron.find_resourceid_by_name_or_id("port", nic[PORT])
        if nic.get(FIXED_IP):
            found["v4-fixed-ip"] = nic[FIXED_IP]
        nics.append(found)
    return nics
