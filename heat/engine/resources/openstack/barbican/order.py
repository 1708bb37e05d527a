"""``OS::Barbican::Order``: secret material Barbican generates on request — a symmetric
key (``key``), a key pair in a container (``asymmetric``), or a certificate
(``certificate``, where a certificate authority plugin serves it). The create waits until
Barbican has made it."""

from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import attributes, constraints, properties, support
from heat.engine.clients.os.barbican import ref_id
from heat.engine.resources.openstack.barbican.item import BarbicanItem, failure_details

PROPERTIES = (
    NAME,
    PAYLOAD_CONTENT_TYPE,
    MODE,
    EXPIRATION,
    ALGORITHM,
    BIT_LENGTH,
    TYPE,
    REQUEST_TYPE,
    SUBJECT_DN,
    SOURCE_CONTAINER_REF,
    CA_ID,
    PROFILE,
    REQUEST_DATA,
    PASS_PHRASE,
) = (
    "name",
    "payload_content_type",
    "mode",
    "expiration",
    "algorithm",
    "bit_length",
    "type",
    "request_type",
    "subject_dn",
    "source_container_ref",
    "ca_id",
    "profile",
    "request_data",
    "pass_phrase",
)
ATTRIBUTES = (
    STATUS,
    ORDER_REF,
    SECRET_REF,
    PUBLIC_KEY,
    PRIVATE_KEY,
    CERTIFICATE,
    INTERMEDIATES,
    CONTAINER_REF,
) = (
    "status",
    "order_ref",
    "secret_ref",
    "public_key",
    "private_key",
    "certificate",
    "intermediates",
    "container_ref",
)
ORDER_TYPES = (KEY, ASYMMETRIC, CERTIFICATE_ORDER) = ("key", "asymmetric", "certificate")
REQUEST_TYPES = ("stored-key", "simple-cmc", "custom")
# What each type of order may be given besides its type (as upstream checks).
ALLOWED = {
    KEY: (NAME, ALGORITHM, BIT_LENGTH, MODE, PAYLOAD_CONTENT_TYPE, EXPIRATION),
    ASYMMETRIC: (NAME, ALGORITHM, BIT_LENGTH, MODE, PASS_PHRASE, PAYLOAD_CONTENT_TYPE, EXPIRATION),
    CERTIFICATE_ORDER: (
        NAME,
        REQUEST_TYPE,
        SUBJECT_DN,
        SOURCE_CONTAINER_REF,
        CA_ID,
        PROFILE,
        REQUEST_DATA,
    ),
}
# The attributes that are the payload of a secret of the order's container.
PAYLOADS = (PUBLIC_KEY, PRIVATE_KEY, CERTIFICATE, INTERMEDIATES)
V5 = support.SupportStatus(version="5.0.0")


def _string(help_text: str, **options: Any) -> properties.Schema:
    return properties.Schema(properties.Schema.STRING, help_text, **options)


class Order(BarbicanItem):
    """A resource allowing for the generation secret material by Barbican.

    The order asks Barbican to generate a key, a key pair or a certificate, and keeps the
    history of that generation; the time it takes varies with what is asked.
    """

    support_status = support.SupportStatus(version="2014.2")
    collection = "orders"

    properties_schema = {
        NAME: _string(_("Human readable name for the secret.")),
        PAYLOAD_CONTENT_TYPE: _string(_("The type/format the secret data is provided in.")),
        EXPIRATION: _string(
            _("The expiration date for the secret in ISO-8601 format."),
            constraints=[constraints.CustomConstraint("expiration")],
        ),
        ALGORITHM: _string(
            _(
                "The algorithm type used to generate the secret. Required for key and "
                "asymmetric types of order."
            )
        ),
        BIT_LENGTH: properties.Schema(
            properties.Schema.INTEGER,
            _("The bit-length of the secret. Required for key and asymmetric types of order."),
        ),
        MODE: _string(_("The type/mode of the algorithm associated with the secret information.")),
        TYPE: _string(
            _("The type of the order."),
            constraints=[constraints.AllowedValues(ORDER_TYPES)],
            required=True,
            support_status=V5,
        ),
        REQUEST_TYPE: _string(
            _("The type of the certificate request."),
            support_status=V5,
            constraints=[constraints.AllowedValues(REQUEST_TYPES)],
        ),
        SUBJECT_DN: _string(_("The subject of the certificate request."), support_status=V5),
        SOURCE_CONTAINER_REF: _string(
            _("The source of certificate request."),
            support_status=V5,
            constraints=[constraints.CustomConstraint("barbican.container")],
        ),
        CA_ID: _string(_("The identifier of the CA to use."), support_status=V5),
        PROFILE: _string(_("The profile of certificate to use."), support_status=V5),
        REQUEST_DATA: _string(
            _("The content of the CSR. Only for certificate orders."), support_status=V5
        ),
        PASS_PHRASE: _string(
            _("The passphrase of the created key. Can be set only for asymmetric type of order."),
            support_status=V5,
        ),
    }

    attributes_schema = {
        STATUS: attributes.Schema(_("The status of the order."), type=attributes.Schema.STRING),
        ORDER_REF: attributes.Schema(_("The URI to the order."), type=attributes.Schema.STRING),
        SECRET_REF: attributes.Schema(
            _("The URI to the created secret."), type=attributes.Schema.STRING
        ),
        CONTAINER_REF: attributes.Schema(
            _("The URI to the created container."),
            support_status=V5,
            type=attributes.Schema.STRING,
        ),
        PUBLIC_KEY: attributes.Schema(
            _("The payload of the created public key, if available."),
            support_status=V5,
            type=attributes.Schema.STRING,
        ),
        PRIVATE_KEY: attributes.Schema(
            _("The payload of the created private key, if available."),
            support_status=V5,
            type=attributes.Schema.STRING,
        ),
        CERTIFICATE: attributes.Schema(
            _("The payload of the created certificate, if available."),
            support_status=V5,
            type=attributes.Schema.STRING,
        ),
        INTERMEDIATES: attributes.Schema(
            _("The payload of the created intermediates, if available."),
            support_status=V5,
            type=attributes.Schema.STRING,
        ),
    }

    def validate(self) -> None:
        """As upstream: a key or key pair needs its algorithm and bit length, a profile
        needs a CA, and each type takes only its own properties."""
        super().validate()
        order_type = self.properties[TYPE]
        if order_type != CERTIFICATE_ORDER:
            if self.properties[ALGORITHM] is None or self.properties[BIT_LENGTH] is None:
                message = _(
                    "Properties %(algorithm)s and %(bit_length)s are required for %(type)s "
                    "type of order."
                ) % {"algorithm": ALGORITHM, "bit_length": BIT_LENGTH, "type": order_type}
                raise exception.StackValidationFailed(message=message)
        elif self.properties[PROFILE] and not self.properties[CA_ID]:
            raise exception.ResourcePropertyDependency(prop1=PROFILE, prop2=CA_ID)
        given = {key for key, value in self.properties.items() if key != TYPE and value is not None}
        allowed = sorted(ALLOWED[order_type])
        unexpected = sorted(given - set(allowed))
        if unexpected:
            message = _(
                "Unexpected properties: %(unexpected)s. Only these properties are allowed "
                "for %(type)s type of order: %(allowed)s."
            ) % {
                "unexpected": ", ".join(unexpected),
                "type": order_type,
                "allowed": ", ".join(allowed),
            }
            raise exception.StackValidationFailed(message=message)

    def handle_create(self) -> str:
        meta = {
            key: value
            for key, value in self.properties.items()
            if key != TYPE and value is not None
        }
        return self.create_item({"type": self.properties[TYPE], "meta": meta})

    def failed(self, item: dict[str, Any]) -> None:
        message = _("Order '%(name)s' failed: %(code)s - %(reason)s")
        raise exception.Error(message % failure_details(item, self.name))

    def _resolve_attribute(self, name: str) -> Any:
        if self.resource_id is None:
            return None
        order = self.item()
        if name in PAYLOADS:
            return self._container_payload(order.get(CONTAINER_REF), name)
        return order.get(name)

    def _container_payload(self, container_ref: str | None, name: str) -> str | None:
        """The payload of the secret called ``name`` in the container the order made."""
        if not container_ref:
            return None
        plugin = self.client_plugin()
        container = plugin.show("containers", ref_id(container_ref))
        for entry in container.get("secret_refs") or []:
            if entry.get("name") == name:
                return plugin.payload(entry["secret_ref"])
        return None


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Barbican::Order": Order}
