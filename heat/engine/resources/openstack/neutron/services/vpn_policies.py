"""The policies of neutron-vpnaas that site connections use: ``OS::Neutron::IKEPolicy``
(phase 1) and ``OS::Neutron::IPsecPolicy`` (phase 2), items of ``/vpn/...``."""

from typing import Any

from heat.common.i18n import _
from heat.engine import attributes, constraints, properties
from heat.engine.resources.openstack.neutron.services.vpnservice import VPNItem

AUTH_ALGORITHM = "auth_algorithm"

# The choices and the lifetime map both policies offer, in OpenStack Heat 27's order.
AUTH_ALGORITHMS = ["sha1", "sha256", "sha384", "sha512", "aes-xcbc", "aes-cmac"]
_AES_MODES = ["%s-%d" % (mode, icv) for mode in ("ccm", "gcm") for icv in (8, 12, 16)]
ENCRYPTION_ALGORITHMS = [
    "3des",
    *("aes-%d" % bits for bits in (128, 192, 256)),
    *("aes-%d-%s" % (bits, mode) for mode in _AES_MODES for bits in (128, 192, 256)),
    *("aes-%d-ctr" % bits for bits in (128, 192, 256)),
]
PFS_GROUPS = ["group2", "group5", *("group%d" % number for number in range(14, 32))]
LIFETIME_SCHEMA = {
    "units": properties.Schema(
        properties.Schema.STRING,
        _("Safety assessment lifetime units."),
        default="seconds",
        constraints=[constraints.AllowedValues(["seconds", "kilobytes"])],
    ),
    "value": properties.Schema(
        properties.Schema.INTEGER,
        _("Safety assessment lifetime value in specified units."),
        default=3600,
    ),
}

IKE_PROPERTIES = {
    "auth_algorithm": properties.Schema(
        properties.Schema.STRING,
        _(
            "Authentication hash algorithm for the ike policy. Defaults to sha256 when the "
            "vpn-no-sha1-3des Neutron extension is enabled, otherwise sha1."
        ),
        default="sha1",
        update_allowed=True,
        constraints=[constraints.AllowedValues(AUTH_ALGORITHMS)],
    ),
    "description": properties.Schema(
        properties.Schema.STRING,
        _("Description for the ike policy."),
        update_allowed=True,
    ),
    "encryption_algorithm": properties.Schema(
        properties.Schema.STRING,
        _("Encryption algorithm for the ike policy."),
        default="aes-128",
        update_allowed=True,
        constraints=[constraints.AllowedValues(ENCRYPTION_ALGORITHMS)],
    ),
    "ike_version": properties.Schema(
        properties.Schema.STRING,
        _("Version for the ike policy."),
        default="v1",
        update_allowed=True,
        constraints=[constraints.AllowedValues(["v1", "v2"])],
    ),
    "lifetime": properties.Schema(
        properties.Schema.MAP,
        _("Safety assessment lifetime configuration for the ike policy."),
        update_allowed=True,
        schema=LIFETIME_SCHEMA,
    ),
    "name": properties.Schema(
        properties.Schema.STRING,
        _("Name for the ike policy."),
        update_allowed=True,
    ),
    "pfs": properties.Schema(
        properties.Schema.STRING,
        _("Perfect forward secrecy in lowercase for the ike policy."),
        default="group5",
        update_allowed=True,
        constraints=[constraints.AllowedValues(PFS_GROUPS)],
    ),
    "phase1_negotiation_mode": properties.Schema(
        properties.Schema.STRING,
        _("Negotiation mode for the ike policy."),
        default="main",
        constraints=[constraints.AllowedValues(["main"])],
    ),
}
IKE_ATTRIBUTES = {
    "auth_algorithm": attributes.Schema(
        _("The authentication hash algorithm used by the ike policy."),
        type=attributes.Schema.STRING,
    ),
    "description": attributes.Schema(
        _("The description of the ike policy."), type=attributes.Schema.STRING
    ),
    "encryption_algorithm": attributes.Schema(
        _("The encryption algorithm used by the ike policy."), type=attributes.Schema.STRING
    ),
    "ike_version": attributes.Schema(
        _("The version of the ike policy."), type=attributes.Schema.STRING
    ),
    "lifetime": attributes.Schema(
        _("The safety assessment lifetime configuration for the ike policy."),
        type=attributes.Schema.MAP,
    ),
    "name": attributes.Schema(_("The name of the ike policy."), type=attributes.Schema.STRING),
    "pfs": attributes.Schema(
        _("The perfect forward secrecy of the ike policy."), type=attributes.Schema.STRING
    ),
    "phase1_negotiation_mode": attributes.Schema(
        _("The negotiation mode of the ike policy."), type=attributes.Schema.STRING
    ),
    "tenant_id": attributes.Schema(
        _("The unique identifier of the tenant owning the ike policy."),
        type=attributes.Schema.STRING,
    ),
}
IPSEC_PROPERTIES = {
    "auth_algorithm": properties.Schema(
        properties.Schema.STRING,
        _(
            "Authentication hash algorithm for the ipsec policy. Defaults to sha256 when the "
            "vpn-no-sha1-3des Neutron extension is enabled, otherwise sha1."
        ),
        default="sha1",
        constraints=[constraints.AllowedValues(AUTH_ALGORITHMS)],
    ),
    "description": properties.Schema(
        properties.Schema.STRING,
        _("Description for the ipsec policy."),
        update_allowed=True,
    ),
    "encapsulation_mode": properties.Schema(
        properties.Schema.STRING,
        _("Encapsulation mode for the ipsec policy."),
        default="tunnel",
        constraints=[constraints.AllowedValues(["tunnel", "transport"])],
    ),
    "encryption_algorithm": properties.Schema(
        properties.Schema.STRING,
        _("Encryption algorithm for the ipsec policy."),
        default="aes-128",
        constraints=[constraints.AllowedValues(ENCRYPTION_ALGORITHMS)],
    ),
    "lifetime": properties.Schema(
        properties.Schema.MAP,
        _("Safety assessment lifetime configuration for the ipsec policy."),
        schema=LIFETIME_SCHEMA,
    ),
    "name": properties.Schema(
        properties.Schema.STRING,
        _("Name for the ipsec policy."),
        update_allowed=True,
    ),
    "pfs": properties.Schema(
        properties.Schema.STRING,
        _("Perfect forward secrecy for the ipsec policy."),
        default="group5",
        constraints=[constraints.AllowedValues(PFS_GROUPS)],
    ),
    "transform_protocol": properties.Schema(
        properties.Schema.STRING,
        _("Transform protocol for the ipsec policy."),
        default="esp",
        constraints=[constraints.AllowedValues(["esp", "ah", "ah-esp"])],
    ),
}
IPSEC_ATTRIBUTES = {
    "auth_algorithm": attributes.Schema(
        _("The authentication hash algorithm of the ipsec policy."), type=attributes.Schema.STRING
    ),
    "description": attributes.Schema(
        _("The description of the ipsec policy."), type=attributes.Schema.STRING
    ),
    "encapsulation_mode": attributes.Schema(
        _("The encapsulation mode of the ipsec policy."), type=attributes.Schema.STRING
    ),
    "encryption_algorithm": attributes.Schema(
        _("The encryption algorithm of the ipsec policy."), type=attributes.Schema.STRING
    ),
    "lifetime": attributes.Schema(
        _("The safety assessment lifetime configuration of the ipsec policy."),
        type=attributes.Schema.MAP,
    ),
    "name": attributes.Schema(_("The name of the ipsec policy."), type=attributes.Schema.STRING),
    "pfs": attributes.Schema(
        _("The perfect forward secrecy of the ipsec policy."), type=attributes.Schema.STRING
    ),
    "tenant_id": attributes.Schema(
        _("The unique identifier of the tenant owning the ipsec policy."),
        type=attributes.Schema.STRING,
    ),
    "transform_protocol": attributes.Schema(
        _("The transform protocol of the ipsec policy."), type=attributes.Schema.STRING
    ),
}


class VPNPolicy(VPNItem):
    """A policy whose authentication algorithm, left unset, is SHA-256 rather than the
    schema's SHA-1 when Neutron refuses SHA-1 (its ``vpn-no-sha1-3des`` extension)."""

    def create_body(self) -> dict[str, Any]:
        body = super().create_body()
        if self.properties.get_user_value(
            AUTH_ALGORITHM
        ) is None and self.client_plugin().has_extension("vpn-no-sha1-3des"):
            body[AUTH_ALGORITHM] = "sha256"
        return body


class IKEPolicy(VPNPolicy):
    """The IKE (phase 1) settings of site connections."""

    entity = "ikepolicy"
    collection = "ikepolicies"
    properties_schema = IKE_PROPERTIES
    attributes_schema = IKE_ATTRIBUTES


class IPsecPolicy(VPNPolicy):
    """The IPsec (phase 2) settings of site connections."""

    entity = "ipsecpolicy"
    collection = "ipsecpolicies"
    properties_schema = IPSEC_PROPERTIES
    attributes_schema = IPSEC_ATTRIBUTES


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Neutron::IKEPolicy": IKEPolicy, "OS::Neutron::IPsecPolicy": IPsecPolicy}
