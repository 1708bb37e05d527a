"""``OS::Barbican::Secret``: a secret Barbican stores (a key, a password, a certificate...),
its payload given by the template. Barbican never changes a secret: any change of
properties makes a new one."""

import base64
import binascii
from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import attributes, constraints, properties, support
from heat.engine.resources.openstack.barbican.item import BarbicanItem

PROPERTIES = (
    NAME,
    PAYLOAD,
    PAYLOAD_CONTENT_TYPE,
    PAYLOAD_CONTENT_ENCODING,
    MODE,
    EXPIRATION,
    ALGORITHM,
    BIT_LENGTH,
    SECRET_TYPE,
) = (
    "name",
    "payload",
    "payload_content_type",
    "payload_content_encoding",
    "mode",
    "expiration",
    "algorithm",
    "bit_length",
    "secret_type",
)
STATUS, DECRYPTED_PAYLOAD = "status", "decrypted_payload"
SECRET_TYPES = ("symmetric", "public", "private", "certificate", "passphrase", "opaque")
TEXT, OCTETS = "text/plain", "application/octet-stream"


class Secret(BarbicanItem):
    """The resource provides access to the secret/keying stored material.

    A secret stored in Barbican may be anything a user wishes to keep away from prying
    eyes: a private key, a password, a certificate.
    """

    support_status = support.SupportStatus(version="2014.2")
    collection = "secrets"

    properties_schema = {
        NAME: properties.Schema(properties.Schema.STRING, _("Human readable name for the secret.")),
        PAYLOAD: properties.Schema(
            properties.Schema.STRING, _("The unencrypted plain text of the secret.")
        ),
        SECRET_TYPE: properties.Schema(
            properties.Schema.STRING,
            _("The type of the secret."),
            constraints=[constraints.AllowedValues(SECRET_TYPES)],
            support_status=support.SupportStatus(version="5.0.0"),
            default="opaque",
        ),
        PAYLOAD_CONTENT_TYPE: properties.Schema(
            properties.Schema.STRING,
            _("The type/format the secret data is provided in."),
            constraints=[constraints.AllowedValues([TEXT, OCTETS])],
        ),
        PAYLOAD_CONTENT_ENCODING: properties.Schema(
            properties.Schema.STRING,
            _("The encoding format used to provide the payload data."),
            constraints=[constraints.AllowedValues(["base64"])],
        ),
        EXPIRATION: properties.Schema(
            properties.Schema.STRING,
            _("The expiration date for the secret in ISO-8601 format."),
            constraints=[constraints.CustomConstraint("expiration")],
        ),
        ALGORITHM: properties.Schema(
            properties.Schema.STRING, _("The algorithm type used to generate the secret.")
        ),
        BIT_LENGTH: properties.Schema(
            properties.Schema.INTEGER,
            _("The bit-length of the secret."),
            constraints=[constraints.Range(min=0)],
        ),
        MODE: properties.Schema(
            properties.Schema.STRING,
            _("The type/mode of the algorithm associated with the secret information."),
        ),
    }

    attributes_schema = {
        STATUS: attributes.Schema(_("The status of the secret."), type=attributes.Schema.STRING),
        DECRYPTED_PAYLOAD: attributes.Schema(
            _("The decrypted secret payload."), type=attributes.Schema.STRING
        ),
    }

    def validate(self) -> None:
        """As upstream: a content type needs a payload, binary content needs its base64
        encoding (and a payload that is base64), and an encoding needs binary content."""
        super().validate()
        content_type = self.properties[PAYLOAD_CONTENT_TYPE]
        encoding = self.properties[PAYLOAD_CONTENT_ENCODING]
        if content_type and not self.properties[PAYLOAD]:
            raise exception.ResourcePropertyDependency(prop1=PAYLOAD_CONTENT_TYPE, prop2=PAYLOAD)
        if content_type == OCTETS:
            self._validate_binary_payload(encoding)
        if encoding and content_type in (None, TEXT):
            raise exception.ResourcePropertyValueDependency(
                prop1=PAYLOAD_CONTENT_ENCODING, prop2=PAYLOAD_CONTENT_TYPE, value=OCTETS
            )

    def _validate_binary_payload(self, encoding: str | None) -> None:
        if not encoding:
            message = _(
                "Property unspecified. For '%(value)s' value of '%(prop1)s' property, "
                "'%(prop2)s' property must be specified."
            ) % {"value": OCTETS, "prop1": PAYLOAD_CONTENT_TYPE, "prop2": PAYLOAD_CONTENT_ENCODING}
            raise exception.StackValidationFailed(message=message)
        try:
            base64.b64decode(self.properties[PAYLOAD])
        except (binascii.Error, ValueError):
            message = _(
                "Invalid %(prop1)s for specified '%(value)s' value of '%(prop2)s' property."
            ) % {"prop1": PAYLOAD, "value": encoding, "prop2": PAYLOAD_CONTENT_ENCODING}
            raise exception.StackValidationFailed(message=message) from None

    def handle_create(self) -> str:
        fields = {key: value for key, value in self.properties.items() if value is not None}
        return self.create_item(fields)

    def check_create_complete(self, reference: str) -> bool:
        """A secret is stored by the time Barbican answers."""
        return True

    def _resolve_attribute(self, name: str) -> Any:
        if self.resource_id is None:
            return None
        if name == DECRYPTED_PAYLOAD:
            return self.client_plugin().payload(self.resource_id)
        if name == STATUS:
            return self.item().get("status")
        return None


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Barbican::Secret": Secret}
