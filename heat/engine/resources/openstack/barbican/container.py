"""Barbican containers, which group secrets by reference: ``OS::Barbican::GenericContainer``
(any secrets, each under a name of the template's), and the typed
``OS::Barbican::CertificateContainer`` and ``OS::Barbican::RSAContainer``, whose secrets'
names are their properties'."""

from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import attributes, constraints, properties, support
from heat.engine.resources.openstack.barbican.item import BarbicanItem, failure_details

NAME, SECRETS, REF = "name", "secrets", "ref"
ATTRIBUTES = (STATUS, CONTAINER_REF, SECRET_REFS, CONSUMERS) = (
    "status",
    "container_ref",
    "secret_refs",
    "consumers",
)
CERTIFICATE_REF, PRIVATE_KEY_REF = "certificate_ref", "private_key_ref"
PRIVATE_KEY_PASSPHRASE_REF, INTERMEDIATES_REF = "private_key_passphrase_ref", "intermediates_ref"
PUBLIC_KEY_REF = "public_key_ref"
_NAME_SCHEMA = properties.Schema(
    properties.Schema.STRING, _("Human-readable name for the container.")
)


def _secret_ref(help_text: str, required: bool = False) -> properties.Schema:
    return properties.Schema(
        properties.Schema.STRING,
        help_text,
        required=required,
        constraints=[constraints.CustomConstraint("barbican.secret")],
    )


class GenericContainer(BarbicanItem):
    """A resource for creating Barbican generic container.

    A generic container aggregates secrets of any type, as many as the user wishes.
    """

    support_status = support.SupportStatus(version="6.0.0")
    collection = "containers"
    container_type = "generic"

    properties_schema = {
        NAME: _NAME_SCHEMA,
        SECRETS: properties.Schema(
            properties.Schema.LIST,
            _("References to secrets that will be stored in container."),
            schema=properties.Schema(
                properties.Schema.MAP,
                schema={
                    NAME: properties.Schema(
                        properties.Schema.STRING, _("Name of the secret."), required=True
                    ),
                    REF: _secret_ref(_("Reference to the secret."), required=True),
                },
            ),
        ),
    }

    attributes_schema = {
        STATUS: attributes.Schema(_("The status of the container."), type=attributes.Schema.STRING),
        CONTAINER_REF: attributes.Schema(
            _("The URI to the container."), type=attributes.Schema.STRING
        ),
        SECRET_REFS: attributes.Schema(
            _("The URIs to secrets stored in container."), type=attributes.Schema.MAP
        ),
        CONSUMERS: attributes.Schema(
            _("The URIs to container consumers."), type=attributes.Schema.LIST
        ),
    }

    def secrets(self) -> dict[str, str]:
        """The container's secrets: ``{name: reference}``."""
        return {secret[NAME]: secret[REF] for secret in self.properties[SECRETS] or []}

    def _refs(self) -> list[str]:
        return [secret[REF] for secret in self.properties[SECRETS] or []]

    def validate(self) -> None:
        """No secret twice, as upstream."""
        super().validate()
        refs = self._refs()
        if len(refs) != len(set(refs)):
            raise exception.StackValidationFailed(message=_("Duplicate refs are not allowed."))

    def handle_create(self) -> str:
        body: dict[str, Any] = {
            "type": self.container_type,
            "secret_refs": [
                {"name": name, "secret_ref": ref} for name, ref in self.secrets().items()
            ],
        }
        if self.properties[NAME] is not None:
            body["name"] = self.properties[NAME]
        return self.create_item(body)

    def failed(self, item: dict[str, Any]) -> None:
        message = _("Container '%(name)s' creation failed: %(code)s - %(reason)s")
        raise exception.ResourceInError(
            status_reason=message % failure_details(item, self.name), resource_status="ERROR"
        )

    def _resolve_attribute(self, name: str) -> Any:
        if self.resource_id is None:
            return None
        container = self.item()
        if name == SECRET_REFS:
            # As upstream shows them: the references by the names of the container.
            return {entry["name"]: entry["secret_ref"] for entry in container.get(name) or []}
        return container.get(name)


class TypedContainer(GenericContainer):
    """A container whose secrets' names are those of its reference properties (without
    ``_ref``), as Barbican's typed containers name them."""

    def secrets(self) -> dict[str, str]:
        return {
            key[: -len("_ref")]: value
            for key, value in self.properties.items()
            if key != NAME and value is not None
        }

    def _refs(self) -> list[str]:
        return list(self.secrets().values())


class CertificateContainer(TypedContainer):
    """A resource for creating barbican certificate container.

    A certificate container stores the secrets that make a certificate: the certificate,
    its private key and passphrase, and its intermediates.
    """

    container_type = "certificate"

    properties_schema = {
        NAME: _NAME_SCHEMA,
        CERTIFICATE_REF: _secret_ref(_("Reference to certificate.")),
        PRIVATE_KEY_REF: _secret_ref(_("Reference to private key.")),
        PRIVATE_KEY_PASSPHRASE_REF: _secret_ref(_("Reference to private key passphrase.")),
        INTERMEDIATES_REF: _secret_ref(_("Reference to intermediates.")),
    }


class RSAContainer(TypedContainer):
    """A resource for creating barbican RSA container.

    An RSA container stores an RSA public key, private key and private key passphrase.
    """

    container_type = "rsa"

    properties_schema = {
        NAME: _NAME_SCHEMA,
        PRIVATE_KEY_REF: _secret_ref(_("Reference to private key.")),
        PRIVATE_KEY_PASSPHRASE_REF: _secret_ref(_("Reference to private key passphrase.")),
        PUBLIC_KEY_REF: _secret_ref(_("Reference to public key.")),
    }


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {
        "OS::Barbican::GenericContainer": GenericContainer,
        "OS::Barbican::CertificateContainer": CertificateContainer,
        "OS::Barbican::RSAContainer": RSAContainer,
    }
